import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/db';
import type { TenantsTable } from '../../db/schema';

const TENANT_COLUMNS = [
  't.tenant_pk',
  't.parent_tenant_pk',
  't.path',
  't.name',
  't.alias',
  't.theme',
  't.country',
  't.currency',
  't.language',
  't.sms_enabled',
  't.invoicing_enabled',
  't.tenant_device_reader',
  't.station_limit',
  't.user_limit',
  't.monthly_report_limit',
  't.module_monetization',
  't.module_vouchers',
  't.module_smart_charging',
  't.created_at',
] as const;

/** Tenants with their use of the plan (stations not deleted, users), parents before children. */
export function tenantsWithUsage(db: Executor, tenantPks: number[]) {
  return db
    .selectFrom('tenants as t')
    .select([
      ...TENANT_COLUMNS,
      (eb) =>
        eb
          .selectFrom('charge_boxes as cb')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('cb.tenant_pk', '=', 't.tenant_pk')
          .where('cb.deleted_at', 'is', null)
          .as('stations'),
      (eb) =>
        eb
          .selectFrom('users as u')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('u.tenant_pk', '=', 't.tenant_pk')
          .as('users'),
    ])
    .where('t.tenant_pk', 'in', tenantPks.length ? tenantPks : [-1])
    .orderBy('t.path')
    .execute();
}

export type AdminTenantRow = Awaited<ReturnType<typeof tenantsWithUsage>>[number];

export function hostsOf(db: Executor, tenantPks: number[]) {
  return db
    .selectFrom('tenant_hosts')
    .select(['host', 'tenant_pk', 'terms_of_use_url', 'deep_link_host'])
    .where('tenant_pk', 'in', tenantPks.length ? tenantPks : [-1])
    .orderBy('host')
    .execute();
}

/** A tenant of the scope under a row lock (the scope: paths under `scopePath`). */
export function lockTenant(db: Executor, tenantPk: number, scopePath: string) {
  return db
    .selectFrom('tenants as t')
    .select(TENANT_COLUMNS)
    .where('t.tenant_pk', '=', tenantPk)
    .where(sql<boolean>`t.path like ${scopePath} || '%'`)
    .forUpdate()
    .executeTakeFirst();
}

/** A tenant's path when it is in the scope (paths under `scopePath`). */
export function pathInScope(db: Executor, tenantPk: number, scopePath: string) {
  return db
    .selectFrom('tenants')
    .select(['tenant_pk', 'path'])
    .where('tenant_pk', '=', tenantPk)
    .where(sql<boolean>`path like ${scopePath} || '%'`)
    .executeTakeFirst();
}

/** True when another tenant than `exceptPk` has this alias. */
export async function aliasTaken(db: Executor, alias: string, exceptPk: number | null): Promise<boolean> {
  let q = db.selectFrom('tenants').select('tenant_pk').where('alias', '=', alias);
  if (exceptPk !== null) q = q.where('tenant_pk', '<>', exceptPk);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts a tenant and gives it its path (the parent's path, its key, '/'). */
export async function insertTenant(db: Executor, values: Insertable<TenantsTable>, parentPath: string): Promise<number> {
  const row = await db.insertInto('tenants').values(values).returning('tenant_pk').executeTakeFirstOrThrow();
  await db
    .updateTable('tenants')
    .set({ path: `${parentPath}${row.tenant_pk}/` })
    .where('tenant_pk', '=', row.tenant_pk)
    .execute();
  return row.tenant_pk;
}

export type TenantUpdate = Pick<TenantsTable, 'name' | 'alias' | 'station_limit' | 'user_limit' | 'monthly_report_limit'> & {
  theme: string;
  sms_enabled: boolean;
  invoicing_enabled: boolean;
  tenant_device_reader: boolean;
  module_monetization: boolean;
  module_vouchers: boolean;
  module_smart_charging: boolean;
};

export async function updateTenant(db: Executor, tenantPk: number, values: TenantUpdate): Promise<void> {
  await db.updateTable('tenants').set(values).where('tenant_pk', '=', tenantPk).execute();
}

/**
 * Moves a tenant under another: its parent, and in one statement the path of the tenant and of
 * every tenant below it (`oldPath` prefix replaced by `newPath`).
 */
export async function moveSubtree(db: Executor, tenantPk: number, parentPk: number, oldPath: string, newPath: string): Promise<void> {
  await db.updateTable('tenants').set({ parent_tenant_pk: parentPk }).where('tenant_pk', '=', tenantPk).execute();
  await db
    .updateTable('tenants')
    .set({ path: sql<string>`${newPath} || substr(path, ${oldPath.length + 1})` })
    .where(sql<boolean>`path like ${oldPath} || '%'`)
    .execute();
}

/** Serialises moves in the tenant tree (two crossing moves could otherwise make a cycle). */
export async function lockTree(db: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('tenant-tree'))`.execute(db);
}

/* ------------------------------------------------------------------ hosts */

export function hostRow(db: Executor, host: string) {
  return db
    .selectFrom('tenant_hosts')
    .select(['host', 'tenant_pk', 'terms_of_use_url', 'deep_link_host'])
    .where('host', '=', host)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds a host; false when the name is taken (by any tenant). */
export async function insertHost(
  db: Executor,
  row: { host: string; tenant_pk: number; terms_of_use_url: string | null; deep_link_host: string | null },
): Promise<boolean> {
  const r = await db
    .insertInto('tenant_hosts')
    .values(row)
    .onConflict((oc) => oc.column('host').doNothing())
    .returning('host')
    .executeTakeFirst();
  return r !== undefined;
}

export async function updateHost(
  db: Executor,
  host: string,
  values: { host: string; terms_of_use_url: string | null; deep_link_host: string | null },
): Promise<void> {
  await db.updateTable('tenant_hosts').set(values).where('host', '=', host).execute();
}

export async function deleteHost(db: Executor, host: string): Promise<void> {
  await db.deleteFrom('tenant_hosts').where('host', '=', host).execute();
}
