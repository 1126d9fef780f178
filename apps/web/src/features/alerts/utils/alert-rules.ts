import type { ChargeBoxNotification } from '../../notifications/api/get-charge-box-notifications';

/** Alerts search (000 §5): ignores spaces and case; matches the station's name or ChargeBox ID. */
export function normaliseAlertSearch(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

export function matchesAlertSearch(n: ChargeBoxNotification, search: string): boolean {
  const term = normaliseAlertSearch(search);
  if (!term) return true;
  return normaliseAlertSearch(n.chargeBoxName ?? '').includes(term) || normaliseAlertSearch(n.chargeBoxId).includes(term);
}

export type SortOrder = 'ascend' | 'descend' | null | undefined;

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * Text comparison for the table's sorters: case-insensitive, and blanks last in both directions
 * (the table reverses the result for a descending sort, so a blank answers the other way then).
 */
export function compareText(a: string | null | undefined, b: string | null | undefined, order: SortOrder): number {
  const blankA = blank(a);
  const blankB = blank(b);
  if (blankA && blankB) return 0;
  if (blankA || blankB) return (blankA ? 1 : -1) * (order === 'descend' ? -1 : 1);
  return collator.compare(a!.trim(), b!.trim());
}

export function compareDate(a: ChargeBoxNotification, b: ChargeBoxNotification): number {
  return Date.parse(a.notificationTimestampDT) - Date.parse(b.notificationTimestampDT);
}

/** The events of the same transaction, oldest first (for a Warning's timeline). */
export function transactionTimeline(events: ChargeBoxNotification[], of: ChargeBoxNotification): ChargeBoxNotification[] {
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
    .sort((a, b) => compareDate(a, b) || rank(a.type) - rank(b.type));
}

/** At the same instant, a recharge's end comes before the Warning it caused. */
const rank = (type: string) => ({ TransactionStarted: 0, TransactionEnded: 2, Warning: 3 })[type] ?? 1;
