import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { configKeys } from './config-keys';

/** POST /api/config/qr-token?tenant= — a new token; QR codes printed with the old one stop working. */
function rotateQrToken(tenantPk: number | undefined): Promise<{ qrToken: string }> {
  return apiClient.request<{ qrToken: string }>({ method: 'POST', path: 'config/qr-token', query: { tenant: tenantPk } });
}

export function useRotateQrToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateQrToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
