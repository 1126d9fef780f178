import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargePointDetail } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

/** GET /api/chargepoints/{id}/ → chargePointDetail. */
async function getStation(pk: number, signal?: AbortSignal): Promise<ChargePointDetail> {
  const answer = await apiClient.request<{ chargePointDetail: ChargePointDetail }>({ path: `chargepoints/${pk}/`, signal });
  return answer.chargePointDetail;
}

const stationQuery = (pk: number) =>
  queryOptions({
    queryKey: stationKeys.detail(pk),
    queryFn: ({ signal }) => getStation(pk, signal),
    staleTime: 0,
  });

export function useStation(pk: number | null) {
  return useQuery({ ...stationQuery(pk ?? 0), enabled: pk !== null });
}
