import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint / numeric columns are read as numbers (db/database.ts type parsers). */
type Big = ColumnType<number, number | string, number | string>;
type BigDefault = ColumnType<number, number | string | undefined, number | string>;

export type VoucherKindColumn = 'PERCENT_RECHARGE' | 'MONEY_RECHARGE' | 'KWH_RECHARGE';
export type VoucherExpireTypeColumn = 'EXPIRATION_DATE' | 'USES_PER_USER';

/** A voucher (migration 0025). Its status is derived, never stored. */
export interface VouchersTable {
  voucher_pk: Generated<number>;
  tenant_pk: number;
  code: string;
  title: string;
  description: string;
  kind: VoucherKindColumn;
  /** MONEY: minor units; KWH: Wh; null for PERCENT. */
  amount: Big | null;
  /** PERCENT: fraction (0.2 = 20 %); null otherwise. */
  fraction: Big | null;
  units: number;
  start_at: Timestamp;
  expire_at: Timestamp;
  active: Generated<boolean>;
  expire_type: ColumnType<VoucherExpireTypeColumn, VoucherExpireTypeColumn | undefined, VoucherExpireTypeColumn>;
  uses_per_user: Generated<number>;
  all_charge_boxes: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface VoucherChargeBoxesTable {
  voucher_pk: number;
  charge_box_pk: number;
}

/** One user's copy of a voucher. */
export interface VoucherUsersTable {
  voucher_user_pk: Generated<number>;
  voucher_pk: number;
  user_pk: number;
  uses: Generated<number>;
  /** MONEY: minor units; KWH: Wh; PERCENT: 0. */
  value_used: BigDefault;
  /** Minor units. */
  discount_total: BigDefault;
  created_at: CreatedAt;
}

/** One recharge a voucher paid (part of). */
export interface VoucherUsesTable {
  voucher_use_pk: Generated<number>;
  voucher_pk: number;
  voucher_user_pk: number;
  user_pk: number;
  transaction_pk: number;
  recharge_amount: Big;
  amount_discounted: Big;
  value_used: Big;
  balance_after: Big;
  used_at: CreatedAt;
  refunded_at: Timestamp | null;
}

/** Tables of the vouchers area. */
export interface VoucherTables {
  vouchers: VouchersTable;
  voucher_charge_boxes: VoucherChargeBoxesTable;
  voucher_users: VoucherUsersTable;
  voucher_uses: VoucherUsesTable;
}
