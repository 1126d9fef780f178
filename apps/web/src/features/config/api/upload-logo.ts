import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantLogoUpload } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

interface UploadLogo {
  tenantPk: number | undefined;
  body: TenantLogoUpload;
}

/** PUT /api/config/logo?tenant= — the image as a data: URL; it replaces the theme's logo at once. */
function uploadLogo({ tenantPk, body }: UploadLogo): Promise<unknown> {
  return apiClient.request<unknown>({ method: 'PUT', path: 'config/logo', query: { tenant: tenantPk }, body });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
