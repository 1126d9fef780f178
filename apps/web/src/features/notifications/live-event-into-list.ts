import { NOTIFICATION_LIMIT_DEFAULT } from '@recarga/contracts/notification-types';
import type { Notification } from '@recarga/contracts/notifications';
import type { ChargeBoxNotificationsQuery } from '../../lib/api/get-charge-box-notifications';

const sameEvent = (a: Notification, b: Notification) =>
  a.chargeBoxId === b.chargeBoxId &&
  a.connectorId === b.connectorId &&
  a.type === b.type &&
  a.notificationTimestampDT === b.notificationTimestampDT;

/**
 * A cached event list with a live event put first, as the list's own query would have answered:
 * only events of its stations (when it asked for some), no duplicates, at most its own limit.
 */
export function liveEventIntoList(list: Notification[] | undefined, n: Notification, query: ChargeBoxNotificationsQuery | undefined) {
  if (!list) return list;
  if (query?.chargeBoxIds && !query.chargeBoxIds.split(',').includes(n.chargeBoxId)) return list;
  if (list.some((x) => sameEvent(x, n))) return list;
  return [n, ...list].slice(0, query?.limit ?? NOTIFICATION_LIMIT_DEFAULT);
}
