import { dynamicPricingMessages as msg, type PricingDetailForm, type Weekday } from '@recarga/contracts/dynamic-pricing';
import { instantOf, localParts, type PriceSet, type ProfileRules } from './time-of-use';

/**
 * The rules of 002 §5 over a profile's whole list of details (the form sends them all at once),
 * and the conversion of stored details into the engine's ProfileRules. One place for both: the
 * API refuses what the engine could not price.
 */

/** 'HH:mm[:ss]' → minutes of the day ('24:00' = 1440). */
export function minuteOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

export const timeOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;

/** Today's offset of a zone from GMT, in minutes (local = GMT + offset). */
function offsetMinutes(zone: string, now: number): number {
  const p = localParts(zone, now);
  return Math.round((instantOf(zone, p.date, 0) - Date.parse(`${p.date}T00:00:00Z`)) / -60_000);
}

/** A local wall-clock time as GMT with the zone's offset of today (the spec's *TimeGMT fields). */
export function localToGmt(time: string, zone: string, now = Date.now()): string {
  return timeOf((((minuteOf(time) - offsetMinutes(zone, now)) % 1440) + 1440) % 1440);
}

export function gmtToLocal(time: string, zone: string, now = Date.now()): string {
  return timeOf((((minuteOf(time) + offsetMinutes(zone, now)) % 1440) + 1440) % 1440);
}

/** A detail with its local times resolved (the local field, or the GMT one converted). */
export interface ResolvedDetail extends PricingDetailForm {
  startTime: string | null;
  endTime: string | null;
}

export function resolveTimes(d: PricingDetailForm, zone: string, now = Date.now()): ResolvedDetail {
  const local = (own: string | null | undefined, gmt: string | null | undefined) =>
    own ? own.slice(0, 5) : gmt ? gmtToLocal(gmt, zone, now).slice(0, 5) : null;
  const startTime = local(d.startTime, d.startTimeGMT);
  let endTime = local(d.endTime, d.endTimeGMT);
  // A window ending at midnight: 00:00 as its end means the end of the day.
  if (endTime === '00:00' && startTime && startTime !== '00:00') endTime = '24:00';
  return { ...d, startTime, endTime };
}

const hasPrice = (d: PricingDetailForm) => d.kwhPrice != null || d.durationPrice != null;

/** Field errors of the whole list, keyed `dynamicPricingDetailFormList.<i>.<field>`; empty when valid. */
export function validateDetails(details: ResolvedDetail[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const err = (i: number, field: string, message: string) => {
    const key = `dynamicPricingDetailFormList.${i}.${field}`;
    if (!fields[key]) fields[key] = message;
  };
  const generals = new Map<Weekday, number>();
  details.forEach((d, i) => {
    if (d.kwhPrice != null && d.durationPrice != null) err(i, 'kwhPrice', msg.priceRequired);
    if (d.exception) {
      if (!d.startDate) err(i, 'startDate', msg.dayRequired);
      const end = d.endDate ?? d.startDate;
      if (d.startDate && end && end < d.startDate) err(i, 'endDate', msg.datesOrder);
      if (!hasPrice(d)) err(i, 'kwhPrice', msg.priceRequired);
      return;
    }
    if (!d.dayOfWeek) {
      err(i, 'dayOfWeek', msg.dayRequired);
      return;
    }
    if (d.general) {
      if (generals.has(d.dayOfWeek)) err(i, 'dayOfWeek', msg.oneGeneralPerDay);
      generals.set(d.dayOfWeek, i);
      if (d.active && !hasPrice(d)) err(i, 'kwhPrice', msg.priceRequired);
      return;
    }
    // A time window.
    if (!d.startTime) err(i, 'startTime', msg.startTimeRequired);
    if (!d.endTime) err(i, 'endTime', msg.endTimeRequired);
    if (d.startTime && d.endTime) {
      if (d.startTime === d.endTime) err(i, 'endTime', msg.timesEqual);
      else if (minuteOf(d.startTime) > minuteOf(d.endTime)) err(i, 'startTime', msg.startAfterEnd);
    }
    if (!hasPrice(d)) err(i, 'kwhPrice', msg.priceRequired);
  });

  // Windows of one day: no shared start or end, no overlap.
  const windows = details
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => !d.exception && !d.general && d.dayOfWeek && d.startTime && d.endTime && d.startTime < d.endTime);
  for (const a of windows) {
    for (const b of windows) {
      if (b.i >= a.i || a.d.dayOfWeek !== b.d.dayOfWeek) continue;
      const [as, ae, bs, be] = [minuteOf(a.d.startTime!), minuteOf(a.d.endTime!), minuteOf(b.d.startTime!), minuteOf(b.d.endTime!)];
      if (as === bs || ae === be || (as < be && bs < ae)) err(a.i, 'startTime', msg.windowClash);
    }
  }

  // Exceptions: a date inside another period, a period enclosing another.
  const exceptions = details.map((d, i) => ({ d, i })).filter(({ d }) => d.exception && d.startDate);
  for (const a of exceptions) {
    const aStart = a.d.startDate!;
    const aEnd = a.d.endDate ?? aStart;
    for (const b of exceptions) {
      if (b.i >= a.i) continue;
      const bStart = b.d.startDate!;
      const bEnd = b.d.endDate ?? bStart;
      if (aStart > bEnd || aEnd < bStart) continue;
      // The later one in the list is the one being added: it may not enclose an earlier one, nor
      // have a date inside one.
      const encloses = aStart <= bStart && aEnd >= bEnd && (aStart !== bStart || aEnd !== bEnd);
      if (encloses) err(a.i, 'endDate', msg.periodEnclosesOther);
      else err(a.i, aStart >= bStart && aStart <= bEnd ? 'startDate' : 'endDate', msg.dateInsideOther);
    }
  }
  return fields;
}

/** A stored detail's prices as the engine's. */
function pricesOf(d: {
  service_price: number | string;
  kwh_price: number | string | null;
  duration_price: number | string | null;
  idle_time_price: number | string | null;
  reserve_price: number | string | null;
  operation_fee: number | string;
  taxes: number | string;
}): PriceSet {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    servicePrice: Number(d.service_price),
    kwhPrice: n(d.kwh_price),
    durationPrice: n(d.duration_price),
    idleTimePrice: n(d.idle_time_price),
    reservePrice: n(d.reserve_price),
    operationFee: Number(d.operation_fee),
    taxes: Number(d.taxes),
  };
}

export interface StoredDetail {
  day_of_week: Weekday | null;
  general: boolean;
  exception: boolean;
  active: boolean;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  service_price: number | string;
  kwh_price: number | string | null;
  duration_price: number | string | null;
  idle_time_price: number | string | null;
  reserve_price: number | string | null;
  operation_fee: number | string;
  taxes: number | string;
}

/**
 * Stored details as the engine's rules. A weekday without a general row, or switched off, is off
 * (the station's own settings price it); inactive windows and exceptions are left out.
 */
export function rulesOf(details: StoredDetail[]): ProfileRules {
  const rules: ProfileRules = { weekdays: [], exceptions: [] };
  for (const d of details) {
    if (d.exception) {
      if (d.active) rules.exceptions.push({ startDate: d.start_date!, endDate: d.end_date ?? d.start_date!, prices: pricesOf(d) });
    } else if (d.general && d.day_of_week) {
      rules.weekdays.push({ dayOfWeek: d.day_of_week, active: d.active, prices: pricesOf(d), windows: [] });
    }
  }
  for (const d of details) {
    if (d.exception || d.general || !d.active || !d.day_of_week || !d.start_time || !d.end_time) continue;
    const day = rules.weekdays.find((w) => w.dayOfWeek === d.day_of_week);
    day?.windows.push({ startMinute: minuteOf(d.start_time), endMinute: minuteOf(d.end_time), prices: pricesOf(d) });
  }
  for (const day of rules.weekdays) day.windows.sort((a, b) => a.startMinute - b.startMinute);
  rules.exceptions.sort((a, b) => a.startDate.localeCompare(b.startDate));
  return rules;
}
