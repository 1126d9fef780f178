import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableTag, AvailableTagsResponse } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/users_data/available_tags/: free CARD tags of the tenant, plus the user's own (edit). */
async function getAvailableTags(tenantPk: number, userPk: number | null, signal?: AbortSignal): Promise<AvailableTag[]> {
  const answer = await apiClient.request<AvailableTagsResponse>({
    path: 'users_data/available_tags/',
    query: { tenantPk, userPk: userPk ?? undefined },
    signal,
  });
  return answer.ocppTagList;
}

/** Only for callers who may bind tags (the call needs /users/create or /user/{id}). */
export function useAvailableTags(tenantPk: number | null, userPk: number | null, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: userKeys.tags(tenantPk, userPk),
      queryFn: ({ signal }) => getAvailableTags(tenantPk!, userPk, signal),
      staleTime: 0,
    }),
    enabled: enabled && tenantPk !== null,
  });
}
