import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { financialPaths, type FinancialTab } from '@recarga/contracts/financial-constants';
import type { FinancialPage } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import type { FinancialQueryParams } from '../model/list-settings';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

/** GET /gateway/transactions, /transactions/recharges or /transactions/deposits (000 §7): one page of movements. */
function getFinancialMovements(tab: FinancialTab, query: FinancialQueryParams, signal?: AbortSignal): Promise<FinancialPage> {
  return apiClient.request<FinancialPage>({ service: 'gateway', path: gatewayPath(financialPaths.list[tab]), query, signal });
}

export function useFinancialMovements(tab: FinancialTab, query: FinancialQueryParams) {
  return useQuery(
    queryOptions({
      queryKey: financialKeys.list(tab, query),
      queryFn: ({ signal }) => getFinancialMovements(tab, query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
