import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListResponse } from '@recarga/contracts/tenants';
import { apiClient } from '../../../lib/api-client';
import { plugShareKeys } from './plug-share-keys';

/** GET /api/tenants/: the tenants of the user's scope, any of which can receive points. */
export async function getImportTenants(signal?: AbortSignal): Promise<Tenant[]> {
  const answer = await apiClient.request<TenantListResponse>({ path: 'tenants/', signal });
  return answer.tenantList;
}

export function useImportTenants() {
  return useQuery(
    queryOptions({ queryKey: plugShareKeys.tenants(), queryFn: ({ signal }) => getImportTenants(signal), staleTime: 5 * 60_000 }),
  );
}
