import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseLostResponse } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** POST /api/transaction/{id}/close-lost/ — closes an offline station's open recharge with its last metered energy. */
function closeLost(id: number) {
  return apiClient.request<CloseLostResponse>({ method: 'POST', path: `transaction/${id}/close-lost/` });
}

export function useCloseLost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeLost(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
