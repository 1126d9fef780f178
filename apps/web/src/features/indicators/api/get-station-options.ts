import { useQuery } from '@tanstack/react-query';
import type { MapChargePointListResponse } from '@recarga/contracts/stations';
import { apiClient } from '../../../lib/api-client';

/** The stations of the scope for the station filter (the map list: id, name; no paging). */
export function useStationOptions() {
  return useQuery({
    queryKey: ['indicators', 'stations'] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiClient.request<MapChargePointListResponse | undefined>({
        path: 'chargepoints/',
        query: { originType: 'MOVE' },
        signal,
      });
      return (answer?.chargePointList ?? []).map((s) => ({
        value: s.chargeBoxPk,
        label: s.description ? `${s.description} (${s.chargeBoxId})` : s.chargeBoxId,
      }));
    },
    staleTime: 5 * 60_000,
  });
}
