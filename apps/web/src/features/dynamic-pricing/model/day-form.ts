import type { PricingDetail, PricingDetailForm, Weekday } from '@recarga/contracts/dynamic-pricing';
import type { DayValues } from './day-rules';
import { generalOf, windowsOf } from './detail-list';
import { pricesOf, pricesToForm } from './price-values';
import { pickerTimeOf, sentTimes } from './window-times';

/**
 * A weekday's form from the profile's details: its switch (a day without a general row is off),
 * its general prices and its windows. `activate` turns the switch on (the profile's list sends the
 * user here to switch on a day that has no prices yet).
 */
export function dayValuesOf(list: PricingDetail[], day: Weekday, activate = false): DayValues {
  const general = generalOf(list, day);
  return {
    active: activate || (general?.active ?? false),
    general: pricesOf(general),
    windows: windowsOf(list, day).map((w) => ({
      uuid: w.dynamicPricingDetailUuid,
      startTime: pickerTimeOf(w.startTime),
      endTime: pickerTimeOf(w.endTime),
      ...pricesOf(w),
    })),
  };
}

/** The weekday's rows as a save sends them: its general row first (kept by its uuid), then its windows. */
export function dayRows(day: Weekday, generalUuid: string | undefined, values: DayValues): PricingDetailForm[] {
  const common = { dayOfWeek: day, exception: false, startDate: null, endDate: null };
  return [
    {
      ...common,
      dynamicPricingDetailUuid: generalUuid ?? null,
      general: true,
      active: values.active,
      startTime: null,
      endTime: null,
      ...pricesToForm(values.general),
    },
    ...values.windows.map((w) => ({
      ...common,
      dynamicPricingDetailUuid: w.uuid ?? null,
      general: false,
      active: true,
      ...sentTimes(w.startTime, w.endTime),
      ...pricesToForm(w),
    })),
  ];
}
