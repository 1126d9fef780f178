import { useMutation } from '@tanstack/react-query';
import type { QrCommandAnswer, QrStartBody } from '@recarga/contracts/qrcode';
import { apiClient } from '../../../lib/api-client';

/** POST /api/qrcode/start (001 §7): chargeBoxId, connectorId, token, recaptchaResponse; no session. */
function startQrRecharge(body: QrStartBody): Promise<QrCommandAnswer> {
  return apiClient.request<QrCommandAnswer>({ method: 'POST', path: 'qrcode/start/', body, unauthorizedIsAnswer: true });
}

export function useStartQrRecharge() {
  return useMutation({ mutationFn: startQrRecharge });
}
