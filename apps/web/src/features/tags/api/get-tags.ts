import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TAG_PAGE_SIZE, type TagListResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

export interface TagListParams {
  searchInput?: string;
  tenantPk?: number;
  page: number;
}

/** GET /api/ocpptags/?searchInput&tenantPk&page&size */
function getTags(params: TagListParams, signal?: AbortSignal): Promise<TagListResponse> {
  return apiClient.request<TagListResponse>({
    path: 'ocpptags/',
    query: { searchInput: params.searchInput?.trim(), tenantPk: params.tenantPk, page: params.page, size: TAG_PAGE_SIZE },
    signal,
  });
}

export function useTags(params: TagListParams) {
  return useQuery(
    queryOptions({
      queryKey: tagKeys.list(params),
      queryFn: ({ signal }) => getTags(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
