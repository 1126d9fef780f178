import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { financialPaths } from '@recarga/contracts/financial-constants';
import type { FinancialSummary } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import type { FinancialQueryParams } from '../model/list-settings';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

/** GET /gateway/transactions/summary (000 §7): the all-movements cards. */
function getFinancialSummary(query: FinancialQueryParams, signal?: AbortSignal): Promise<FinancialSummary> {
  return apiClient.request<FinancialSummary>({ service: 'gateway', path: gatewayPath(financialPaths.summary), query, signal });
}

export function useFinancialSummary(query: FinancialQueryParams, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: financialKeys.summary(query),
      queryFn: ({ signal }) => getFinancialSummary(query, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
