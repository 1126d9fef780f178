import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeterSeries } from '@recarga/contracts/meters';
import { apiClient } from '../../../../lib/api-client';
import { METER_REFRESH_MS } from './get-meter-measurement';
import { smartChargingKeys } from './smart-charging-keys';

/** GET /smart/meters/{id}/series: the highest current of each phase per bucket over the last 24 hours. */
function getMeterSeries(deviceRemoteId: string, signal?: AbortSignal): Promise<MeterSeries> {
  return apiClient.request<MeterSeries>({ service: 'smart', path: `meters/${encodeURIComponent(deviceRemoteId)}/series`, signal });
}

export function useMeterSeries(deviceRemoteId: string) {
  return useQuery(
    queryOptions({
      queryKey: smartChargingKeys.series(deviceRemoteId),
      queryFn: ({ signal }) => getMeterSeries(deviceRemoteId, signal),
      refetchInterval: METER_REFRESH_MS,
    }),
  );
}
