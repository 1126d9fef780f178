import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeterMeasurement } from '@recarga/contracts/meters';
import { apiClient } from '../../../../lib/api-client';
import { smartChargingKeys } from './smart-charging-keys';

/** How often a shown meter status is asked again. */
export const METER_REFRESH_MS = 30_000;

/** GET /smart/meters/measurements?mac_address | device_remote_id: the meter's latest reading and status (404: no such meter). */
export function getMeterMeasurement(
  query: { mac_address: string } | { device_remote_id: string },
  signal?: AbortSignal,
): Promise<MeterMeasurement> {
  return apiClient.request<MeterMeasurement>({ service: 'smart', path: 'meters/measurements', query, signal });
}

/** A group's meter, for its status badge and the form: refreshed every 30 s. */
export function useMeterMeasurement(deviceRemoteId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: smartChargingKeys.meter(deviceRemoteId ?? ''),
      queryFn: ({ signal }) => getMeterMeasurement({ device_remote_id: deviceRemoteId! }, signal),
      enabled: deviceRemoteId !== null,
      refetchInterval: METER_REFRESH_MS,
      retry: false,
    }),
  );
}
