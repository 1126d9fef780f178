import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantSettings } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

/** GET /api/config/?tenant= — a network's own settings (absent tenant: the caller's own network). */
function getTenantSettings(tenantPk: number | undefined, signal?: AbortSignal): Promise<TenantSettings> {
  return apiClient.request<TenantSettings>({ path: 'config/', query: { tenant: tenantPk }, signal });
}

export function useTenantSettings(tenantPk: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: configKeys.settings(tenantPk),
      queryFn: ({ signal }) => getTenantSettings(tenantPk, signal),
    }),
  );
}
