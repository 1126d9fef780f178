/** Event types of stations and connectors (spec §4). */
export const eventTypes = [
  'Available',
  'Disconnected',
  'Connected',
  'StationBooted',
  'TransactionStarted',
  'TransactionEnded',
  'Failure',
  'Warning',
] as const;

/** Only these reach the header's notifications dropdown. */
export const headerNotificationTypes: ReadonlySet<string> = new Set(['Failure', 'Warning', 'Disconnected']);

export function isKnownEventType(type: string): type is (typeof eventTypes)[number] {
  return (eventTypes as readonly string[]).includes(type);
}
