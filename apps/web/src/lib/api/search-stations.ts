import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../api-client';
import { toStationOption, type StationOption } from './station-labels';
import { stationPickerKeys } from './station-picker-keys';

/** How many stations a picker offers at once; typing narrows them. */
export const STATION_SEARCH_SIZE = 20;

export interface StationSearchResult {
  stations: StationOption[];
  /** Stations of the scope that match (may be more than those offered). */
  count: number;
}

export interface StationSearch {
  text: string;
  /** Only this network's stations (the scope's otherwise). */
  tenantPk?: number;
}

/**
 * GET /api/chargepoints/?page=1&size=20&searchInput[&tenantPk] → the first stations of the
 * caller's scope whose ChargeBox ID or name holds the text (case and accents ignored), in the
 * server's order. Without a text: the first page of the scope.
 */
async function searchStations({ text, tenantPk }: StationSearch, signal?: AbortSignal): Promise<StationSearchResult> {
  const searchInput = text.trim();
  const answer = await apiClient.request<ChargePointListResponse | undefined>({
    path: 'chargepoints/',
    query: { page: 1, size: STATION_SEARCH_SIZE, searchInput: searchInput || undefined, tenantPk },
    signal,
  });
  const list = answer?.chargePointList ?? [];
  return { stations: list.map(toStationOption), count: answer?.count ?? list.length };
}

const stationSearchQuery = (search: StationSearch) =>
  queryOptions({
    queryKey: stationPickerKeys.search(search.text.trim(), search.tenantPk ?? null),
    queryFn: ({ signal }) => searchStations(search, signal),
    staleTime: 30_000,
    // A failed search shows its error at once; typing or opening the list again asks again.
    retry: false,
  });

/** The stations a picker offers for a text; the previous answer stays on screen while the next one travels. */
export function useStationSearch(search: StationSearch, enabled: boolean) {
  return useQuery({ ...stationSearchQuery(search), enabled, placeholderData: keepPreviousData });
}
