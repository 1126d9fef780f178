import { useMutation, useQueryClient } from '@tanstack/react-query';
import { financialPaths, IDEMPOTENCY_KEY_HEADER } from '@recarga/contracts/financial-constants';
import type { FinancialRefundResponse } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

export interface RefundRequest {
  movementPk: number;
  /** Hundredths; absent = the total (what remains). */
  partialAmount?: number;
  /** One per refund intent: a double click or a retry sends the same key (one refund). */
  idempotencyKey: string;
}

/** POST /gateway/transactions/{movementPk}/payments/refunds?partialAmount= with the Idempotency-Key header (000 §7). */
function refundMovement(req: RefundRequest): Promise<FinancialRefundResponse> {
  return apiClient.request<FinancialRefundResponse>({
    service: 'gateway',
    method: 'POST',
    path: gatewayPath(financialPaths.refund(req.movementPk)),
    query: { partialAmount: req.partialAmount },
    headers: { [IDEMPOTENCY_KEY_HEADER]: req.idempotencyKey },
  });
}

export function useRefundMovement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundMovement,
    // The server's answer is the movement after the refund: the drawer shows it at once.
    onSuccess: (answer) => queryClient.setQueryData(financialKeys.detail(answer.transaction.movementPk), answer.transaction),
  });
}
