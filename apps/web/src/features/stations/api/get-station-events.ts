import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChargeBoxNotifications } from '../../../lib/api/get-charge-box-notifications';
import { stationKeys } from './station-keys';

export const STATION_EVENT_LIMIT = 30;

/**
 * GET /api/notification/chargeBox/?chargeBoxIds={id}&limit=30 → the station's latest events. Its own
 * key (not the notification lists'): the live sync adds only this station's events to it.
 */
export function useStationEvents(chargeBoxId: string) {
  return useQuery(
    queryOptions({
      queryKey: stationKeys.events(chargeBoxId),
      queryFn: ({ signal }) => getChargeBoxNotifications({ chargeBoxIds: chargeBoxId, limit: STATION_EVENT_LIMIT }, signal),
    }),
  );
}
