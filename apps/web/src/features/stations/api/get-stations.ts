import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STATION_PAGE_SIZE, type ChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { stationKeys } from './station-keys';

export interface StationFilters {
  searchInput?: string;
  /** false lists the disabled stations (the Disabled Stations switch). */
  active: boolean;
  chargeBoxGroupPk?: number;
  tenantPk?: number;
  online?: boolean;
}

interface StationListParams extends StationFilters {
  page: number;
}

/** GET /api/chargepoints/?timeZone&page&size&active&chargeBoxGroupPk&tenantPk&searchInput&online */
function getStations(params: StationListParams, signal?: AbortSignal): Promise<ChargePointListResponse> {
  return apiClient.request<ChargePointListResponse>({
    path: 'chargepoints/',
    query: {
      timeZone: browserTimeZone(),
      page: params.page,
      size: STATION_PAGE_SIZE,
      active: params.active,
      chargeBoxGroupPk: params.chargeBoxGroupPk,
      tenantPk: params.tenantPk,
      searchInput: params.searchInput?.trim(),
      online: params.online,
    },
    signal,
  });
}

const stationsQuery = (params: StationListParams) =>
  queryOptions({
    queryKey: stationKeys.list(params),
    queryFn: ({ signal }) => getStations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStations(params: StationListParams) {
  return useQuery(stationsQuery(params));
}
