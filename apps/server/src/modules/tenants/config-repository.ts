import type { Executor } from '../../db/db';
import type { TenantLogosTable } from '../../db/schema-tenant-settings';

/** The tenant columns /config shows. */
const SETTINGS_COLUMNS = [
  'tenant_pk',
  'name',
  'theme',
  'country',
  'currency',
  'language',
  'brand_name',
  'logo_url',
  'primary_color',
  'dark_color',
  'terms_of_use_url',
  'support_email',
  'grid_co2_kg_per_kwh',
  'time_zone',
  'log_retention_days',
  'station_limit',
  'user_limit',
  'monthly_report_limit',
  'module_monetization',
  'module_vouchers',
  'module_smart_charging',
] as const;

export function settingsRow(db: Executor, tenantPk: number) {
  return db.selectFrom('tenants').select(SETTINGS_COLUMNS).where('tenant_pk', '=', tenantPk).executeTakeFirstOrThrow();
}

/**
 * The tenant's settings under a row lock until the transaction ends: every /config write of a
 * tenant starts here, so concurrent writes take turns and each audits what it really replaced.
 */
export function lockSettings(db: Executor, tenantPk: number) {
  return db.selectFrom('tenants').select(SETTINGS_COLUMNS).where('tenant_pk', '=', tenantPk).forUpdate().executeTakeFirstOrThrow();
}

export interface SettingsValues {
  brand_name: string | null;
  primary_color: string | null;
  dark_color: string | null;
  terms_of_use_url: string | null;
  support_email: string | null;
  grid_co2_kg_per_kwh: number | null;
  time_zone: string | null;
  log_retention_days: number;
}

export async function updateSettings(db: Executor, tenantPk: number, values: SettingsValues): Promise<void> {
  await db.updateTable('tenants').set(values).where('tenant_pk', '=', tenantPk).execute();
}

/** What the network uses of its plan: stations (not deleted), users, report downloads since `monthStart`. */
export async function usage(db: Executor, tenantPk: number, monthStart: Date) {
  const [stations, users, reports] = await Promise.all([
    db
      .selectFrom('charge_boxes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_pk', '=', tenantPk)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_pk', '=', tenantPk)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('report_downloads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_pk', '=', tenantPk)
      .where('downloaded_at', '>=', monthStart)
      .executeTakeFirstOrThrow(),
  ]);
  return { stations: Number(stations.n), users: Number(users.n), reportsThisMonth: Number(reports.n) };
}

/* ------------------------------------------------------------------ logo */

export function logoVersion(db: Executor, tenantPk: number) {
  return db.selectFrom('tenant_logos').select(['version']).where('tenant_pk', '=', tenantPk).executeTakeFirst();
}

export async function saveLogo(
  db: Executor,
  tenantPk: number,
  logo: { mediaType: TenantLogosTable['media_type']; bytes: Buffer; version: string; url: string },
): Promise<void> {
  const values = { media_type: logo.mediaType, bytes: logo.bytes, version: logo.version, updated_at: new Date() };
  await db
    .insertInto('tenant_logos')
    .values({ tenant_pk: tenantPk, ...values })
    .onConflict((oc) => oc.column('tenant_pk').doUpdateSet(values))
    .execute();
  await db.updateTable('tenants').set({ logo_url: logo.url }).where('tenant_pk', '=', tenantPk).execute();
}

export async function deleteLogo(db: Executor, tenantPk: number): Promise<void> {
  await db.deleteFrom('tenant_logos').where('tenant_pk', '=', tenantPk).execute();
  await db.updateTable('tenants').set({ logo_url: null }).where('tenant_pk', '=', tenantPk).execute();
}

/** The bytes of a tenant's uploaded logo of this version (an older version's address finds nothing). */
export async function logoOf(db: Executor, tenantPk: number, version?: string) {
  let q = db.selectFrom('tenant_logos').select(['media_type', 'bytes', 'version']).where('tenant_pk', '=', tenantPk);
  if (version !== undefined) q = q.where('version', '=', version);
  const row = await q.executeTakeFirst();
  return row ? { mediaType: row.media_type, bytes: Buffer.from(row.bytes), version: row.version } : undefined;
}

/* ------------------------------------------------------- push credentials */

/** What identifies the tenant's service account (never the key). */
export function pushCredentialsInfo(db: Executor, tenantPk: number) {
  return db
    .selectFrom('tenant_push_credentials')
    .select(['project_id', 'client_email'])
    .where('tenant_pk', '=', tenantPk)
    .executeTakeFirst();
}

/** The stored service account, for the audit's comparison and for sending pushes (server side only). */
export function pushCredentials(db: Executor, tenantPk: number) {
  return db
    .selectFrom('tenant_push_credentials')
    .select(['service_account', 'project_id', 'client_email', 'updated_at'])
    .where('tenant_pk', '=', tenantPk)
    .executeTakeFirst();
}

export async function savePushCredentials(
  db: Executor,
  tenantPk: number,
  c: { serviceAccount: string; projectId: string; clientEmail: string },
): Promise<void> {
  const values = { service_account: c.serviceAccount, project_id: c.projectId, client_email: c.clientEmail, updated_at: new Date() };
  await db
    .insertInto('tenant_push_credentials')
    .values({ tenant_pk: tenantPk, ...values })
    .onConflict((oc) => oc.column('tenant_pk').doUpdateSet(values))
    .execute();
}

export async function deletePushCredentials(db: Executor, tenantPk: number): Promise<void> {
  await db.deleteFrom('tenant_push_credentials').where('tenant_pk', '=', tenantPk).execute();
}
