import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetailResponse } from '@recarga/contracts/station-groups';
import { apiClient } from '../../../lib/api-client';
import { groupKeys } from './group-keys';

export type GroupDetail = GroupDetailResponse['chargePointGroup'];

/** GET /api/chargepoint-groups/{id}/ → the group with its stations. */
async function getGroup(pk: number, signal?: AbortSignal): Promise<GroupDetail> {
  const answer = await apiClient.request<GroupDetailResponse>({ path: `chargepoint-groups/${pk}/`, signal });
  return answer.chargePointGroup;
}

export function useGroup(pk: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: groupKeys.detail(pk ?? 0), queryFn: ({ signal }) => getGroup(pk!, signal), staleTime: 0 }),
    enabled: pk !== null,
  });
}
