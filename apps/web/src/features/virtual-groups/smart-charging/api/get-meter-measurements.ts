import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeterMeasurement } from '@recarga/contracts/meters';
import { apiClient } from '../../../../lib/api-client';
import { METER_REFRESH_MS } from './get-meter-measurement';
import { smartChargingKeys } from './smart-charging-keys';

/** GET /smart/meters/measurements/list?device_remote_ids=a,b: the latest reading of several meters (unknown ones left out). */
function getMeterMeasurements(deviceRemoteIds: readonly string[], signal?: AbortSignal): Promise<MeterMeasurement[]> {
  return apiClient.request<MeterMeasurement[]>({
    service: 'smart',
    path: 'meters/measurements/list',
    query: { device_remote_ids: deviceRemoteIds.join(',') },
    signal,
  });
}

/** The meters of a page of groups (the list's meter column); nothing asked without any. */
export function useMeterMeasurements(deviceRemoteIds: readonly string[], enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: smartChargingKeys.meters(deviceRemoteIds),
      queryFn: ({ signal }) => getMeterMeasurements(deviceRemoteIds, signal),
      enabled: enabled && deviceRemoteIds.length > 0,
      refetchInterval: METER_REFRESH_MS,
    }),
  );
}
