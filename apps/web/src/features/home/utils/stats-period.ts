import dayjs, { type Dayjs } from 'dayjs';
import { STATS_DEFAULT_DAYS, STATS_MIN_DATE } from '@recarga/contracts/stats-constants';
import { browserTimeZone } from '../../../lib/browser-time-zone';

/** What the stats calls receive: local wall-clock bounds and the browser's time zone. */
export interface StatsPeriodParams {
  fromDate: string;
  toDate: string;
  timeZone: string;
}

export type DateRange = [Dayjs, Dayjs];

const minStatsDate = dayjs(STATS_MIN_DATE).startOf('day');
const API_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The default period (000 §2): the last 7 days, from 00:00:00 to 23:59:59 today. */
export function defaultRange(now: Dayjs = dayjs()): DateRange {
  return [now.subtract(STATS_DEFAULT_DAYS - 1, 'day').startOf('day'), now.endOf('day').millisecond(0)];
}

/** Whole days: the first at 00:00:00, the last at 23:59:59; never before 2010-01-01. */
export function normaliseRange([from, to]: DateRange): DateRange {
  const start = from.startOf('day');
  return [start.isBefore(minStatsDate) ? minStatsDate : start, to.endOf('day').millisecond(0)];
}

export function periodParams([from, to]: DateRange, timeZone = browserTimeZone()): StatsPeriodParams {
  return { fromDate: from.format(API_FORMAT), toDate: to.format(API_FORMAT), timeZone };
}

/** True when the period reaches the present: live updates can change its figures. */
export function includesNow([, to]: DateRange, now: Dayjs = dayjs()): boolean {
  return !to.isBefore(now);
}

/** Dates the picker refuses: before 2010-01-01. */
export function isDisabledDate(date: Dayjs): boolean {
  return date.isBefore(minStatsDate, 'day');
}
