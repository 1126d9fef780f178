import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_LIMIT_DEFAULT } from '@recarga/contracts/notification-types';
import type { Notification, NotificationListResponse } from '@recarga/contracts/notifications';
import { apiClient } from '../api-client';

export interface ChargeBoxNotificationsQuery {
  /** Only the events of these stations (comma-separated ChargeBox IDs). */
  chargeBoxIds?: string;
  /** Only the events of this user's recharges. */
  userPk?: number;
  limit: number;
}

/**
 * Query keys of the station-event lists. They all start with `all`, so a live event reaches every
 * cached list at once (header, home dashboard, alerts).
 */
export const notificationKeys = {
  all: ['notifications', 'chargeBox'] as const,
  list: (query: ChargeBoxNotificationsQuery) => ['notifications', 'chargeBox', query] as const,
};

/** GET /api/notification/chargeBox/?chargeBoxIds&limit → the newest station events of the scope, newest first. */
export async function getChargeBoxNotifications(query: ChargeBoxNotificationsQuery, signal?: AbortSignal): Promise<Notification[]> {
  const answer = await apiClient.request<NotificationListResponse | undefined>({
    path: 'notification/chargeBox/',
    query: { chargeBoxIds: query.chargeBoxIds, userPk: query.userPk, limit: query.limit },
    signal,
  });
  return answer?.notificationList ?? [];
}

/** The latest 100 events (the header's bell and the home dashboard's list), refreshed every minute. */
const chargeBoxNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list({ limit: NOTIFICATION_LIMIT_DEFAULT }),
    queryFn: ({ signal }) => getChargeBoxNotifications({ limit: NOTIFICATION_LIMIT_DEFAULT }, signal),
    refetchInterval: 60_000,
  });

export function useChargeBoxNotifications() {
  return useQuery(chargeBoxNotificationsQuery());
}
