import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantSettings, TenantSettingsUpdate } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

interface SaveSettings {
  tenantPk: number | undefined;
  body: TenantSettingsUpdate;
}

/** PUT /api/config/?tenant= — every editable field at once; '' or null clears an optional one. */
function saveTenantSettings({ tenantPk, body }: SaveSettings): Promise<TenantSettings> {
  return apiClient.request<TenantSettings>({ method: 'PUT', path: 'config/', query: { tenant: tenantPk }, body });
}

export function useSaveTenantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenantSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
