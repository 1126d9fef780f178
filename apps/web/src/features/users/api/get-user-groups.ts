import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroup, UserGroupsResponse } from '@recarga/contracts/users';
import { apiClient } from '../../../lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/user-groups/?tenantPk: the groups a user of that tenant may join. */
async function getUserGroups(tenantPk: number, signal?: AbortSignal): Promise<UserGroup[]> {
  const answer = await apiClient.request<UserGroupsResponse>({ path: 'user-groups/', query: { tenantPk }, signal });
  return answer.userGroupList;
}

/** Only for callers who may change groups (the call needs /users/create or /user/{id}). */
export function useUserGroups(tenantPk: number | null, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: userKeys.groups(tenantPk), queryFn: ({ signal }) => getUserGroups(tenantPk!, signal), staleTime: 60_000 }),
    enabled: enabled && tenantPk !== null,
  });
}
