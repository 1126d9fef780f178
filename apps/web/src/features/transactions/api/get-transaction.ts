import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionDetailResponse } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

/** GET /api/transaction/{id}/ → values (meter samples by measurand), units, transaction. */
function getTransaction(id: number, signal?: AbortSignal): Promise<TransactionDetailResponse> {
  return apiClient.request<TransactionDetailResponse>({ path: `transaction/${id}/`, signal });
}

const transactionQuery = (id: number) =>
  queryOptions({ queryKey: transactionKeys.detail(id), queryFn: ({ signal }) => getTransaction(id, signal) });

export function useTransaction(id: number, enabled = true) {
  return useQuery({ ...transactionQuery(id), enabled: enabled && Number.isInteger(id) && id > 0 });
}
