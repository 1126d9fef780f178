import { describe, expect, it } from 'vitest';
import { instantOf, priceTimeOfUse, registerAt, segmentsOf, type PriceSet, type ProfileRules, type Reading } from './time-of-use';

const SP = 'America/Sao_Paulo'; // UTC−3 all year since 2019
const none: Omit<PriceSet, 'kwhPrice' | 'durationPrice'> = {
  servicePrice: 0,
  idleTimePrice: null,
  reservePrice: null,
  operationFee: 0,
  taxes: 0,
};
const kwh = (kwhPrice: number, extra: Partial<PriceSet> = {}): PriceSet => ({ ...none, kwhPrice, durationPrice: null, ...extra });
const perMinute = (durationPrice: number, extra: Partial<PriceSet> = {}): PriceSet => ({
  ...none,
  kwhPrice: null,
  durationPrice,
  ...extra,
});
const fallback = { perKwh: 0, perMinute: 0, byEnergy: true, taxes: 0 };

/** Monday: R$ 1.50/kWh and R$ 3.00 to start all day; 18:00–21:00 R$ 2.50/kWh and R$ 5.00; 10 % operation fee, 5 % taxes. */
const monday: ProfileRules = {
  weekdays: [
    {
      dayOfWeek: 'MONDAY',
      active: true,
      prices: kwh(150, { servicePrice: 300, operationFee: 0.1, taxes: 0.05 }),
      windows: [{ startMinute: 18 * 60, endMinute: 21 * 60, prices: kwh(250, { servicePrice: 500, operationFee: 0.1, taxes: 0.05 }) }],
    },
  ],
  exceptions: [],
};
/** 2026-11-23 is a Monday; local São Paulo time is UTC−3. */
const at = (local: string) => Date.parse(`${local}-03:00`);
const linear = (from: string, to: string, wh: number): Reading[] => [
  { at: at(from), wh: 0 },
  { at: at(to), wh },
];

describe('time-of-use pricing', () => {
  it('one window: 10 kWh from 19:00 to 20:00 on a Monday at the evening window’s prices', () => {
    const b = priceTimeOfUse({
      rules: monday,
      zone: SP,
      start: at('2026-11-23T19:00:00'),
      stop: at('2026-11-23T20:00:00'),
      readings: linear('2026-11-23T19:00:00', '2026-11-23T20:00:00', 10_000),
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // start fee 500, its fee 50, its tax (500 + 50) × 5 % = 27.5 → 28
    // energy 10 kWh × 250 = 2,500, fee 250, tax (2,500 + 250) × 5 % = 137.5 → 138
    expect(b).toMatchObject({ startFee: 500, energy: 2500, operationalFee: 300, tax: 166, total: 3466 });
    expect(b.segments).toHaveLength(1);
  });

  it('two windows crossed mid-session: the kWh before 18:00 at the day price, after it at the window price', () => {
    const b = priceTimeOfUse({
      rules: monday,
      zone: SP,
      start: at('2026-11-23T17:00:00'),
      stop: at('2026-11-23T19:00:00'),
      readings: [
        { at: at('2026-11-23T17:00:00'), wh: 100_000 },
        { at: at('2026-11-23T17:30:00'), wh: 103_000 },
        { at: at('2026-11-23T18:00:00'), wh: 107_000 },
        { at: at('2026-11-23T19:00:00'), wh: 114_000 },
      ],
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // start (day rule): 300, fee 30, tax 330 × 5 % = 16.5 → 17
    // 17–18: 7 kWh × 150 = 1,050, fee 105, tax 1,155 × 5 % = 57.75 → 58
    // 18–19: 7 kWh × 250 = 1,750, fee 175, tax 1,925 × 5 % = 96.25 → 96
    expect(b.segments.map((s) => [s.rule, s.energyWh, s.amount, s.operationFee, s.tax])).toEqual([
      ['MONDAY', 7000, 1050, 105, 58],
      ['MONDAY 18:00-21:00', 7000, 1750, 175, 96],
    ]);
    expect(b).toMatchObject({ startFee: 300, energy: 2800, operationalFee: 310, tax: 171, total: 3581 });
  });

  it('an exception day wins over the weekday and its windows', () => {
    const rules: ProfileRules = { ...monday, exceptions: [{ startDate: '2026-11-23', endDate: '2026-11-23', prices: kwh(100) }] };
    const b = priceTimeOfUse({
      rules,
      zone: SP,
      start: at('2026-11-23T19:00:00'),
      stop: at('2026-11-23T20:00:00'),
      readings: linear('2026-11-23T19:00:00', '2026-11-23T20:00:00', 10_000),
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // 10 kWh × 100 = 1,000; no start fee, fee or taxes on that day
    expect(b).toMatchObject({ startFee: 0, energy: 1000, operationalFee: 0, tax: 0, total: 1000 });
    expect(b.segments.map((s) => s.kind)).toEqual(['exception']);
  });

  it('a period exception beginning at midnight: a recharge from 23:00 to 01:00 is priced on both sides of it', () => {
    const rules: ProfileRules = { ...monday, exceptions: [{ startDate: '2026-11-24', endDate: '2026-11-25', prices: kwh(100) }] };
    const b = priceTimeOfUse({
      rules,
      zone: SP,
      start: at('2026-11-23T23:00:00'),
      stop: at('2026-11-24T01:00:00'),
      readings: linear('2026-11-23T23:00:00', '2026-11-24T01:00:00', 4000),
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // start (Monday day rule): 300, fee 30, tax 16.5 → 17
    // Monday 23–24: 2 kWh × 150 = 300, fee 30, tax 330 × 5 % = 16.5 → 17
    // Tuesday 00–01 (exception): 2 kWh × 100 = 200, no fee, no tax
    expect(b.segments.map((s) => [s.kind, s.energyWh, s.amount])).toEqual([
      ['day', 2000, 300],
      ['exception', 2000, 200],
    ]);
    expect(b).toMatchObject({ startFee: 300, energy: 500, operationalFee: 60, tax: 34, total: 894 });
  });

  it('a duration price: 90 minutes at R$ 0.20 a minute', () => {
    const rules: ProfileRules = {
      weekdays: [{ dayOfWeek: 'TUESDAY', active: true, prices: perMinute(20), windows: [] }],
      exceptions: [],
    };
    const b = priceTimeOfUse({
      rules,
      zone: SP,
      start: at('2026-11-24T10:00:00'),
      stop: at('2026-11-24T11:30:00'),
      readings: linear('2026-11-24T10:00:00', '2026-11-24T11:30:00', 20_000),
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    expect(b).toMatchObject({ energy: 1800, total: 1800 });
  });

  it('idle penalty: 35 idle minutes with a 10-minute grace at R$ 0.50 a minute; a reservation adds its price', () => {
    const rules: ProfileRules = {
      weekdays: [{ dayOfWeek: 'TUESDAY', active: true, prices: kwh(100, { idleTimePrice: 50, reservePrice: 400 }), windows: [] }],
      exceptions: [],
    };
    const b = priceTimeOfUse({
      rules,
      zone: SP,
      start: at('2026-11-24T10:00:00'),
      stop: at('2026-11-24T11:00:00'),
      readings: linear('2026-11-24T10:00:00', '2026-11-24T11:00:00', 5000),
      fallback,
      reserved: true,
      idleSec: 35 * 60,
      idleGraceSec: 10 * 60,
    });
    // idle (35 − 10) × 50 = 1,250; energy 5 kWh × 100 = 500; reserve 400
    expect(b).toMatchObject({ idle: 1250, energy: 500, reserve: 400, total: 900 });
  });

  it('taxes and fees round to the minor unit: Colombian pesos (whole pesos), 7.333 kWh at COP 950 with 19 % IVA', () => {
    const rules: ProfileRules = {
      weekdays: [{ dayOfWeek: 'TUESDAY', active: true, prices: kwh(950, { taxes: 0.19, operationFee: 0.035 }), windows: [] }],
      exceptions: [],
    };
    const b = priceTimeOfUse({
      rules,
      zone: 'America/Bogota',
      start: Date.parse('2026-11-24T10:00:00-05:00'),
      stop: Date.parse('2026-11-24T11:00:00-05:00'),
      readings: [
        { at: Date.parse('2026-11-24T10:00:00-05:00'), wh: 0 },
        { at: Date.parse('2026-11-24T11:00:00-05:00'), wh: 7333 },
      ],
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // energy 7.333 × 950 = 6,966.35 → 6,966; fee 6,966 × 3.5 % = 243.81 → 244; IVA (6,966 + 244) × 19 % = 1,369.9 → 1,370
    expect(b).toMatchObject({ energy: 6966, operationalFee: 244, tax: 1370, total: 8580 });
  });

  it('a DST night (New York, 8 March 2026): a window 01:00–03:00 lasts one real hour, and minutes are real minutes', () => {
    const rules: ProfileRules = {
      weekdays: [
        { dayOfWeek: 'SUNDAY', active: true, prices: perMinute(10), windows: [{ startMinute: 60, endMinute: 180, prices: perMinute(30) }] },
      ],
      exceptions: [],
    };
    const start = Date.parse('2026-03-08T05:30:00Z'); // 00:30 EST
    const stop = Date.parse('2026-03-08T07:30:00Z'); // 03:30 EDT (02:00–03:00 never happens)
    expect(instantOf('America/New_York', '2026-03-08', 180)).toBe(Date.parse('2026-03-08T07:00:00Z'));

    const b = priceTimeOfUse({
      rules,
      zone: 'America/New_York',
      start,
      stop,
      readings: [],
      fallback,
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // 30 min × 10 + 60 min × 30 + 30 min × 10 = 300 + 1,800 + 300
    expect(b.segments.map((s) => [s.kind, s.durationSec])).toEqual([
      ['day', 1800],
      ['window', 3600],
      ['day', 1800],
    ]);
    expect(b.total).toBe(2400);
  });

  it('a day whose dynamic pricing is off is priced by the station’s settings', () => {
    const rules: ProfileRules = { weekdays: [{ dayOfWeek: 'TUESDAY', active: false, prices: kwh(999), windows: [] }], exceptions: [] };
    const b = priceTimeOfUse({
      rules,
      zone: SP,
      start: at('2026-11-24T10:00:00'),
      stop: at('2026-11-24T11:00:00'),
      readings: linear('2026-11-24T10:00:00', '2026-11-24T11:00:00', 4000),
      fallback: { perKwh: 199, perMinute: 0, byEnergy: true, taxes: 0.05 },
      reserved: false,
      idleSec: 0,
      idleGraceSec: 0,
    });
    // 4 kWh × 199 = 796; tax 39.8 → 40
    expect(b).toMatchObject({ energy: 796, tax: 40, total: 836 });
    expect(b.segments.map((s) => s.kind)).toEqual(['off']);
  });

  it('segments: pieces of one rule on either side of a midnight with no window are one segment per day', () => {
    const segments = segmentsOf(monday, SP, at('2026-11-23T22:00:00'), at('2026-11-24T02:00:00'));
    expect(segments.map((s) => [new Date(s.from).toISOString(), new Date(s.to).toISOString(), s.rule.kind])).toEqual([
      ['2026-11-24T01:00:00.000Z', '2026-11-24T03:00:00.000Z', 'day'],
      ['2026-11-24T03:00:00.000Z', '2026-11-24T05:00:00.000Z', 'off'],
    ]);
  });

  it('registerAt: linear between readings, the nearest value outside them', () => {
    const r: Reading[] = [
      { at: 2000, wh: 200 },
      { at: 1000, wh: 100 },
    ];
    expect([registerAt(r, 500), registerAt(r, 1500), registerAt(r, 2500)]).toEqual([100, 150, 200]);
  });
});
