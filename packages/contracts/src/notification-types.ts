/**
 * Station event types and the notification list's limits. No zod here: the header's bell, on every
 * signed-in screen, filters and caps its list with them (notifications.ts has the schemas).
 */

/** Event types of stations and connectors (000 §4). Warning is shown as "Short Recharge". */
export const notificationTypes = [
  'Available',
  'Disconnected',
  'Connected',
  'StationBooted',
  'TransactionStarted',
  'TransactionEnded',
  'Failure',
  'Warning',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The types the header's notification dropdown shows (000 §2). */
export const alertNotificationTypes: readonly NotificationType[] = ['Failure', 'Warning', 'Disconnected'];

export const NOTIFICATION_LIMIT_DEFAULT = 100;
export const NOTIFICATION_LIMIT_MAX = 1000;
