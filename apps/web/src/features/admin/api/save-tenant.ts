import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTenant, AdminTenantCreate, AdminTenantUpdate } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type TenantSave = { tenantPk: null; body: AdminTenantCreate } | { tenantPk: number; body: AdminTenantUpdate };

/** POST /api/admin/tenants (a new network) or PUT /api/admin/tenants/{pk} (the whole editable record). */
function saveTenant(save: TenantSave): Promise<AdminTenant> {
  return apiClient.request<AdminTenant>(
    save.tenantPk === null
      ? { method: 'POST', path: 'admin/tenants', body: save.body }
      : { method: 'PUT', path: `admin/tenants/${save.tenantPk}`, body: save.body },
  );
}

export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenant,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      // The networks the other screens offer (GET /api/tenants/, lib/api/get-tenants.ts) follow.
      void queryClient.invalidateQueries({ queryKey: ['tenants'] });
    },
  });
}
