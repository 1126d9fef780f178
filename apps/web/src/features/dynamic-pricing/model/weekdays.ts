import type { Weekday, weekdays as contractWeekdays } from '@recarga/contracts/dynamic-pricing';

/**
 * Monday to Sunday, as the contract spells them. A typed copy rather than an import: the contract
 * file carries the zod schemas, which the pricing screens would otherwise load for one list. The
 * type makes the compiler refuse any drift from the contract's list.
 */
export const weekdays: typeof contractWeekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** The weekday's part of the address: /dynamic-pricing/{id}/monday. */
export const weekdaySlug = (day: Weekday): string => day.toLowerCase();

/** The weekday of an address part ('monday' → MONDAY); null for anything else. */
export function weekdayOfSlug(slug: string | undefined): Weekday | null {
  if (!slug) return null;
  return weekdays.find((day) => day.toLowerCase() === slug) ?? null;
}
