import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';
import { transactionKeys } from './transaction-keys';

export interface StationOption {
  chargeBoxPk: number;
  chargeBoxId: string;
  description: string | null;
}

/** GET /api/chargepoints/?originType=MOVE → the stations of the caller's scope, for the station select. */
export async function getStationOptions(signal?: AbortSignal): Promise<StationOption[]> {
  const answer = await apiClient.request<MapChargePointListResponse>({ path: 'chargepoints/', query: { originType: 'MOVE' }, signal });
  return (answer?.chargePointList ?? [])
    .map((s) => ({ chargeBoxPk: s.chargeBoxPk, chargeBoxId: s.chargeBoxId, description: s.description }))
    .sort((a, b) => (a.description ?? a.chargeBoxId).localeCompare(b.description ?? b.chargeBoxId, 'pt-BR'));
}

export const stationOptionsQuery = () =>
  queryOptions({
    queryKey: transactionKeys.stationOptions(),
    queryFn: ({ signal }) => getStationOptions(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useStationOptions() {
  return useQuery(stationOptionsQuery());
}
