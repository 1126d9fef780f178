import dayjs, { type Dayjs } from 'dayjs';

/** The transaction query spans under 365 days and never goes beyond today (001 §5, §9). */
const MAX_RANGE_DAYS = 365;

export type DateRange = [Dayjs, Dayjs];

/** From the start of the day two days ago to the end of today. */
export function defaultTransactionRange(now: Dayjs = dayjs()): DateRange {
  return [now.subtract(2, 'day').startOf('day'), now.endOf('day')];
}

/**
 * Days the range picker refuses: after today, and — once one end is chosen — any day that would
 * make the range 365 days or longer.
 */
export function isDateDisabled(day: Dayjs, now: Dayjs = dayjs(), chosen?: { from?: Dayjs | null; to?: Dayjs | null }): boolean {
  if (day.isAfter(now.endOf('day'))) return true;
  if (chosen?.from && day.endOf('day').diff(chosen.from.startOf('day'), 'day', true) >= MAX_RANGE_DAYS) return true;
  if (chosen?.to && chosen.to.endOf('day').diff(day.startOf('day'), 'day', true) >= MAX_RANGE_DAYS) return true;
  return false;
}

/** True when a whole range may be queried (ordered, not in the future, under 365 days). */
export function isRangeAllowed([from, to]: DateRange, now: Dayjs = dayjs()): boolean {
  if (from.isAfter(to)) return false;
  if (to.isAfter(now.endOf('day'))) return false;
  return to.diff(from, 'day', true) < MAX_RANGE_DAYS;
}

/** A picked range as the query sends it: from the start of its first day to the end of its last day. */
export function normaliseRange([from, to]: DateRange): DateRange {
  return [from.startOf('day'), to.endOf('day')];
}
