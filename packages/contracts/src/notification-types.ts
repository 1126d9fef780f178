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

/**
 * How much an event matters to an operator (issue 40 item 15). The server derives it from the type in
 * one place (the notifications table's generated `severity` column): Failure → fault, Disconnected →
 * offline, Warning → shortRecharge, everything else (starts, ends, boots, connections) → info.
 */
export const alertSeverities = ['fault', 'offline', 'shortRecharge', 'info'] as const;
export type AlertSeverity = (typeof alertSeverities)[number];

/** The event types that pop up as toasts for a user who never chose (faults and offline stations). */
export const defaultToastTypes: readonly NotificationType[] = ['Failure', 'Disconnected'];

/**
 * A station's time ahead of the time the event was received by more than this is shown with a
 * "station clock ahead" hint (the list orders by the time received either way).
 */
export const STATION_CLOCK_AHEAD_MS = 5 * 60_000;

/** Alerts list: page size (000 §9) and the largest page a caller may ask for. */
export const ALERTS_PAGE_SIZE = 10;
export const ALERTS_PAGE_SIZE_MAX = 100;

/** The bell's list: its newest events, and the unread count counts no further than this. */
export const BELL_LIMIT = 50;
export const BELL_UNREAD_CAP = 99;

/** Sortable columns of the alerts list; `date` is the time received. */
export const alertSortKeys = ['date', 'station', 'state', 'city', 'place', 'event'] as const;
export type AlertSortKey = (typeof alertSortKeys)[number];

/**
 * OCPP 1.5 and 1.6 ChargePointErrorCode values (1.6 §7.6; 1.5 adds Mode3Error, which Recarga maps to
 * EVCommunicationError at the edge but older rows may hold). The interface translates each one.
 */
export const ocppErrorCodes = [
  'ConnectorLockFailure',
  'EVCommunicationError',
  'GroundFailure',
  'HighTemperature',
  'InternalError',
  'LocalListConflict',
  'Mode3Error',
  'NoError',
  'OtherError',
  'OverCurrentFailure',
  'OverVoltage',
  'PowerMeterFailure',
  'PowerSwitchFailure',
  'ReaderFailure',
  'ResetFailure',
  'UnderVoltage',
  'WeakSignal',
] as const;
