import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminHost, AdminTenant } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface HostSave {
  tenantPk: number;
  /** null: a new host; otherwise the host name being changed. */
  current: string | null;
  body: AdminHost;
}

/** POST /api/admin/tenants/{pk}/hosts (add) or PUT …/hosts/{host} (rename, terms link, deep-link host). */
function saveHost({ tenantPk, current, body }: HostSave): Promise<AdminTenant> {
  return apiClient.request<AdminTenant>(
    current === null
      ? { method: 'POST', path: `admin/tenants/${tenantPk}/hosts`, body }
      : { method: 'PUT', path: `admin/tenants/${tenantPk}/hosts/${encodeURIComponent(current)}`, body },
  );
}

export function useSaveHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
