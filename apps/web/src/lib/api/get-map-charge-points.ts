import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../api-client';

type MapOrigin = 'MOVE' | 'PLUG_SHARE';
export type MapChargePoint = MapChargePointListResponse['chargePointList'][number];

/**
 * Query keys of the home dashboard map's lists: its live sync rewrites them in place, the
 * third-party points import refreshes the PLUG_SHARE one.
 */
export const mapKeys = {
  all: ['map', 'chargePoints'] as const,
  origin: (origin: MapOrigin) => ['map', 'chargePoints', origin] as const,
};

/**
 * GET /api/chargepoints/?originType=MOVE|PLUG_SHARE: the stations (or third-party points) of the
 * scope with their connectors, unpaged. The map shows it; the live connection and the station
 * pickers read the MOVE list too, under keys of their own.
 */
export async function getMapChargePoints(origin: MapOrigin, signal?: AbortSignal): Promise<MapChargePoint[]> {
  const answer = await apiClient.request<MapChargePointListResponse | undefined>({
    path: 'chargepoints/',
    query: { originType: origin },
    signal,
  });
  return answer?.chargePointList ?? [];
}

const mapChargePointsQuery = (origin: MapOrigin) =>
  queryOptions({
    queryKey: mapKeys.origin(origin),
    queryFn: ({ signal }) => getMapChargePoints(origin, signal),
    // Live messages keep the MOVE list current; third-party points change only on import.
    staleTime: origin === 'MOVE' ? 60_000 : 10 * 60_000,
  });

export function useMapChargePoints(origin: MapOrigin) {
  return useQuery(mapChargePointsQuery(origin));
}
