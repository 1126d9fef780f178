import type { PricingDetail, PricingDetailForm, Weekday } from '@recarga/contracts/dynamic-pricing';

/**
 * A profile's details (weekday general rows, time windows, exceptions) and the whole list a save
 * sends (002 §7: each save sends every detail; a removed one is simply absent).
 */

/** A saved detail as the save sends it back: its local times, not the GMT ones the server derives. */
export function toForm(d: PricingDetail): PricingDetailForm {
  return {
    dynamicPricingDetailUuid: d.dynamicPricingDetailUuid,
    dayOfWeek: d.dayOfWeek,
    general: d.general,
    exception: d.exception,
    active: d.active,
    startDate: d.startDate,
    endDate: d.endDate,
    startTime: d.startTime,
    endTime: d.endTime,
    servicePrice: d.servicePrice,
    kwhPrice: d.kwhPrice,
    durationPrice: d.durationPrice,
    idleTimePrice: d.idleTimePrice,
    reservePrice: d.reservePrice,
    operationFee: d.operationFee,
    taxes: d.taxes,
  };
}

const isDayRow = (d: PricingDetail, day: Weekday) => !d.exception && d.dayOfWeek === day;

/** The weekday's general row (its prices outside the windows, and whether the day is on). */
export function generalOf(list: PricingDetail[], day: Weekday): PricingDetail | undefined {
  return list.find((d) => isDayRow(d, day) && d.general);
}

/** The weekday's time windows, earliest first. */
export function windowsOf(list: PricingDetail[], day: Weekday): PricingDetail[] {
  return list.filter((d) => isDayRow(d, day) && !d.general).sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? ''));
}

/** The exceptions, earliest first. */
export function exceptionsOf(list: PricingDetail[]): PricingDetail[] {
  return list.filter((d) => d.exception).sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
}

/**
 * The list to save with the weekday's rows replaced by `rows`, the others unchanged. The day's rows
 * go last: the server names a clash on the later of two rows, and `offset` says where they start.
 */
export function withDay(list: PricingDetail[], day: Weekday, rows: PricingDetailForm[]): { list: PricingDetailForm[]; offset: number } {
  const others = list.filter((d) => !isDayRow(d, day)).map(toForm);
  return { list: [...others, ...rows], offset: others.length };
}

/** The list to save with this exception added, or in place of the saved one with its uuid; it goes last (see withDay). */
export function withException(list: PricingDetail[], exception: PricingDetailForm): { list: PricingDetailForm[]; offset: number } {
  const uuid = exception.dynamicPricingDetailUuid;
  const others = list.filter((d) => !uuid || d.dynamicPricingDetailUuid !== uuid).map(toForm);
  return { list: [...others, exception], offset: others.length };
}

/** The list to save without one detail (deleting an exception, 002 §7). */
export function withoutDetail(list: PricingDetail[], uuid: string): PricingDetailForm[] {
  return list.filter((d) => d.dynamicPricingDetailUuid !== uuid).map(toForm);
}
