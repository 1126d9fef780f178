import type { PricingDetail, PricingDetailForm } from '@recarga/contracts/dynamic-pricing';
import { exceptionKinds, spanOf, type ExceptionSpan, type ExceptionValues } from './exception-rules';
import { emptyPrices, pricesOf, pricesToForm } from './price-values';

/** An exception's form: a saved one (a period when its days differ), or a new single day. */
export function exceptionValuesOf(saved: PricingDetail | undefined): ExceptionValues {
  if (!saved) return { ...emptyPrices, kind: exceptionKinds.day, startDate: null, endDate: null };
  const period = Boolean(saved.endDate && saved.endDate !== saved.startDate);
  return {
    ...pricesOf(saved),
    kind: period ? exceptionKinds.period : exceptionKinds.day,
    startDate: saved.startDate,
    endDate: period ? saved.endDate : null,
  };
}

/** The exception as a save sends it (a single day ends where it starts). */
export function exceptionRow(values: ExceptionValues, saved: PricingDetail | undefined): PricingDetailForm {
  const { start, end } = spanOf(values);
  return {
    dynamicPricingDetailUuid: saved?.dynamicPricingDetailUuid ?? null,
    dayOfWeek: null,
    general: false,
    exception: true,
    active: saved?.active ?? true,
    startDate: start,
    endDate: end,
    startTime: null,
    endTime: null,
    ...pricesToForm(values),
  };
}

/** The profile's other exceptions, which the one being edited may not overlap. */
export function otherSpans(list: PricingDetail[], uuid: string | undefined): ExceptionSpan[] {
  return list
    .filter((d) => d.exception && d.startDate && d.dynamicPricingDetailUuid !== uuid)
    .map((d) => ({ startDate: d.startDate!, endDate: d.endDate }));
}
