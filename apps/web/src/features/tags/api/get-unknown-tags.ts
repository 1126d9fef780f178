import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TAG_PAGE_SIZE, type UnknownTagListResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

interface UnknownParams {
  searchInput?: string;
  page: number;
}

/** GET /api/ocpptags/unknown/?searchInput&page&size */
function getUnknownTags(params: UnknownParams, signal?: AbortSignal): Promise<UnknownTagListResponse> {
  return apiClient.request<UnknownTagListResponse>({
    path: 'ocpptags/unknown/',
    query: { searchInput: params.searchInput?.trim(), page: params.page, size: TAG_PAGE_SIZE },
    signal,
  });
}

export function useUnknownTags(params: UnknownParams, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: tagKeys.unknown(params),
      queryFn: ({ signal }) => getUnknownTags(params, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
