import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListResponse } from '@recarga/contracts/tenants';
import { apiClient } from '../../../lib/api-client';
import { groupKeys } from './group-keys';

/** GET /api/tenants/: tenants of the scope (the group's tenant decides its country). */
export async function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  const answer = await apiClient.request<TenantListResponse>({ path: 'tenants/', signal });
  return answer.tenantList;
}

export function useTenants() {
  return useQuery(queryOptions({ queryKey: groupKeys.tenants(), queryFn: ({ signal }) => getTenants(signal), staleTime: 5 * 60_000 }));
}
