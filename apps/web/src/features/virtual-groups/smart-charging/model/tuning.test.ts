import { describe, expect, it } from 'vitest';
import { smartChargingTuningDefaults, smartChargingTuningLimits, smartChargingUpdateSchema } from '@recarga/contracts/smart-charging';
import {
  defaultTuningTexts,
  isTuningRangeText,
  maskTuning,
  tuningDefaults,
  tuningFields,
  tuningNumber,
  tuningPayload,
  tuningRefuses,
  tuningRules,
  tuningTexts,
  type TuningField,
} from './tuning';

/** A record the contract takes, with one tuning field set to `value`. */
const withTuning = (field: TuningField, value: number | null) =>
  smartChargingUpdateSchema.safeParse({ enabled: false, [field]: value }).success;

describe('tuning rules', () => {
  it('are the contract defaults and limits (the worst case capped to its step of 0.1 A), when both are read', () => {
    expect(tuningDefaults).toEqual(smartChargingTuningDefaults);
    expect(Object.keys(smartChargingTuningLimits).sort()).toEqual([...tuningFields].sort());
    for (const field of tuningFields) {
      expect(tuningRules[field].min, field).toBe(smartChargingTuningLimits[field].min);
      expect(tuningRules[field].max, field).toBe(Math.floor(smartChargingTuningLimits[field].max * 10) / 10);
    }
  });

  it.each(tuningFields)('%s: the contract takes its lowest and highest value and refuses one step beyond each', (field) => {
    const { min, max, decimals } = tuningRules[field];
    const step = decimals ? 0.1 : 1;
    expect(withTuning(field, min)).toBe(true);
    expect(withTuning(field, max)).toBe(true);
    expect(withTuning(field, Number((max + step).toFixed(1)))).toBe(false);
    if (min > 0) expect(withTuning(field, Number((min - step).toFixed(1)))).toBe(false);
    // A whole-number field refuses a tenth; a field in tenths refuses a hundredth.
    expect(withTuning(field, Number((min + (decimals ? 0.05 : 0.5)).toFixed(2)))).toBe(false);
  });
});

describe('maskTuning', () => {
  it.each([
    ['', ''],
    ['abc', ''],
    ['90', '90'],
    ['1,5', '1.5'],
    ['1.5.2', '1.52'],
    ['12a3', '123'],
    ['1234567', '123456'],
  ])('keeps digits and one point (a comma becomes one), six characters at most: %s → %s', (typed, shown) => {
    expect(maskTuning(typed)).toBe(shown);
  });
});

describe('tuningNumber', () => {
  it('reads a value in range and in step, and nothing else', () => {
    expect(tuningNumber('dead_band_a', '1.5')).toBe(1.5);
    expect(tuningNumber('dead_band_a', '10')).toBe(10);
    expect(tuningNumber('dead_band_a', '0.5')).toBeNull();
    expect(tuningNumber('dead_band_a', '1.55')).toBeNull();
    expect(tuningNumber('dwell_s', '90')).toBe(90);
    expect(tuningNumber('dwell_s', '14')).toBeNull();
    expect(tuningNumber('dwell_s', '901')).toBeNull();
    expect(tuningNumber('dwell_s', '90.5')).toBeNull();
    expect(tuningNumber('max_profiles_per_min', '31')).toBeNull();
    expect(tuningNumber('follow_s', '0')).toBeNull();
    expect(tuningNumber('building_worst_a', '0')).toBe(0);
    expect(tuningNumber('building_worst_a', '999.9')).toBe(999.9);
    expect(tuningNumber('building_worst_a', '1000')).toBeNull();
    expect(tuningNumber('min_per_charger_a', '5.9')).toBeNull();
    expect(tuningNumber('min_per_charger_a', '12.')).toBeNull();
  });
});

describe('tuningRefuses', () => {
  it('refuses a value out of range or a blank one, except a blank worst case (none)', () => {
    expect(tuningFields.filter((field) => tuningRefuses(field, defaultTuningTexts()[field]))).toEqual([]);
    expect(tuningRefuses('dwell_s', '5')).toBe(true);
    expect(tuningRefuses('dead_band_a', '')).toBe(true);
    expect(tuningRefuses('building_worst_a', '')).toBe(false);
    expect(tuningRefuses('building_worst_a', ' ')).toBe(false);
    expect(tuningRefuses('building_worst_a', '40')).toBe(false);
  });
});

describe('tuningTexts', () => {
  it('shows a saved tuning as typed, and the default for a field the answer lacks (a server before issue 41)', () => {
    expect(tuningTexts({ ...tuningDefaults, dead_band_a: 1.5, building_worst_a: 40 })).toEqual({
      dead_band_a: '1.5',
      dwell_s: '60',
      max_profiles_per_min: '4',
      follow_s: '30',
      building_worst_a: '40',
      min_per_charger_a: '6',
    });
    expect(tuningTexts({})).toEqual(defaultTuningTexts());
  });
});

describe('tuningPayload', () => {
  it('sends each value the field takes, a blank worst case as null, and leaves out one it does not', () => {
    expect(tuningPayload({ ...defaultTuningTexts(), dwell_s: '90', dead_band_a: '20' })).toEqual({
      dwell_s: 90,
      max_profiles_per_min: 4,
      follow_s: 30,
      building_worst_a: null,
      min_per_charger_a: 6,
    });
  });

  it('sends what the contract takes', () => {
    const payload = tuningPayload({ ...defaultTuningTexts(), dead_band_a: '1.5', building_worst_a: '999.9', min_per_charger_a: '80' });
    expect(smartChargingUpdateSchema.safeParse({ enabled: false, ...payload }).success).toBe(true);
  });
});

describe('isTuningRangeText', () => {
  it("recognises the contract's range texts of a tuning field", () => {
    const refused = smartChargingUpdateSchema.safeParse({ enabled: false, dwell_s: 5, dead_band_a: 20 });
    const texts = refused.success ? [] : refused.error.issues.map((i) => i.message);
    expect(texts).toHaveLength(2);
    expect(texts.every(isTuningRangeText)).toBe(true);
    expect(isTuningRangeText('O pior caso deve ser menor que o disjuntor')).toBe(false);
  });
});
