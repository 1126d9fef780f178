import { useMutation } from '@tanstack/react-query';
import type { QrCommandAnswer, QrStopBody } from '@recarga/contracts/qrcode';
import { apiClient } from '../../../lib/api-client';

/** POST /api/qrcode/stop (001 §7): chargeBoxId, connectorId, token; no session. */
function stopQrRecharge(body: QrStopBody): Promise<QrCommandAnswer> {
  return apiClient.request<QrCommandAnswer>({ method: 'POST', path: 'qrcode/stop/', body, unauthorizedIsAnswer: true });
}

export function useStopQrRecharge() {
  return useMutation({ mutationFn: stopQrRecharge });
}
