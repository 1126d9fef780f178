import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTenantList } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/tenants — the caller's network and every network below it, parents before children. */
function getAdminTenants(signal?: AbortSignal): Promise<AdminTenantList> {
  return apiClient.request<AdminTenantList>({ path: 'admin/tenants', signal });
}

export function useAdminTenants() {
  return useQuery(queryOptions({ queryKey: adminKeys.tenants(), queryFn: ({ signal }) => getAdminTenants(signal) }));
}
