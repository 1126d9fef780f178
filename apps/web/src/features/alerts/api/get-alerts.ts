import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_LIMIT_MAX, type NotificationListResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../../../lib/api-client';
import type { ChargeBoxNotification } from '../../notifications/api/get-charge-box-notifications';

/**
 * The alerts screen reads the newest station events of the scope (GET notification/chargeBox,
 * the call's maximum of 1000) and searches, sorts and pages them in the browser. The key starts
 * like the header's list, so live events are prepended to it too.
 */
export async function getAlerts(signal?: AbortSignal): Promise<ChargeBoxNotification[]> {
  const answer = await apiClient.request<NotificationListResponse | undefined>({
    path: 'notification/chargeBox/',
    query: { limit: NOTIFICATION_LIMIT_MAX },
    signal,
  });
  return answer?.notificationList ?? [];
}

export const alertsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'chargeBox', { limit: NOTIFICATION_LIMIT_MAX }] as const,
    queryFn: ({ signal }) => getAlerts(signal),
  });

export function useAlerts() {
  return useQuery(alertsQuery());
}

/** Events of one station (for a Warning's transaction timeline when the list does not hold them all). */
export function useStationEvents(chargeBoxId: string | null) {
  return useQuery({
    queryKey: ['notifications', 'chargeBox', { chargeBoxIds: chargeBoxId, limit: 300 }] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiClient.request<NotificationListResponse | undefined>({
        path: 'notification/chargeBox/',
        query: { chargeBoxIds: chargeBoxId, limit: 300 },
        signal,
      });
      return answer?.notificationList ?? [];
    },
    enabled: chargeBoxId !== null,
  });
}
