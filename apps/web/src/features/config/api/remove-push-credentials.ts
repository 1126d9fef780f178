import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

/** DELETE /api/config/push-credentials?tenant= — the network sends no more push notifications. */
function removePushCredentials(tenantPk: number | undefined): Promise<unknown> {
  return apiClient.request<unknown>({ method: 'DELETE', path: 'config/push-credentials', query: { tenant: tenantPk } });
}

export function useRemovePushCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushCredentials,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
