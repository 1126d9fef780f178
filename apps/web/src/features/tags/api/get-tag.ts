import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag, TagDetailResponse } from '@recarga/contracts/tags';
import { apiClient } from '../../../lib/api-client';
import { tagKeys } from './tag-keys';

/** GET /api/ocpptags/{id}/ */
async function getTag(pk: number, signal?: AbortSignal): Promise<Tag> {
  return (await apiClient.request<TagDetailResponse>({ path: `ocpptags/${pk}/`, signal })).ocppTag;
}

export function useTag(pk: number | null) {
  return useQuery(
    queryOptions({
      queryKey: tagKeys.detail(pk ?? 0),
      queryFn: ({ signal }) => getTag(pk!, signal),
      enabled: pk !== null,
      retry: false,
    }),
  );
}
