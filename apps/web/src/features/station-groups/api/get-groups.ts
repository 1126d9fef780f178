import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GROUP_PAGE_SIZE, type GroupListResponse } from '@recarga/contracts/station-groups';
import { apiClient } from '../../../lib/api-client';
import { groupKeys } from './group-keys';

export type GroupSort = 'name' | 'address' | 'externalId';

interface GroupListParams {
  searchInput?: string;
  sort?: GroupSort;
  order?: 'asc' | 'desc';
  page: number;
}

/** GET /api/chargepoint-groups/?searchInput&sort&order&page&size */
function getGroups(params: GroupListParams, signal?: AbortSignal): Promise<GroupListResponse> {
  return apiClient.request<GroupListResponse>({
    path: 'chargepoint-groups/',
    query: {
      searchInput: params.searchInput?.trim(),
      sort: params.sort,
      order: params.sort ? params.order : undefined,
      page: params.page,
      size: GROUP_PAGE_SIZE,
    },
    signal,
  });
}

export function useGroups(params: GroupListParams) {
  return useQuery(
    queryOptions({
      queryKey: groupKeys.list(params),
      queryFn: ({ signal }) => getGroups(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
