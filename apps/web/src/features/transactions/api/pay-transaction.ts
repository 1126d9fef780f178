import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayBody } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** POST /api/transaction/{id}/pay/ with paid_timestamp, payment_type, payment_external_id; 200 = paid. */
function payTransaction(id: number, body: PayBody): Promise<{ message: string }> {
  return apiClient.request({ method: 'POST', path: `transaction/${id}/pay/`, body });
}

export function usePayTransaction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayBody) => payTransaction(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
