import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { financialPaths } from '@recarga/contracts/financial-constants';
import type { FinancialChargeBox } from '@recarga/contracts/financial';
import { apiClient } from '../../../lib/api-client';
import { financialKeys } from './financial-keys';
import { gatewayPath } from './gateway-path';

/** Charge boxes per page of the selector's list (more load as the list is scrolled). */
export const CHARGE_BOX_PAGE_SIZE = 50;

interface ChargeBoxPage {
  content: FinancialChargeBox[];
  totalElements: number;
}

interface Params {
  search: string;
  tenantApiKey?: string;
}

/** GET /gateway/chargeboxes?search&page&size&tenantApiKey&searchTenantChildren=true (000 §7), server-paged. */
function getFinancialChargeBoxes(params: Params, page: number, signal?: AbortSignal): Promise<ChargeBoxPage> {
  return apiClient.request<ChargeBoxPage>({
    service: 'gateway',
    path: gatewayPath(financialPaths.chargeBoxes),
    query: {
      search: params.search.trim(),
      tenantApiKey: params.tenantApiKey,
      searchTenantChildren: true,
      page,
      size: CHARGE_BOX_PAGE_SIZE,
    },
    signal,
  });
}

export function useFinancialChargeBoxes(params: Params, enabled: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: financialKeys.chargeBoxes(params),
      queryFn: ({ signal, pageParam }) => getFinancialChargeBoxes(params, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => (pages.length * CHARGE_BOX_PAGE_SIZE < last.totalElements ? pages.length : undefined),
      placeholderData: keepPreviousData,
      enabled,
      staleTime: 60_000,
      retry: false,
    }),
  );
}
