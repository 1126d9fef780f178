import { useMutation, useQueryClient } from '@tanstack/react-query';
import { financialPaths } from '@recarga/contracts/financial-constants';
import type { FinancialResendResponse, FinancialTransaction } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

/** POST /gateway/transactions/{movementPk}/nfes/resends (000 §7): the recharge's invoice requested again. */
function resendInvoice(movementPk: number): Promise<FinancialResendResponse> {
  return apiClient.request<FinancialResendResponse>({
    service: 'gateway',
    method: 'POST',
    path: gatewayPath(financialPaths.invoiceResend(movementPk)),
  });
}

export function useResendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvoice,
    onSuccess: (answer, movementPk) =>
      queryClient.setQueryData<FinancialTransaction>(financialKeys.detail(movementPk), (old) =>
        old ? { ...old, nfeStatus: answer.nfeStatus, nfeResendable: false } : old,
      ),
  });
}
