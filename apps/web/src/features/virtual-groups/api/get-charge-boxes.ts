import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargerRow } from '@recarga/contracts/virtual-groups';
import { apiClient } from '../../../lib/api-client';
import { GROUP_PAGE_SIZE } from '../model/limits';
import { virtualGroupKeys } from './virtual-group-keys';

export interface ChargeBoxPickerParams {
  /** Zero-based. */
  page: number;
  search?: string;
  tenantId?: number;
}

export interface ChargerPage {
  content: ChargerRow[];
  totalElements: number;
}

/** GET /gateway/charge-boxs?page&size&tenant_id&search: the chargers of the networks, free ones first. */
function getChargeBoxes(params: ChargeBoxPickerParams, signal?: AbortSignal): Promise<ChargerPage> {
  return apiClient.request<ChargerPage>({
    service: 'gateway',
    path: 'charge-boxs',
    query: { page: params.page, size: GROUP_PAGE_SIZE, tenant_id: params.tenantId, search: params.search?.trim() },
    signal,
  });
}

export function useChargeBoxes(params: ChargeBoxPickerParams) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.picker(params),
      queryFn: ({ signal }) => getChargeBoxes(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
