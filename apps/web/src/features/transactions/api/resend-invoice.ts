import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** POST /api/nfe/resend/ with the transaction pk as the body; answers the new invoice state. */
function resendInvoice(transactionPk: number): Promise<{ message: string; nfeStatus: string | null }> {
  return apiClient.request({ method: 'POST', path: 'nfe/resend/', body: transactionPk });
}

export function useResendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
