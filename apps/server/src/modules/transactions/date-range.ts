import { TRANSACTION_MAX_RANGE_DAYS } from '@recarga/contracts/transactions';
import { badRequest } from '../../platform/errors';
import { offsetMs, type Zone } from '../../platform/time-zone';

/**
 * The request's time zone and the transactions date range (001 §5, §9): whole local days or
 * instants, default from the start of the day two days ago to the end of today, under 365 days,
 * never beyond today.
 */

export type { Zone } from '../../platform/time-zone';

const rangeMessages = {
  invalid: 'Invalid date (use YYYY-MM-DD or an ISO date-time).',
  future: 'The date range may not go beyond today.',
  order: 'The end date must not be before the start date.',
  tooLong: 'The date range must be under 365 days.',
} as const;

/** `timeZone` (IANA) wins; else X-Timezone-Offset (minutes, Date.getTimezoneOffset() sign: 180 = UTC−3); else UTC. */
export function zoneOf(timeZone: string | undefined, offsetHeader: string | string[] | undefined): Zone {
  // An IANA name, checked by the query schema (queryTimeZone).
  if (timeZone) return { kind: 'iana', name: timeZone };
  const raw = Array.isArray(offsetHeader) ? offsetHeader[0] : offsetHeader;
  if (raw !== undefined && raw !== '') {
    const minutes = Number(raw);
    if (!Number.isInteger(minutes) || Math.abs(minutes) > 14 * 60)
      throw badRequest('Invalid X-Timezone-Offset', { 'X-Timezone-Offset': 'Minutes between -840 and 840.' });
    return { kind: 'offset', minutes };
  }
  return { kind: 'iana', name: 'UTC' };
}

/** The instant of a local wall-clock time (y, m 1-12, d, h, min, s) in the zone. */
export function localInstant(zone: Zone, y: number, m: number, d: number, h = 0, min = 0, s = 0): Date {
  const guess = Date.UTC(y, m - 1, d, h, min, s);
  let t = guess - offsetMs(zone, guess);
  t = guess - offsetMs(zone, t);
  return new Date(t);
}

/** Today's local date in the zone as [y, m, d]. */
function localToday(zone: Zone, now = new Date()): [number, number, number] {
  const local = new Date(now.getTime() + offsetMs(zone, now.getTime()));
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

const addDays = ([y, m, d]: [number, number, number], days: number): [number, number, number] => {
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

type Bound = { kind: 'day'; ymd: [number, number, number] } | { kind: 'instant'; at: Date };

function parseBound(v: string, zone: Zone): Bound | null {
  const d = DATE.exec(v);
  if (d) {
    const ymd: [number, number, number] = [Number(d[1]), Number(d[2]), Number(d[3])];
    const check = new Date(Date.UTC(ymd[0], ymd[1] - 1, ymd[2]));
    if (check.getUTCMonth() !== ymd[1] - 1 || check.getUTCDate() !== ymd[2]) return null;
    return { kind: 'day', ymd };
  }
  const l = LOCAL_DATE_TIME.exec(v);
  if (l) return { kind: 'instant', at: localInstant(zone, +l[1]!, +l[2]!, +l[3]!, +l[4]!, +l[5]!, +(l[6] ?? 0)) };
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : { kind: 'instant', at: new Date(t) };
}

export interface DateRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export function resolveRange(fromText: string | undefined, toText: string | undefined, zone: Zone, now = new Date()): DateRange {
  const today = localToday(zone, now);
  const endOfToday = localInstant(zone, ...addDays(today, 1));
  const fields: Record<string, string> = {};
  const fromB = fromText ? parseBound(fromText, zone) : null;
  const toB = toText ? parseBound(toText, zone) : null;
  if (fromText && !fromB) fields.fromDate = rangeMessages.invalid;
  if (toText && !toB) fields.toDate = rangeMessages.invalid;
  if (Object.keys(fields).length) throw badRequest('Invalid date range', fields);

  const to = toB ? (toB.kind === 'day' ? localInstant(zone, ...addDays(toB.ymd, 1)) : new Date(toB.at.getTime() + 1)) : endOfToday;
  let from: Date;
  if (fromB) from = fromB.kind === 'day' ? localInstant(zone, ...fromB.ymd) : fromB.at;
  else {
    const toDay = toB?.kind === 'day' ? toB.ymd : today;
    from = localInstant(zone, ...addDays(toB?.kind === 'day' ? toDay : today, -2));
  }
  if (from.getTime() >= endOfToday.getTime()) fields.fromDate = rangeMessages.future;
  if (to.getTime() > endOfToday.getTime()) fields.toDate = rangeMessages.future;
  if (!fields.toDate && to.getTime() <= from.getTime()) fields.toDate = rangeMessages.order;
  // Under 365 days: at most 365 local days from the first to the day after the last (an hour of DST slack).
  if (!fields.toDate && to.getTime() - from.getTime() > TRANSACTION_MAX_RANGE_DAYS * 86_400_000 + 3_600_000)
    fields.toDate = rangeMessages.tooLong;
  if (Object.keys(fields).length) throw badRequest('Invalid date range', fields);
  return { from, to };
}
