import { queryOptions } from '@tanstack/react-query';
import type { ChargePointDetail } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';

/** Where a station is, and what to call it when it has no position. */
export interface StationPosition {
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** GET /api/chargepoints/{chargeBoxPk}/ → the station's registered position (a station the map search found). */
async function getStationPosition(pk: number, signal?: AbortSignal): Promise<StationPosition> {
  const answer = await apiClient.request<{ chargePointDetail: ChargePointDetail }>({ path: `chargepoints/${pk}/`, signal });
  const cp = answer.chargePointDetail;
  return { name: cp.description || cp.chargeBoxId, latitude: cp.locationLatitude, longitude: cp.locationLongitude };
}

export const stationPositionQuery = (pk: number) =>
  queryOptions({
    queryKey: ['map', 'position', pk] as const,
    queryFn: ({ signal }) => getStationPosition(pk, signal),
    staleTime: 60_000,
    retry: false,
  });
