import { describe, expect, it } from 'vitest';
import type { PricingDetail } from '@recarga/contracts/dynamic-pricing';
import { exceptionRow, exceptionValuesOf, otherSpans } from './exception-form';
import { emptyPrices } from './price-values';

const saved = (uuid: string, startDate: string, endDate: string): PricingDetail => ({
  dynamicPricingDetailUuid: uuid,
  dayOfWeek: null,
  general: false,
  exception: true,
  active: true,
  startDate,
  endDate,
  startTime: null,
  endTime: null,
  startTimeGMT: null,
  endTimeGMT: null,
  servicePrice: 0,
  kwhPrice: 100,
  durationPrice: null,
  idleTimePrice: null,
  reservePrice: null,
  operationFee: 0,
  taxes: 0,
});

describe('an exception’s form', () => {
  it('a saved exception of one day: a Day (1); of several days: a Period (2)', () => {
    expect(exceptionValuesOf(saved('a', '2026-12-25', '2026-12-25'))).toMatchObject({
      kind: 1,
      startDate: '2026-12-25',
      endDate: null,
      kwhPrice: 100,
    });
    expect(exceptionValuesOf(saved('b', '2026-02-14', '2026-02-17'))).toMatchObject({
      kind: 2,
      startDate: '2026-02-14',
      endDate: '2026-02-17',
    });
    expect(exceptionValuesOf(undefined)).toEqual({ ...emptyPrices, kind: 1, startDate: null, endDate: null });
  });

  it('a Day saved: ends where it starts, keeps its uuid', () => {
    const row = exceptionRow(
      { ...emptyPrices, kind: 1, startDate: '2026-12-25', endDate: '2026-12-31', durationPrice: 30 },
      saved('a', '2026-12-25', '2026-12-25'),
    );
    expect(row).toMatchObject({
      dynamicPricingDetailUuid: 'a',
      exception: true,
      startDate: '2026-12-25',
      endDate: '2026-12-25',
      durationPrice: 30,
      kwhPrice: null,
    });
  });

  it('the others, when editing one: every exception but it', () => {
    const list = [saved('a', '2026-12-25', '2026-12-25'), saved('b', '2026-02-14', '2026-02-17')];
    expect(otherSpans(list, 'a')).toEqual([{ startDate: '2026-02-14', endDate: '2026-02-17' }]);
    expect(otherSpans(list, undefined)).toHaveLength(2);
  });
});
