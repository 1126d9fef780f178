import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTenant } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** DELETE /api/admin/tenants/{pk}/hosts/{host} — the address stops opening this network ('*' stays). */
function deleteHost({ tenantPk, host }: { tenantPk: number; host: string }): Promise<AdminTenant> {
  return apiClient.request<AdminTenant>({ method: 'DELETE', path: `admin/tenants/${tenantPk}/hosts/${encodeURIComponent(host)}` });
}

export function useDeleteHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
