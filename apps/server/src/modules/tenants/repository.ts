import type { Kysely } from 'kysely';
import type { DB } from '../../db/db';
import type { ReportKind } from '../../db/schema-stations';
import type { TenantScope } from '../../platform/auth/context';

export function listTenants(db: Kysely<DB>, scope: TenantScope) {
  return db
    .selectFrom('tenants')
    .select([
      'tenant_pk',
      'name',
      'alias',
      'parent_tenant_pk',
      'theme',
      'country',
      'currency',
      'tenant_device_reader',
      'sms_enabled',
      'api_key',
    ])
    .where('tenant_pk', 'in', scope.tenantPks)
    .orderBy('path')
    .execute();
}

/**
 * Counts the tenant's report downloads since `since` under a lock on the tenant row and, when under
 * the limit (null = unlimited), records one more. False when the limit is reached.
 */
export async function reserveDownload(db: Kysely<DB>, tenantPk: number, userPk: number, kind: ReportKind, since: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('tenants')
      .select('monthly_report_limit')
      .where('tenant_pk', '=', tenantPk)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (t.monthly_report_limit !== null) {
      const row = await trx
        .selectFrom('report_downloads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_pk', '=', tenantPk)
        .where('downloaded_at', '>=', since)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= t.monthly_report_limit) return false;
    }
    await trx.insertInto('report_downloads').values({ tenant_pk: tenantPk, user_pk: userPk, kind }).execute();
    return true;
  });
}
