import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChargeBoxNotifications, notificationKeys } from '../../../lib/api/get-charge-box-notifications';

/** The user's recent events (001 §9: limit 30). */
export const USER_EVENTS_LIMIT = 30;

/** GET /api/notification/chargeBox/?userPk&limit=30 */
export function useUserEvents(userPk: number) {
  const query = { userPk, limit: USER_EVENTS_LIMIT };
  return useQuery(
    queryOptions({ queryKey: notificationKeys.list(query), queryFn: ({ signal }) => getChargeBoxNotifications(query, signal) }),
  );
}
