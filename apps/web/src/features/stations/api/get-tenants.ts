import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListResponse } from '@recarga/contracts/tenants';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** GET /api/tenants/: the tenants of the user's scope (with country and device reader). */
export async function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  const answer = await apiClient.request<TenantListResponse>({ path: 'tenants/', signal });
  return answer.tenantList;
}

export function useTenants() {
  return useQuery(queryOptions({ queryKey: stationKeys.tenants(), queryFn: ({ signal }) => getTenants(signal), staleTime: 5 * 60_000 }));
}
