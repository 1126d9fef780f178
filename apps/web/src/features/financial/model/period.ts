import dayjs, { type Dayjs } from 'dayjs';
import { FINANCIAL_MAX_RANGE_DAYS, FINANCIAL_MONTHS_SELECTABLE } from '@recarga/contracts/financial-constants';

/**
 * The financial period (000 §2, §5, §9): whole days, the first of the current month to today by
 * default; a month of the selector (the current one and the two before it) or a custom period of at
 * most 365 days (both ends counted) that never goes beyond today.
 */

/** Inclusive whole days: [first day, last day], each at the start of its day. */
export type Period = [Dayjs, Dayjs];

export type PeriodProblem = 'order' | 'future' | 'tooLong';

/** `YYYY-MM-DD`, as the address and the gateway query write a day. */
export const dayText = (day: Dayjs): string => day.format('YYYY-MM-DD');

/** The first of the current month to today. */
export function defaultPeriod(now: Dayjs = dayjs()): Period {
  return [now.startOf('month'), now.startOf('day')];
}

export interface MonthOption {
  /** `YYYY-MM`. */
  key: string;
  period: Period;
  /** The first day of the month (for its name). */
  month: Dayjs;
}

/** The month selector: this month (up to today) and the previous ones, newest first. */
export function monthOptions(now: Dayjs = dayjs(), count: number = FINANCIAL_MONTHS_SELECTABLE): MonthOption[] {
  const today = now.startOf('day');
  return Array.from({ length: count }, (_, i) => {
    const month = now.startOf('month').subtract(i, 'month');
    const last = month.endOf('month').startOf('day');
    return { key: month.format('YYYY-MM'), month, period: [month, last.isAfter(today) ? today : last] as Period };
  });
}

/** The month option a period is exactly (first of a month to its last day, or to today for the current month); null: a custom period. */
export function monthOf(period: Period, now: Dayjs = dayjs()): string | null {
  const match = monthOptions(now).find((m) => dayText(m.period[0]) === dayText(period[0]) && dayText(m.period[1]) === dayText(period[1]));
  return match ? match.key : null;
}

/** Number of days a period covers, both ends counted (1 for a single day). */
export function periodDays([from, to]: Period): number {
  return to.startOf('day').diff(from.startOf('day'), 'day') + 1;
}

/** What keeps a period from being asked for: ends swapped, a day after today, more than 365 days. */
export function periodProblem(period: Period, now: Dayjs = dayjs()): PeriodProblem | null {
  const [from, to] = period;
  if (from.startOf('day').isAfter(to.startOf('day'))) return 'order';
  if (to.startOf('day').isAfter(now.startOf('day'))) return 'future';
  return periodDays(period) > FINANCIAL_MAX_RANGE_DAYS ? 'tooLong' : null;
}

/**
 * Days the custom period's picker refuses: after today, and — once one end is chosen — any day that
 * would make the period longer than 365 days.
 */
export function isDayDisabled(day: Dayjs, now: Dayjs = dayjs(), chosen?: Dayjs | null): boolean {
  if (day.startOf('day').isAfter(now.startOf('day'))) return true;
  if (!chosen) return false;
  const [a, b] = day.isBefore(chosen) ? [day, chosen] : [chosen, day];
  return periodDays([a, b]) > FINANCIAL_MAX_RANGE_DAYS;
}

/** Reads a period from the address's days; undefined ends take the default period's. */
export function periodFromDays(from: string | undefined, to: string | undefined, now: Dayjs = dayjs()): Period {
  const fallback = defaultPeriod(now);
  return [from ? dayjs(from).startOf('day') : fallback[0], to ? dayjs(to).startOf('day') : fallback[1]];
}
