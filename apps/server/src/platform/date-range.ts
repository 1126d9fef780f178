import { badRequest } from './errors';
import { offsetMs, type Zone } from './time-zone';

/**
 * A request's time zone and a date range of a list (transactions 001 §5, financial movements
 * 000 §5): whole local days, local date-times or ISO instants, never beyond today, at most a number
 * of days long. Each list gives its own field names, texts and default start.
 */

export type { Zone } from './time-zone';
export type Ymd = [number, number, number];

/** `timeZone` (IANA, checked by the query schema) wins; else X-Timezone-Offset (minutes, Date.getTimezoneOffset() sign: 180 = UTC−3); else UTC. */
export function zoneOf(timeZone: string | undefined, offsetHeader: string | string[] | undefined, code?: string): Zone {
  if (timeZone) return { kind: 'iana', name: timeZone };
  const raw = Array.isArray(offsetHeader) ? offsetHeader[0] : offsetHeader;
  if (raw !== undefined && raw !== '') {
    const minutes = Number(raw);
    if (!Number.isInteger(minutes) || Math.abs(minutes) > 14 * 60)
      throw badRequest('Invalid X-Timezone-Offset', { 'X-Timezone-Offset': 'Minutes between -840 and 840.' }, code);
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

/** Today's local date in the zone. */
function localToday(zone: Zone, now: Date): Ymd {
  const local = new Date(now.getTime() + offsetMs(zone, now.getTime()));
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

export const addDays = ([y, m, d]: Ymd, days: number): Ymd => {
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type Bound = { kind: 'day'; ymd: Ymd } | { kind: 'instant'; at: Date };

/** A bound as written: a real calendar day, a local date-time or an instant with its offset, from the year 2000 on. */
function parseBound(v: string, zone: Zone): Bound | null {
  const d = DATE.exec(v);
  if (d) {
    const ymd: Ymd = [Number(d[1]), Number(d[2]), Number(d[3])];
    const check = new Date(Date.UTC(ymd[0], ymd[1] - 1, ymd[2]));
    if (ymd[0] < 2000 || check.getUTCMonth() !== ymd[1] - 1 || check.getUTCDate() !== ymd[2]) return null;
    return { kind: 'day', ymd };
  }
  const l = LOCAL_DATE_TIME.exec(v);
  if (l) {
    if (+l[1]! < 2000 || +l[4]! > 23 || +l[5]! > 59) return null;
    const at = localInstant(zone, +l[1]!, +l[2]!, +l[3]!, +l[4]!, +l[5]!, +(l[6] ?? 0));
    return Number.isNaN(at.getTime()) ? null : { kind: 'instant', at };
  }
  if (!INSTANT.test(v)) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) || new Date(t).getUTCFullYear() < 2000 ? null : { kind: 'instant', at: new Date(t) };
}

export interface DateRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface RangeRules {
  /** At most this many local days from the first day to the last. */
  maxDays: number;
  /** The query fields the errors name. */
  fields: { from: string; to: string };
  messages: { invalid: string; future: string; order: string; tooLong: string };
  /** The first day when none is given, from the last day (given, or today). */
  defaultFrom: (lastDay: Ymd) => Ymd;
  /** The error's message and code (400). */
  error: { message: string; code?: string };
}

/** The range of `fromText`..`toText` (either may be absent) in the zone, or a 400 naming the fields. */
export function resolveRange(
  fromText: string | undefined,
  toText: string | undefined,
  zone: Zone,
  rules: RangeRules,
  now = new Date(),
): DateRange {
  const fail = (fields: Record<string, string>) => badRequest(rules.error.message, fields, rules.error.code);
  const today = localToday(zone, now);
  const endOfToday = localInstant(zone, ...addDays(today, 1));
  const fields: Record<string, string> = {};
  const fromB = fromText ? parseBound(fromText, zone) : null;
  const toB = toText ? parseBound(toText, zone) : null;
  if (fromText && !fromB) fields[rules.fields.from] = rules.messages.invalid;
  if (toText && !toB) fields[rules.fields.to] = rules.messages.invalid;
  if (Object.keys(fields).length) throw fail(fields);

  const to = toB ? (toB.kind === 'day' ? localInstant(zone, ...addDays(toB.ymd, 1)) : new Date(toB.at.getTime() + 1)) : endOfToday;
  const from = fromB
    ? fromB.kind === 'day'
      ? localInstant(zone, ...fromB.ymd)
      : fromB.at
    : localInstant(zone, ...rules.defaultFrom(toB?.kind === 'day' ? toB.ymd : today));
  if (from.getTime() >= endOfToday.getTime()) fields[rules.fields.from] = rules.messages.future;
  if (to.getTime() > endOfToday.getTime()) fields[rules.fields.to] = rules.messages.future;
  if (!fields[rules.fields.to] && to.getTime() <= from.getTime()) fields[rules.fields.to] = rules.messages.order;
  // At most maxDays local days from the first day to the day after the last (an hour of DST slack).
  if (!fields[rules.fields.to] && !fields[rules.fields.from] && to.getTime() - from.getTime() > rules.maxDays * 86_400_000 + 3_600_000)
    fields[rules.fields.to] = rules.messages.tooLong;
  if (Object.keys(fields).length) throw fail(fields);
  return { from, to };
}
