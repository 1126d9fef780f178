import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_LIMIT_MAX } from '@recarga/contracts/notification-types';
import { getChargeBoxNotifications, notificationKeys } from '../../../lib/api/get-charge-box-notifications';

/**
 * The alerts screen reads the newest station events of the scope (GET notification/chargeBox,
 * the call's maximum of 1000) and searches, sorts and pages them in the browser. The key starts
 * like the header's list, so live events are prepended to it too.
 */
const alertsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.list({ limit: NOTIFICATION_LIMIT_MAX }),
    queryFn: ({ signal }) => getChargeBoxNotifications({ limit: NOTIFICATION_LIMIT_MAX }, signal),
  });

export function useAlerts() {
  return useQuery(alertsQuery());
}

/** Events of one station (for a Warning's transaction timeline when the list does not hold them all). */
export function useStationEvents(chargeBoxId: string | null) {
  return useQuery({
    queryKey: notificationKeys.list({ chargeBoxIds: chargeBoxId ?? undefined, limit: 300 }),
    queryFn: ({ signal }) => getChargeBoxNotifications({ chargeBoxIds: chargeBoxId ?? undefined, limit: 300 }, signal),
    enabled: chargeBoxId !== null,
  });
}
