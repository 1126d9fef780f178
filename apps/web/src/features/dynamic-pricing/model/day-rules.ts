import type { PricingMessageKey } from './pricing-messages';
import { hasEnergyOrTimePrice, type PriceValues } from './price-values';
import { minuteOf, resolvedEnd } from './window-times';

/** A time window in the day's form: local 'HH:mm' edges and its prices. */
export interface WindowValues extends PriceValues {
  /** The saved window's id; absent for a new one. */
  uuid?: string;
  startTime: string | null;
  endTime: string | null;
}

/** A weekday's form: dynamic pricing on or off for the day, its general prices and its windows. */
export interface DayValues {
  active: boolean;
  general: PriceValues;
  windows: WindowValues[];
}

/** A message on a field of a form (`['windows', 1, 'startTime']`). */
export interface FieldMessage {
  name: (string | number)[];
  key: PricingMessageKey;
}

/**
 * The day's rules of 002 §5 (Time window), as the server applies them (modules/dynamic-pricing/
 * rules.ts), so the form refuses exactly what the server would and on the same field: one message
 * per field, the first found. Windows of one day may not share a start or an end nor overlap; the
 * later window of a clashing pair carries the message (the one being added).
 */
export function validateDay(values: DayValues): FieldMessage[] {
  const found = new Map<string, FieldMessage>();
  const add = (name: (string | number)[], key: PricingMessageKey) => {
    const id = name.join('.');
    if (!found.has(id)) found.set(id, { name, key });
  };
  if (values.active && !hasEnergyOrTimePrice(values.general)) add(['general', 'kwhPrice'], 'priceRequired');
  if (values.general.kwhPrice !== null && values.general.durationPrice !== null) add(['general', 'kwhPrice'], 'priceRequired');

  const spans: { index: number; start: number; end: number }[] = [];
  values.windows.forEach((w, index) => {
    const end = resolvedEnd(w.startTime, w.endTime);
    if (w.kwhPrice !== null && w.durationPrice !== null) add(['windows', index, 'kwhPrice'], 'priceRequired');
    if (!w.startTime) add(['windows', index, 'startTime'], 'startTimeRequired');
    if (!end) add(['windows', index, 'endTime'], 'endTimeRequired');
    if (w.startTime && end) {
      if (w.startTime === end) add(['windows', index, 'endTime'], 'timesEqual');
      else if (minuteOf(w.startTime) > minuteOf(end)) add(['windows', index, 'startTime'], 'startAfterEnd');
      else spans.push({ index, start: minuteOf(w.startTime), end: minuteOf(end) });
    }
    if (!hasEnergyOrTimePrice(w)) add(['windows', index, 'kwhPrice'], 'priceRequired');
  });

  for (const a of spans) {
    for (const b of spans) {
      if (b.index >= a.index) continue;
      if (a.start === b.start || a.end === b.end || (a.start < b.end && b.start < a.end))
        add(['windows', a.index, 'startTime'], 'windowClash');
    }
  }
  return [...found.values()];
}
