import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmPaymentsBody } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** POST /api/transaction/confirm_payments/ with transaction_pks, paid_timestamp, payment_type. */
function confirmPayments(body: ConfirmPaymentsBody): Promise<{ message: string; transaction_pks: number[] }> {
  return apiClient.request({ method: 'POST', path: 'transaction/confirm_payments/', body });
}

export function useConfirmPayments() {
  const queryClient = useQueryClient();
  return {
    ...useMutation({ mutationFn: confirmPayments }),
    /** The spec reloads 1 s after success: refresh lists and details. */
    reload: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  };
}
