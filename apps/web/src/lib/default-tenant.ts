import type { Tenant } from '@recarga/contracts/tenants';
import { getRuntimeSettings } from './runtime-settings';

/**
 * The tenant a new record starts in: the tenant of this address (its api key), else the user's
 * own, else the first of the scope; undefined for an empty list.
 */
export function defaultTenant(tenants: readonly Tenant[], userTenantPk: number | undefined): Tenant | undefined {
  const { apiKey } = getRuntimeSettings();
  return tenants.find((x) => x.apiKey === apiKey) ?? tenants.find((x) => x.tenant_pk === userTenantPk) ?? tenants[0];
}
