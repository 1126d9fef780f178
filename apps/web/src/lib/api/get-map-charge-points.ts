import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../api-client';

export type MapOrigin = 'MOVE' | 'PLUG_SHARE';
export type MapChargePoint = MapChargePointListResponse['chargePointList'][number];
export type MapCluster = NonNullable<MapChargePointListResponse['clusters']>[number];

/** One viewport's answer: its stations, or — past the server's cap — clusters counting them. */
export interface MapView {
  stations: MapChargePoint[];
  clusters: MapCluster[];
}

/**
 * Query keys of the home dashboard map: one entry per origin and viewport (`bounds`), under a
 * prefix per origin that the live sync walks and the third-party points import refreshes.
 */
export const mapKeys = {
  all: ['map', 'chargePoints'] as const,
  origin: (origin: MapOrigin) => ['map', 'chargePoints', origin] as const,
  viewport: (origin: MapOrigin, bounds: string) => ['map', 'chargePoints', origin, bounds] as const,
};

/** The viewport (`bounds`) of a map query key, as mapKeys.viewport wrote it. */
export const boundsOfKey = (key: readonly unknown[]): string | null => (typeof key[3] === 'string' ? key[3] : null);

/**
 * GET /api/chargepoints/?originType&bounds=south,west,north,east: the stations (or third-party
 * points) of the scope inside the viewport with their connectors, or clusters when it holds more
 * than the server answers one by one.
 */
async function getMapViewport(origin: MapOrigin, bounds: string, signal?: AbortSignal): Promise<MapView> {
  const answer = await apiClient.request<MapChargePointListResponse | undefined>({
    path: 'chargepoints/',
    query: { originType: origin, bounds },
    signal,
  });
  return { stations: answer?.chargePointList ?? [], clusters: answer?.clusters ?? [] };
}

const mapViewportQuery = (origin: MapOrigin, bounds: string | null) =>
  queryOptions({
    queryKey: mapKeys.viewport(origin, bounds ?? ''),
    queryFn: ({ signal }) => getMapViewport(origin, bounds!, signal),
    enabled: bounds !== null,
    // The last viewport's markers stay while the next one loads.
    placeholderData: keepPreviousData,
    // Live messages keep network stations current; third-party points change only on import.
    staleTime: origin === 'MOVE' ? 60_000 : 10 * 60_000,
  });

/** The map's stations of one origin inside `bounds` (viewportBounds); idle until the map knows its viewport. */
export function useMapViewport(origin: MapOrigin, bounds: string | null) {
  return useQuery(mapViewportQuery(origin, bounds));
}
