import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListResponse } from '@recarga/contracts/tenants';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/tenants/: the tenants a user may be placed in (SMS decides whether the phone is mandatory). */
export async function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  const answer = await apiClient.request<TenantListResponse>({ path: 'tenants/', signal });
  return answer.tenantList;
}

export function useTenants() {
  return useQuery(queryOptions({ queryKey: userKeys.tenants(), queryFn: ({ signal }) => getTenants(signal), staleTime: 5 * 60_000 }));
}
