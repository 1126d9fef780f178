import { calendarDate } from './calendar-date';
import { whenMissing } from './required';
import { z } from 'zod';
import { dynamicPricingMessages } from './dynamic-pricing-messages';
import { INT4_MAX } from './int4';

/**
 * Dynamic pricing (002 §2 Dynamic pricing, §3 Pricing profile and Pricing detail, §4, §5 Pricing
 * profile creation, Time window, Exception, §7 Dynamic pricing, §8). Paths under /api/.
 *
 * Money is in minor units (integers) of the tenant's currency; operationFee and taxes are
 * fractions (0.05 = 5 %). Window times are the tenant's wall-clock (`startTime`/`endTime`,
 * HH:mm:ss, end '24:00:00' = midnight); the spec's `startTimeGMT`/`endTimeGMT` are given too,
 * converted with the tenant zone's offset of today (docs/decisions.md).
 */

export const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof weekdays)[number];

/** A tenant country's time zone when the tenant names none. */
export const defaultTimeZone: Record<string, string> = {
  BR: 'America/Sao_Paulo',
  CO: 'America/Bogota',
  EC: 'America/Guayaquil',
  UY: 'America/Montevideo',
};

export { dynamicPricingMessages };

const money = z.number().int().min(0).max(100_000_000);
const fraction = z.number().min(0).max(1);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$|^24:00(:00)?$/, 'HH:mm:ss');
/** A real calendar day: '2026-02-30' is refused on its field, not by the database. */
const date = calendarDate(dynamicPricingMessages.dateInvalid);
const nullable = <T extends z.ZodTypeAny>(t: T) => z.preprocess((v) => (v === '' || v === undefined ? null : v), t.nullable());

/** One pricing detail as the form sends it (a weekday's general row, a time window or an exception). */
export const pricingDetailFormSchema = z.object({
  /** Absent for a new row. */
  dynamicPricingDetailUuid: nullable(z.string().uuid()).optional(),
  dayOfWeek: nullable(z.enum(weekdays)),
  general: z.boolean().default(false),
  exception: z.boolean().default(false),
  active: z.boolean().default(true),
  startDate: nullable(date).optional(),
  endDate: nullable(date).optional(),
  /** Local wall-clock of the tenant. */
  startTime: nullable(time).optional(),
  endTime: nullable(time).optional(),
  /** The spec's fields: read-only on the way out, used when the local time is absent. */
  startTimeGMT: nullable(time).optional(),
  endTimeGMT: nullable(time).optional(),
  servicePrice: nullable(money).optional(),
  kwhPrice: nullable(money).optional(),
  durationPrice: nullable(money).optional(),
  idleTimePrice: nullable(money).optional(),
  reservePrice: nullable(money).optional(),
  operationFee: nullable(fraction).optional(),
  taxes: nullable(fraction).optional(),
});
export type PricingDetailForm = z.infer<typeof pricingDetailFormSchema>;

export const pricingDetailSaveSchema = z.object({ dynamicPricingDetailFormList: z.array(pricingDetailFormSchema).max(500) });

export const pricingDetailSchema = z.object({
  dynamicPricingDetailUuid: z.string(),
  dayOfWeek: z.enum(weekdays).nullable(),
  general: z.boolean(),
  exception: z.boolean(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  startTimeGMT: z.string().nullable(),
  endTimeGMT: z.string().nullable(),
  servicePrice: z.number().int(),
  kwhPrice: z.number().int().nullable(),
  durationPrice: z.number().int().nullable(),
  idleTimePrice: z.number().int().nullable(),
  reservePrice: z.number().int().nullable(),
  operationFee: z.number(),
  taxes: z.number(),
});
export type PricingDetail = z.infer<typeof pricingDetailSchema>;

export const pricingDetailListSchema = z.object({
  name: z.string(),
  tenantPk: z.number().int(),
  currency: z.string(),
  timeZone: z.string(),
  /** The rules' version (each save makes a new one); 0 before the first save. */
  version: z.number().int(),
  dynamicPricingDetailList: z.array(pricingDetailSchema),
});
export type PricingDetailList = z.infer<typeof pricingDetailListSchema>;

export const pricingProfileListSchema = z.object({
  dynamicPricingList: z.array(
    z.object({
      uuid: z.string(),
      name: z.string(),
      chargeBoxCount: z.number().int(),
      tenantPk: z.number().int(),
      version: z.number().int(),
    }),
  ),
  error: z.string().nullable(),
});
export type PricingProfileList = z.infer<typeof pricingProfileListSchema>;

export const pricingProfileCreateSchema = z.object({
  name: z.string(whenMissing(dynamicPricingMessages.nameRequired)).trim().min(1, dynamicPricingMessages.nameRequired).max(50),
  /** The tenant the profile belongs to; the caller's own by default. */
  tenantPk: z.number().int().positive().max(INT4_MAX).optional(),
});
export const pricingProfileCreatedSchema = z.object({
  data: z.object({ dynamicPricingUuid: z.string().nullable(), error: z.string().nullable() }),
});

export const pricingProfileIdParams = z.object({ id: z.string().uuid() });
