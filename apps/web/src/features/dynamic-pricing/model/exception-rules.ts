import type { FieldMessage } from './day-rules';
import { hasEnergyOrTimePrice, type PriceValues } from './price-values';

/** 002 §4: an exception is a single day (1) or a period (2). */
export const exceptionKinds = { day: 1, period: 2 } as const;
export type ExceptionKind = (typeof exceptionKinds)[keyof typeof exceptionKinds];

/** An exception in its form: dates as 'YYYY-MM-DD'. */
export interface ExceptionValues extends PriceValues {
  kind: ExceptionKind;
  startDate: string | null;
  /** The period's last day; ignored for a single day. */
  endDate: string | null;
}

/** Another exception of the profile: its first and last day. */
export interface ExceptionSpan {
  startDate: string;
  endDate: string | null;
}

/** The exception as a span of days: a single day ends where it starts. */
export function spanOf(values: Pick<ExceptionValues, 'kind' | 'startDate' | 'endDate'>): { start: string | null; end: string | null } {
  return { start: values.startDate, end: values.kind === exceptionKinds.day ? values.startDate : values.endDate };
}

/**
 * The rules of 002 §5 (Exception), as the server applies them to the exception being saved against
 * the profile's others: a first day, an end not before the start, no day inside another exception,
 * no period enclosing another, and a kWh or duration price.
 */
export function validateException(values: ExceptionValues, others: ExceptionSpan[]): FieldMessage[] {
  const found = new Map<string, FieldMessage>();
  const add = (field: string, key: FieldMessage['key']) => {
    if (!found.has(field)) found.set(field, { name: [field], key });
  };
  const { start, end } = spanOf(values);
  if (values.kwhPrice !== null && values.durationPrice !== null) add('kwhPrice', 'priceRequired');
  if (!start) add('startDate', 'dayRequired');
  if (values.kind === exceptionKinds.period && !end) add('endDate', 'dayRequired');
  // 'A data inicial deve ser menor que a data final': a period ends after it starts (one day is a Day).
  if (start && end && (values.kind === exceptionKinds.period ? end <= start : end < start)) add('endDate', 'datesOrder');
  if (!hasEnergyOrTimePrice(values)) add('kwhPrice', 'priceRequired');

  if (start && end && end >= start) {
    for (const other of others) {
      const otherEnd = other.endDate ?? other.startDate;
      if (start > otherEnd || end < other.startDate) continue;
      const encloses = start <= other.startDate && end >= otherEnd && (start !== other.startDate || end !== otherEnd);
      if (encloses) add('endDate', 'periodEnclosesOther');
      else add(start >= other.startDate && start <= otherEnd ? 'startDate' : 'endDate', 'dateInsideOther');
    }
  }
  return [...found.values()];
}
