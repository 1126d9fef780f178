import { describe, expect, it } from 'vitest';
import { validateDay, type DayValues, type WindowValues } from './day-rules';
import { emptyPrices } from './price-values';

const aWindow = (startTime: string | null, endTime: string | null, extra: Partial<WindowValues> = {}): WindowValues => ({
  ...emptyPrices,
  kwhPrice: 250,
  startTime,
  endTime,
  ...extra,
});
const aDay = (windows: WindowValues[], extra: Partial<DayValues> = {}): DayValues => ({
  active: true,
  general: { ...emptyPrices, kwhPrice: 150 },
  windows,
  ...extra,
});
const messages = (values: DayValues) => validateDay(values).map((m) => [m.name.join('.'), m.key]);

describe('a weekday’s rules (002 §5 Time window)', () => {
  it('a day with prices and separate windows: has no message', () => {
    expect(messages(aDay([aWindow('08:00', '10:00'), aWindow('18:00', '21:00'), aWindow('22:00', '00:00')]))).toEqual([]);
  });

  it('a day switched on without a kWh or duration price: asks for one on the kWh price', () => {
    expect(messages(aDay([], { general: { ...emptyPrices, servicePrice: 300 } }))).toEqual([['general.kwhPrice', 'priceRequired']]);
  });

  it('a day switched off without prices: has no message', () => {
    expect(messages(aDay([], { active: false, general: { ...emptyPrices } }))).toEqual([]);
  });

  it('a window without times: asks for the start and the end', () => {
    expect(messages(aDay([aWindow(null, null)]))).toEqual([
      ['windows.0.startTime', 'startTimeRequired'],
      ['windows.0.endTime', 'endTimeRequired'],
    ]);
  });

  it('a window starting where it ends: says they must differ, on the end', () => {
    expect(messages(aDay([aWindow('10:00', '10:00')]))).toEqual([['windows.0.endTime', 'timesEqual']]);
  });

  it('a window starting after its end: says so on the start', () => {
    expect(messages(aDay([aWindow('11:00', '10:00')]))).toEqual([['windows.0.startTime', 'startAfterEnd']]);
  });

  it('a window without a kWh or duration price: asks for one', () => {
    expect(messages(aDay([aWindow('08:00', '10:00', { kwhPrice: null, servicePrice: 100 })]))).toEqual([
      ['windows.0.kwhPrice', 'priceRequired'],
    ]);
  });

  it('a later window overlapping, or sharing a start or an end with, an earlier one: clashes on its start', () => {
    expect(messages(aDay([aWindow('18:00', '21:00'), aWindow('19:00', '20:00')]))).toEqual([['windows.1.startTime', 'windowClash']]);
    expect(messages(aDay([aWindow('08:00', '10:00'), aWindow('08:00', '09:00')]))).toEqual([['windows.1.startTime', 'windowClash']]);
    expect(messages(aDay([aWindow('08:00', '10:00'), aWindow('09:00', '10:00')]))).toEqual([['windows.1.startTime', 'windowClash']]);
    expect(messages(aDay([aWindow('22:00', '00:00'), aWindow('23:00', '00:00')]))).toEqual([['windows.1.startTime', 'windowClash']]);
  });

  it('windows touching end to start: do not clash', () => {
    expect(messages(aDay([aWindow('08:00', '10:00'), aWindow('10:00', '12:00')]))).toEqual([]);
  });
});
