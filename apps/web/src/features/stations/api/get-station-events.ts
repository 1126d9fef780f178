import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification, NotificationListResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import { stationKeys } from './station-keys';

export const STATION_EVENT_LIMIT = 30;

/** GET /api/notification/chargeBox/?chargeBoxIds={id}&limit=30 → the station's latest events. */
export async function getStationEvents(chargeBoxId: string, signal?: AbortSignal): Promise<Notification[]> {
  const answer = await apiClient.request<NotificationListResponse>({
    path: 'notification/chargeBox/',
    query: { chargeBoxIds: chargeBoxId, limit: STATION_EVENT_LIMIT },
    signal,
  });
  return answer.notificationList;
}

export function useStationEvents(chargeBoxId: string) {
  return useQuery(
    queryOptions({ queryKey: stationKeys.events(chargeBoxId), queryFn: ({ signal }) => getStationEvents(chargeBoxId, signal) }),
  );
}
