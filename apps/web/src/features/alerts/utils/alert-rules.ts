import type { Notification } from '@recarga/contracts/notifications';

const time = (n: Notification) => Date.parse(n.notificationTimestampDT);

/** The events of the same transaction, oldest first (for a Warning's timeline). */
export function transactionTimeline(events: Notification[], of: Notification): Notification[] {
  if (of.transactionId === null) return [];
  const seen = new Set<string>();
  return events
    .filter((e) => e.transactionId === of.transactionId && e.chargeBoxId === of.chargeBoxId)
    .filter((e) => {
      const key = `${e.type}|${e.notificationTimestampDT}|${e.connectorId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => time(a) - time(b) || rank(a.type) - rank(b.type));
}

/** At the same instant, a recharge's end comes before the Warning it caused. */
const rank = (type: string) => ({ TransactionStarted: 0, TransactionEnded: 2, Warning: 3 })[type] ?? 1;
