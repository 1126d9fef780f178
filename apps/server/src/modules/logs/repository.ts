import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import type { LogLineColumns } from './line-buffer';

/**
 * A tenant of the caller's scope by its name (or, failing that, its alias); the shallowest one when
 * names repeat. Undefined for a tenant outside the scope, so the caller cannot tell it from one
 * that does not exist.
 */
export async function tenantByName(db: Executor, scope: Pick<TenantScope, 'tenantPks'>, name: string) {
  const rows = await db
    .selectFrom('tenants')
    .select(['tenant_pk', 'name', 'alias', 'country', 'time_zone', 'language', 'log_retention_days'])
    .where('tenant_pk', 'in', scope.tenantPks)
    .where((eb) => eb.or([eb('name', '=', name), eb('alias', '=', name)]))
    .orderBy('path')
    .execute();
  return rows.find((r) => r.name === name) ?? rows[0];
}

/** A tenant's lines from `from` (inclusive) to `to` (exclusive), in the order they happened, streamed. */
export function linesBetween(db: Executor, tenantPk: number, from: Date, to: Date) {
  return db
    .selectFrom('tenant_log_lines')
    .select(['at', 'level', 'charge_box_id', 'text'])
    .where('tenant_pk', '=', tenantPk)
    .where('at', '>=', from)
    .where('at', '<', to)
    .orderBy('at')
    .orderBy('line_pk');
}

/** Every tenant with what its retention needs. */
export function retentionOfTenants(db: Executor) {
  return db.selectFrom('tenants').select(['tenant_pk', 'country', 'time_zone', 'log_retention_days']).orderBy('tenant_pk').execute();
}

/** Deletes up to `limit` of a tenant's lines older than `before`; answers how many went. */
export async function deleteLinesBefore(db: Executor, tenantPk: number, before: Date, limit: number): Promise<number> {
  const rows = await db
    .deleteFrom('tenant_log_lines')
    .where('line_pk', 'in', (eb) =>
      eb.selectFrom('tenant_log_lines').select('line_pk').where('tenant_pk', '=', tenantPk).where('at', '<', before).limit(limit),
    )
    .returning('line_pk')
    .execute();
  return rows.length;
}

/**
 * Inserts a batch of lines with one array per column (unnest): six parameters whatever the batch's
 * size, so a batch of 500 lines is not 3,000 bound values to build, send and parse — the log takes
 * a line for nearly every station message.
 */
export async function insertLines(db: Executor, lines: LogLineColumns): Promise<void> {
  await sql`
    insert into tenant_log_lines (tenant_pk, at, level, category, charge_box_id, text)
    select * from unnest(${lines.tenantPks}::int[], ${lines.ats}::timestamptz[],
                         ${lines.levels}::text[], ${lines.categories}::text[],
                         ${lines.chargeBoxIds}::text[], ${lines.texts}::text[])`.execute(db);
}
