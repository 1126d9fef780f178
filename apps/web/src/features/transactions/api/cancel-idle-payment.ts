import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** DELETE /api/cancel-idle-payment/transaction/{id}/ — 204 means cancelled; any other 2xx is a refusal. */
async function cancelIdlePayment(id: number): Promise<boolean> {
  const response = await apiClient.requestRaw({
    method: 'DELETE',
    path: `cancel-idle-payment/transaction/${id}/`,
    accept: 'application/json',
  });
  return response.status === 204;
}

export function useCancelIdlePayment(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelIdlePayment(id),
    onSuccess: (done) => {
      if (done) void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
