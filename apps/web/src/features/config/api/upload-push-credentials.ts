import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushCredentialsUpload } from '@recarga/contracts/tenant-settings';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

interface UploadPushCredentials {
  tenantPk: number | undefined;
  body: PushCredentialsUpload;
}

/** PUT /api/config/push-credentials?tenant= — the Firebase service account JSON, as text. */
function uploadPushCredentials({ tenantPk, body }: UploadPushCredentials): Promise<unknown> {
  return apiClient.request<unknown>({ method: 'PUT', path: 'config/push-credentials', query: { tenant: tenantPk }, body });
}

export function useUploadPushCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPushCredentials,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
