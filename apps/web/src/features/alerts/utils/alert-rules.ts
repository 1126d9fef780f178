import type { Notification } from '@recarga/contracts/notifications';
import { foldText } from '@recarga/contracts/text';

/** Alerts search (000 §5): ignores spaces, case and accents; matches the station's name or ChargeBox ID. */
function normaliseAlertSearch(text: string): string {
  return foldText(text.replace(/\s+/g, ''));
}

export function matchesAlertSearch(n: Notification, search: string): boolean {
  const term = normaliseAlertSearch(search);
  if (!term) return true;
  return normaliseAlertSearch(n.chargeBoxName ?? '').includes(term) || normaliseAlertSearch(n.chargeBoxId).includes(term);
}

type SortOrder = 'ascend' | 'descend' | null | undefined;

const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';
const collators = new Map<string, Intl.Collator>();
const collator = (language: string) => {
  let c = collators.get(language);
  if (!c) {
    c = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, c);
  }
  return c;
};

/**
 * Text comparison for the table's sorters in the interface language's order (`language`, a BCP-47
 * tag): case-insensitive, and blanks last in both directions (the table reverses the result for a
 * descending sort, so a blank answers the other way then).
 */
export function compareText(a: string | null | undefined, b: string | null | undefined, order: SortOrder, language: string): number {
  const blankA = blank(a);
  const blankB = blank(b);
  if (blankA && blankB) return 0;
  if (blankA || blankB) return (blankA ? 1 : -1) * (order === 'descend' ? -1 : 1);
  return collator(language).compare(a!.trim(), b!.trim());
}

export function compareDate(a: Notification, b: Notification): number {
  return Date.parse(a.notificationTimestampDT) - Date.parse(b.notificationTimestampDT);
}

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
    .sort((a, b) => compareDate(a, b) || rank(a.type) - rank(b.type));
}

/** At the same instant, a recharge's end comes before the Warning it caused. */
const rank = (type: string) => ({ TransactionStarted: 0, TransactionEnded: 2, Warning: 3 })[type] ?? 1;
