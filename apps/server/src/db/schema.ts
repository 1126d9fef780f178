import type { ColumnType, Generated } from 'kysely';

/** Timestamps: written as Date or ISO string, read as Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface TenantsTable {
  tenant_pk: Generated<number>;
  parent_tenant_pk: number | null;
  path: Generated<string>;
  name: string;
  alias: string;
  theme: Generated<string>;
  country: Generated<string>;
  currency: Generated<string>;
  language: Generated<string>;
  api_key: string;
  sms_enabled: Generated<boolean>;
  tenant_device_reader: Generated<boolean>;
  invoicing_enabled: Generated<boolean>;
  station_limit: number | null;
  user_limit: number | null;
  monthly_report_limit: number | null;
  logo_url: string | null;
  /** kg CO2 per kWh of the tenant's grid; null: its country's default (contracts/stats gridFactorFor). */
  grid_co2_kg_per_kwh: number | null;
  /** IANA zone of the tenant's wall-clock (dynamic pricing windows); null: its country's (migration 0019). */
  time_zone: Generated<string | null>;
  created_at: CreatedAt;
}

export interface TenantHostsTable {
  host: string;
  tenant_pk: number;
  terms_of_use_url: string | null;
  deep_link_host: string | null;
}

export interface AccessProfilesTable {
  profile_pk: Generated<number>;
  tenant_pk: number | null;
  name: string;
  description: string | null;
}

export interface AccessProfileEntriesTable {
  entry_pk: Generated<number>;
  profile_pk: number;
  route: string | null;
  role_id: string | null;
  status: Generated<boolean>;
}

export interface UsersTable {
  user_pk: Generated<number>;
  tenant_pk: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: Generated<string>;
  phone: string | null;
  doc_type: string | null;
  doc_number: string | null;
  external_id: string | null;
  active: Generated<boolean>;
  profile_pk: number | null;
  role_label: Generated<string>;
  notification_offline_cp: Generated<boolean>;
  sex: string | null;
  birth_date: ColumnType<Date | null, string | null | undefined, string | null>;
  /** The driver's car, as the driver app registers it (migration 0017). */
  car_brand: string | null;
  car_model: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  session_id: Generated<string>;
  user_pk: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  attempt_pk: Generated<number>;
  email_lc: string;
  ip: string;
  success: boolean;
  attempted_at: CreatedAt;
}

export interface PasswordResetCodesTable {
  reset_pk: Generated<number>;
  user_pk: number;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
}

export type RecoveryCounterKind = 'send_email' | 'send_client' | 'check_email' | 'check_client';

export interface RecoveryCountersTable {
  kind: RecoveryCounterKind;
  key: string;
  window_start: Timestamp;
  count: number;
  /** Migration 0040: when the key was last counted. */
  last_at: Date | null;
}

export interface CaptchaSolutionsTable {
  signature: string;
  expires_at: Timestamp;
}

export interface JobLeasesTable {
  name: string;
  owner: string;
  lease_until: Timestamp;
  last_run_at: Timestamp | null;
  last_error: string | null;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: CreatedAt;
}

export interface CoreTables {
  settings: SettingsTable;
  tenants: TenantsTable;
  tenant_hosts: TenantHostsTable;
  access_profiles: AccessProfilesTable;
  access_profile_entries: AccessProfileEntriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  password_reset_codes: PasswordResetCodesTable;
  recovery_counters: RecoveryCountersTable;
  captcha_solutions: CaptchaSolutionsTable;
  schema_migrations: SchemaMigrationsTable;
  job_leases: JobLeasesTable;
}
