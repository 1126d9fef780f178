import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPrivateStation } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** GET /api/users_data/private_charge_point/?chargeBoxPK= → userPrivateStationList. */
async function getPrivateUsers(pk: number | null, signal?: AbortSignal): Promise<UserPrivateStation[]> {
  const answer = await apiClient.request<{ userPrivateStationList: UserPrivateStation[] }>({
    path: 'users_data/private_charge_point/',
    query: { chargeBoxPK: pk ?? undefined },
    signal,
  });
  return answer.userPrivateStationList;
}

export function usePrivateUsers(pk: number | null, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: stationKeys.privateUsers(pk), queryFn: ({ signal }) => getPrivateUsers(pk, signal) }),
    enabled,
  });
}
