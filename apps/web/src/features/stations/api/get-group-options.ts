import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Group, GroupListResponse } from '@recarga/contracts/station-groups';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** GET /api/chargepoint-groups/?size=1000: every group of the scope, for the filter and the form. */
async function getGroupOptions(signal?: AbortSignal): Promise<Group[]> {
  const answer = await apiClient.request<GroupListResponse>({ path: 'chargepoint-groups/', query: { size: 1000, sort: 'name' }, signal });
  return answer.chargePointGroupList;
}

export function useGroupOptions() {
  return useQuery(queryOptions({ queryKey: stationKeys.groupOptions(), queryFn: ({ signal }) => getGroupOptions(signal) }));
}
