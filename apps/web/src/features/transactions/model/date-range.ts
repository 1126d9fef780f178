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

export type RangeProblem = 'order' | 'future' | 'tooLong';

/** What keeps a whole range from being queried: ends swapped, a day after today, 365 days or more. */
export function rangeProblem([from, to]: DateRange, now: Dayjs = dayjs()): RangeProblem | null {
  if (from.isAfter(to)) return 'order';
  if (to.isAfter(now.endOf('day'))) return 'future';
  return to.diff(from, 'day', true) < MAX_RANGE_DAYS ? null : 'tooLong';
}

/** True when a whole range may be queried (ordered, not in the future, under 365 days). */
export function isRangeAllowed(range: DateRange, now: Dayjs = dayjs()): boolean {
  return rangeProblem(range, now) === null;
}

/** A picked range as the query sends it: from the start of its first day to the end of its last day. */
export function normaliseRange([from, to]: DateRange): DateRange {
  return [from.startOf('day'), to.endOf('day')];
}
