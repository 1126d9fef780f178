import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A station or connector event (spec §3 "Notification (alert)"). */
export interface ChargeBoxNotification {
  chargeBoxId: string;
  chargeBoxName: string | null;
  connectorId: number | null;
  type: string;
  /** UTC timestamp. */
  notificationTimestampDT: string;
  userName: string | null;
  transactionId: number | null;
  connectorErrorMsg: string | null;
  connectorErrorCode: string | null;
  addressState: string | null;
  addressCity: string | null;
  addressStreet: string | null;
}

export interface ChargeBoxNotificationsAnswer {
  notificationList: ChargeBoxNotification[];
}

export const notificationLimit = 100;

/** GET /api/notification/chargeBox/?limit=100 */
export async function getChargeBoxNotifications(signal?: AbortSignal): Promise<ChargeBoxNotification[]> {
  const answer = await apiClient.request<ChargeBoxNotificationsAnswer | undefined>({
    path: 'notification/chargeBox/',
    query: { limit: notificationLimit },
    signal,
  });
  return answer?.notificationList ?? [];
}

export const chargeBoxNotificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications', 'chargeBox', { limit: notificationLimit }] as const,
    queryFn: ({ signal }) => getChargeBoxNotifications(signal),
    refetchInterval: 60_000,
  });

export function useChargeBoxNotifications() {
  return useQuery(chargeBoxNotificationsQuery());
}
