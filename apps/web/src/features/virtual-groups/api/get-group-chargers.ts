import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { GROUP_PAGE_SIZE } from '../model/limits';
import type { ChargerPage } from './get-charge-boxes';
import { virtualGroupKeys } from './virtual-group-keys';

/** GET /gateway/virtual-groups/charge-boxs/list?virtual_group_id&page&size (page zero-based). */
function getGroupChargers(id: number, page: number, signal?: AbortSignal): Promise<ChargerPage> {
  return apiClient.request<ChargerPage>({
    service: 'gateway',
    path: 'virtual-groups/charge-boxs/list',
    query: { virtual_group_id: id, page, size: GROUP_PAGE_SIZE },
    signal,
  });
}

export function useGroupChargers(id: number, page: number) {
  return useQuery(
    queryOptions({
      queryKey: virtualGroupKeys.chargerPage(id, page),
      queryFn: ({ signal }) => getGroupChargers(id, page, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
