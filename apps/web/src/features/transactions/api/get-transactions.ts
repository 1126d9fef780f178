import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TRANSACTION_PAGE_SIZE, type TransactionListResponse } from '@recarga/contracts/transactions';
import { apiClient } from '../../../lib/api-client';
import { listQuery, type TransactionFilters } from '../model/list-query';
import type { ColumnSort } from '../model/sorting';
import { transactionKeys } from './transaction-keys';

interface TransactionListParams {
  filters: TransactionFilters;
  page: number;
  sorts: ColumnSort[];
}

/** GET /api/transaction/?chargeBoxPk&userOcppTag&fromDate&toDate&paymentStatus&searchInput&headerOrderList&timeZone&page&size → list, count. */
function getTransactions(params: TransactionListParams, signal?: AbortSignal): Promise<TransactionListResponse> {
  return apiClient.request<TransactionListResponse>({
    path: 'transaction/',
    query: listQuery(params.filters, params.page, TRANSACTION_PAGE_SIZE, params.sorts),
    signal,
  });
}

const transactionsQuery = (params: TransactionListParams) =>
  queryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQuery(params));
}
