import type { ColumnType, Generated } from 'kysely';

/** The QR page's tables (migration 0027_qrcode.sql); the repository adds them with `withTables`. */
// A type alias (not an interface): `withTables` needs an index-compatible record.
export type QrCodeTables = {
  qrcode_settings: {
    tenant_pk: number;
    token: string;
    guest_ocpp_tag_pk: number | null;
    created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  qrcode_throttle: {
    bucket: string;
    window_start: ColumnType<Date, Date | string, Date | string>;
    hits: Generated<number>;
  };
};
