import type { DB, Executor } from '../../db/db';
import type { TenantScope } from './context';

type TenantColumn = keyof DB['tenants'] & string;

/**
 * The tenant row with the asked columns when the tenant is in the caller's scope (their tenant or
 * one below it); undefined otherwise — the caller answers "unknown tenant" without telling a tenant
 * outside the scope from one that does not exist.
 */
export function tenantInScope<C extends TenantColumn>(
  db: Executor,
  scope: Pick<TenantScope, 'tenantPks'>,
  tenantPk: number,
  columns: readonly C[],
) {
  return db
    .selectFrom('tenants')
    .select(columns)
    .where('tenant_pk', '=', tenantPk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}
