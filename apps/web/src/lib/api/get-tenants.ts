import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListResponse } from '@recarga/contracts/tenants';
import { apiClient } from '../api-client';

/**
 * GET /api/tenants/: the tenants of the user's scope, with country, currency, device reader and
 * SMS (the forms place a record in one; its country and options follow).
 */
async function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  const answer = await apiClient.request<TenantListResponse>({ path: 'tenants/', signal });
  return answer.tenantList;
}

const tenantsQuery = () =>
  queryOptions({ queryKey: ['tenants'] as const, queryFn: ({ signal }) => getTenants(signal), staleTime: 5 * 60_000 });

export function useTenants() {
  return useQuery(tenantsQuery());
}
