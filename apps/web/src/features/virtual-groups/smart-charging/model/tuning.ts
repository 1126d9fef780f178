import type { SmartChargingTuning } from '@recarga/contracts/smart-charging';

/**
 * The load manager's tuning per group (issue 41): how much a limit must move to be sent, how long a
 * car keeps a limit before it is raised again, how many profiles a station takes per minute, how
 * long cars take to follow a limit, the building's worst case the failsafe may assume, and the
 * minimum every charger keeps. The contract's defaults and limits, kept here without zod like the
 * rest of the form; tuning.test.ts holds them to `smartChargingTuningDefaults`, `…Limits` and the
 * contract's schemas. Values are held as typed (text), like the breaker.
 */

export const tuningFields = [
  'dead_band_a',
  'dwell_s',
  'max_profiles_per_min',
  'follow_s',
  'building_worst_a',
  'min_per_charger_a',
] as const;
export type TuningField = (typeof tuningFields)[number];

export const tuningDefaults: SmartChargingTuning = {
  dead_band_a: 1,
  dwell_s: 60,
  max_profiles_per_min: 4,
  follow_s: 30,
  building_worst_a: null,
  min_per_charger_a: 6,
};

export interface TuningRule {
  min: number;
  /** The highest value in the field's step (the contract's 999.99 A worst case is 999.9 in tenths). */
  max: number;
  /** 0: a whole number; 1: tenths (the contract's step of 0.1). */
  decimals: 0 | 1;
}

export const tuningRules: Record<TuningField, TuningRule> = {
  dead_band_a: { min: 1, max: 10, decimals: 1 },
  dwell_s: { min: 15, max: 900, decimals: 0 },
  max_profiles_per_min: { min: 1, max: 30, decimals: 0 },
  follow_s: { min: 1, max: 300, decimals: 0 },
  building_worst_a: { min: 0, max: 999.9, decimals: 1 },
  min_per_charger_a: { min: 6, max: 80, decimals: 1 },
};

/** The one field that may be blank, meaning none: the building's worst case. */
export const OPTIONAL_TUNING: TuningField = 'building_worst_a';

/** The tuning as the form holds it: the text of each field ('' is blank). */
export type TuningTexts = Record<TuningField, string>;

/** Four digits, a point and a tenth: room to type a value out of range and be told so. */
export const TUNING_MAX_LENGTH = 6;

/** The input's mask: digits and one decimal point (a comma becomes a point), at most six characters. */
export function maskTuning(input: string): string {
  const kept = input.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const text = point < 0 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, '')}`;
  return text.slice(0, TUNING_MAX_LENGTH);
}

/** The typed value when it is one the field takes (in range, in its step); null when blank or not. */
export function tuningNumber(field: TuningField, text: string): number | null {
  const rule = tuningRules[field];
  const trimmed = text.trim();
  const shape = rule.decimals === 0 ? /^\d{1,4}$/ : /^\d{1,4}(\.\d)?$/;
  if (!shape.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= rule.min && value <= rule.max ? value : null;
}

/** Whether the field refuses its text: out of range, out of step, or blank where a value is needed. */
export function tuningRefuses(field: TuningField, text: string): boolean {
  return !(field === OPTIONAL_TUNING && text.trim() === '') && tuningNumber(field, text) === null;
}

/** A value as the field shows it: '1.5', '60', '' for none. */
const shown = (value: number | null) => (value === null ? '' : String(value));

/** The saved tuning as texts; a field the answer lacks (a server before issue 41) shows its default. */
export function tuningTexts(saved: Partial<SmartChargingTuning>): TuningTexts {
  return Object.fromEntries(tuningFields.map((field) => [field, shown(saved[field] ?? tuningDefaults[field])])) as TuningTexts;
}

/** A new record's tuning: the defaults. */
export function defaultTuningTexts(): TuningTexts {
  return tuningTexts(tuningDefaults);
}

/** The tuning texts of form values (or of a draft). */
export function pickTuning(values: TuningTexts): TuningTexts {
  return Object.fromEntries(tuningFields.map((field) => [field, values[field]])) as TuningTexts;
}

/**
 * The tuning as sent: each field that holds a value it takes; a blank worst case as null (none). A
 * field that does not (only possible while smart charging is off, when the form does not check
 * them) is left out, which keeps the saved value (or the default on create).
 */
export function tuningPayload(texts: TuningTexts): Partial<SmartChargingTuning> {
  const payload: Partial<SmartChargingTuning> = {};
  for (const field of tuningFields) {
    const text = texts[field] ?? '';
    if (field === OPTIONAL_TUNING && text.trim() === '') payload.building_worst_a = null;
    else {
      const value = tuningNumber(field, text);
      if (value !== null) payload[field] = value;
    }
  }
  return payload;
}

/** The contract's range texts ('Use a number from 1 to 10.'), which the form words in its own language. */
export function isTuningRangeText(text: string): boolean {
  return /^Use a (whole )?number from /.test(text);
}
