import { describe, expect, it } from 'vitest';
import { validateException, type ExceptionValues } from './exception-rules';
import { emptyPrices } from './price-values';

const aDay = (startDate: string | null, extra: Partial<ExceptionValues> = {}): ExceptionValues => ({
  ...emptyPrices,
  kwhPrice: 100,
  kind: 1,
  startDate,
  endDate: null,
  ...extra,
});
const aPeriod = (startDate: string | null, endDate: string | null, extra: Partial<ExceptionValues> = {}) =>
  aDay(startDate, { kind: 2, endDate, ...extra });
const messages = (values: ExceptionValues, others: { startDate: string; endDate: string | null }[] = []) =>
  validateException(values, others).map((m) => [m.name.join('.'), m.key]);

describe('an exception’s rules (002 §5 Exception)', () => {
  it('a day with a price and no other exception on it: has no message', () => {
    expect(messages(aDay('2026-12-25'), [{ startDate: '2026-12-31', endDate: '2026-12-31' }])).toEqual([]);
  });

  it('no day chosen: asks for it', () => {
    expect(messages(aDay(null))).toEqual([['startDate', 'dayRequired']]);
    expect(messages(aPeriod('2026-12-01', null))).toEqual([['endDate', 'dayRequired']]);
  });

  it('a period ending before it starts: says the start must come first, on the end', () => {
    expect(messages(aPeriod('2026-12-10', '2026-12-01'))).toEqual([['endDate', 'datesOrder']]);
    // A period of one day: the start is not before the end.
    expect(messages(aPeriod('2026-12-10', '2026-12-10'))).toEqual([['endDate', 'datesOrder']]);
  });

  it('neither a kWh nor a duration price: asks for one', () => {
    expect(messages(aDay('2026-12-25', { kwhPrice: null }))).toEqual([['kwhPrice', 'priceRequired']]);
  });

  it('a day inside another period: says it is already there, on the date that is', () => {
    expect(messages(aDay('2026-12-15'), [{ startDate: '2026-12-10', endDate: '2026-12-20' }])).toEqual([['startDate', 'dateInsideOther']]);
    expect(messages(aPeriod('2026-12-05', '2026-12-12'), [{ startDate: '2026-12-10', endDate: '2026-12-20' }])).toEqual([
      ['endDate', 'dateInsideOther'],
    ]);
  });

  it('a period enclosing another exception: says it may not, on the end', () => {
    expect(messages(aPeriod('2026-12-01', '2026-12-31'), [{ startDate: '2026-12-10', endDate: '2026-12-12' }])).toEqual([
      ['endDate', 'periodEnclosesOther'],
    ]);
  });
});
