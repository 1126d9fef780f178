import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { groupTransactionSchema } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { virtualGroupKeys } from './virtual-group-keys';

/** The contract's type, read from its schema without importing zod. */
export type GroupTransaction = (typeof groupTransactionSchema)['_output'];

export interface GroupTransactionPage {
  content: GroupTransaction[];
  totalElements: number;
}

/** GET /gateway/virtual-groups/{id}/transactions?page&size: recharges at the group's chargers, newest first. */
function getGroupTransactions(id: number, page: number, size: number, signal?: AbortSignal): Promise<GroupTransactionPage> {
  return apiClient.request<GroupTransactionPage>({
    service: 'gateway',
    path: `virtual-groups/${id}/transactions`,
    query: { page, size },
    signal,
  });
}

/** `page` zero-based; the overview asks 4, the tab 10 a page. */
export function useGroupTransactions(id: number, page: number, size: number) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.transactions(id, { page, size }),
      queryFn: ({ signal }) => getGroupTransactions(id, page, size, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
