import { whenMissing } from './required';
import { z } from 'zod';
import { INT4_MAX } from './query';
import { chargingProfileMessages, MAX_SCHEDULE_PERIODS, PROFILE_TEXT_MAX } from './charging-profile-constants';
import { chargingProfileKinds, chargingProfilePurposes, chargingRateUnits, recurrencyKinds } from './operation-commands';

export { chargingProfileMessages, MAX_SCHEDULE_PERIODS, PROFILE_TEXT_MAX };

/**
 * Charging profiles (002 §2 Charging profiles, §3 Charging profile, §5 Charging profile form, §7,
 * §9): OCPP 1.6 schedules stored once and sent with set_charging_profile. Paths under /api/.
 * The save is refused with a field error for anything OCPP 1.6 would reject at the station.
 */

const optionalDateTime = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? v.replace(' ', 'T') : v),
  z.string().datetime({ offset: true }).nullable(),
);

export const schedulePeriodSchema = z.object({
  startPeriodInSeconds: z.number().int().min(0).max(INT4_MAX),
  /** The limit in the profile's unit (W or A; the spec's field name says amperes). */
  powerLimitInAmperes: z.number().min(0).max(10_000_000),
  numberPhases: z.preprocess((v) => (v === '' ? null : v), z.number().int().min(1).max(3).nullable().optional()),
});

/** A field left out gets the spec's required-field message, not Zod's English. */
const missing = whenMissing(chargingProfileMessages.required);

const tenthStep = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9;

export const chargingProfileSaveSchema = z
  .object({
    description: z.string(missing).trim().min(1, chargingProfileMessages.required).max(PROFILE_TEXT_MAX),
    note: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(PROFILE_TEXT_MAX).nullable().optional()),
    stackLevel: z.number(missing).int().min(0).max(100),
    chargingProfilePurpose: z.enum(chargingProfilePurposes, missing),
    chargingProfileKind: z.enum(chargingProfileKinds, missing),
    recurrencyKind: z.preprocess((v) => (v === '' ? null : v), z.enum(recurrencyKinds).nullable().optional()),
    /** Dates are ISO 8601; the form sends them with a space instead of the 'T' (002 §5), both accepted. */
    validFrom: optionalDateTime.optional(),
    validTo: optionalDateTime.optional(),
    startSchedule: optionalDateTime.optional(),
    durationInSeconds: z.preprocess((v) => (v === '' ? null : v), z.number().int().min(1).max(INT4_MAX).nullable().optional()),
    chargingRateUnit: z.enum(chargingRateUnits, missing),
    minChargingRate: z.preprocess(
      (v) => (v === '' ? null : v),
      z.number().min(0).max(10_000_000).refine(tenthStep, chargingProfileMessages.minRateStep).nullable().optional(),
    ),
    schedulePeriodMap: z.array(schedulePeriodSchema, missing).min(1, chargingProfileMessages.atLeastOnePeriod).max(MAX_SCHEDULE_PERIODS),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    if (p.chargingProfileKind === 'RECURRING' && !p.recurrencyKind) issue('recurrencyKind', chargingProfileMessages.recurrencyRequired);
    if (p.chargingProfileKind !== 'RECURRING' && p.recurrencyKind) issue('recurrencyKind', chargingProfileMessages.recurrencyOnlyRecurring);
    if (p.chargingProfileKind !== 'RELATIVE' && !p.startSchedule) issue('startSchedule', chargingProfileMessages.startScheduleRequired);
    if (p.chargingProfileKind === 'RELATIVE' && p.startSchedule) issue('startSchedule', chargingProfileMessages.relativeNoStart);
    if (p.validFrom && p.validTo && Date.parse(p.validTo) <= Date.parse(p.validFrom)) issue('validTo', chargingProfileMessages.validOrder);
    const periods = p.schedulePeriodMap;
    if (periods[0] && periods[0].startPeriodInSeconds !== 0)
      issue('schedulePeriodMap.0.startPeriodInSeconds', chargingProfileMessages.firstPeriodAtZero);
    for (let i = 1; i < periods.length; i++) {
      if (periods[i]!.startPeriodInSeconds <= periods[i - 1]!.startPeriodInSeconds) {
        issue(`schedulePeriodMap.${i}.startPeriodInSeconds`, chargingProfileMessages.periodsOrder);
      }
    }
    if (p.durationInSeconds) {
      periods.forEach((period, i) => {
        if (period.startPeriodInSeconds >= p.durationInSeconds!) {
          issue(`schedulePeriodMap.${i}.startPeriodInSeconds`, chargingProfileMessages.periodBeyondDuration);
        }
      });
    }
  });
export type ChargingProfileSave = z.infer<typeof chargingProfileSaveSchema>;

export const chargingProfileSchema = z.object({
  chargingProfilePk: z.number().int(),
  tenantPk: z.number().int(),
  description: z.string(),
  note: z.string().nullable(),
  stackLevel: z.number().int(),
  chargingProfilePurpose: z.enum(chargingProfilePurposes),
  chargingProfileKind: z.enum(chargingProfileKinds),
  recurrencyKind: z.enum(recurrencyKinds).nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  startSchedule: z.string().nullable(),
  durationInSeconds: z.number().int().nullable(),
  chargingRateUnit: z.enum(chargingRateUnits),
  minChargingRate: z.number().nullable(),
  schedulePeriodMap: z.array(
    z.object({ startPeriodInSeconds: z.number().int(), powerLimitInAmperes: z.number(), numberPhases: z.number().int().nullable() }),
  ),
  /** Where stations accepted it: charge box id and connector (0 = the whole station). */
  activeOn: z.array(z.object({ chargeBoxId: z.string(), connectorId: z.number().int(), setAt: z.string() })),
});
export type ChargingProfileDetail = z.infer<typeof chargingProfileSchema>;

/** 001 §3 Charging profile (list). */
export const chargingProfileListItemSchema = z.object({
  chargingProfilePk: z.number().int(),
  description: z.string(),
  stackLevel: z.number().int(),
  profilePurpose: z.enum(chargingProfilePurposes),
  profileKind: z.enum(chargingProfileKinds),
  recurrencyKind: z.enum(recurrencyKinds).nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** Stations (and connectors) where it is active. */
  activeCount: z.number().int(),
});
export const chargingProfileListSchema = z.array(chargingProfileListItemSchema);
export type ChargingProfileListItem = z.infer<typeof chargingProfileListItemSchema>;

export const chargingProfileSavedSchema = z.object({ chargingProfilePk: z.number().int(), message: z.string() });
