import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface StationPhotosTable {
  photo_pk: Generated<number>;
  charge_box_pk: number;
  uid: Generated<string>;
  name: string;
  mime_type: 'image/jpeg' | 'image/png';
  size_bytes: number;
  file_name: string;
  created_at: CreatedAt;
}

export type BindStatus = 'ACCEPTED' | 'NOT_REQUESTED';

export interface StationUserBindingsTable {
  charge_box_pk: number;
  user_pk: number;
  owner: Generated<boolean>;
  bind_status: ColumnType<BindStatus, BindStatus | undefined, BindStatus>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type ReportKind =
  | 'XLSX_CHARGEPOINTS'
  | 'ASSESSMENT_UNIFIED'
  | 'ASSESSMENT_USERS'
  | 'XLSX_TRANSACTIONS'
  | 'XLSX_OCPP_TAGS'
  | 'XLSX_USERS'
  | 'XLSX_FINANCIAL';

export interface ReportDownloadsTable {
  report_download_pk: Generated<number>;
  tenant_pk: number;
  user_pk: number | null;
  kind: ReportKind;
  downloaded_at: CreatedAt;
}

/** Tables of the stations administration (photos, private-station access, report downloads). */
export interface StationTables {
  station_photos: StationPhotosTable;
  station_user_bindings: StationUserBindingsTable;
  report_downloads: ReportDownloadsTable;
}
