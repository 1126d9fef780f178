import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

/** DELETE /api/config/logo?tenant= — back to the theme's logo. */
function removeLogo(tenantPk: number | undefined): Promise<unknown> {
  return apiClient.request<unknown>({ method: 'DELETE', path: 'config/logo', query: { tenant: tenantPk } });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
