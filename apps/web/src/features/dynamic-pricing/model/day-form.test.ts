import { describe, expect, it } from 'vitest';
import type { PricingDetail } from '@recarga/contracts/dynamic-pricing';
import { dayRows, dayValuesOf } from './day-form';
import { emptyPrices } from './price-values';

const saved = (extra: Partial<PricingDetail>): PricingDetail => ({
  dynamicPricingDetailUuid: 'x',
  dayOfWeek: 'MONDAY',
  general: false,
  exception: false,
  active: true,
  startDate: null,
  endDate: null,
  startTime: null,
  endTime: null,
  startTimeGMT: null,
  endTimeGMT: null,
  servicePrice: 0,
  kwhPrice: null,
  durationPrice: null,
  idleTimePrice: null,
  reservePrice: null,
  operationFee: 0,
  taxes: 0,
  ...extra,
});

describe('a weekday’s form', () => {
  it('a day with its general row and a window to midnight: on, its prices, the window ending at 00:00', () => {
    const list = [
      saved({ dynamicPricingDetailUuid: 'mon', general: true, servicePrice: 300, kwhPrice: 150, operationFee: 0.1, taxes: 0.05 }),
      saved({ dynamicPricingDetailUuid: 'late', startTime: '22:00:00', endTime: '24:00:00', durationPrice: 20 }),
    ];

    const values = dayValuesOf(list, 'MONDAY');

    expect(values.active).toBe(true);
    expect(values.general).toEqual({ ...emptyPrices, servicePrice: 300, kwhPrice: 150, operationFee: 0.1, taxes: 0.05 });
    expect(values.windows).toEqual([
      { ...emptyPrices, uuid: 'late', startTime: '22:00', endTime: '00:00', durationPrice: 20, operationFee: 0, taxes: 0 },
    ]);
  });

  it('a day without a general row: off, unless the list sent the user to switch it on', () => {
    expect(dayValuesOf([], 'SUNDAY').active).toBe(false);
    expect(dayValuesOf([], 'SUNDAY', true).active).toBe(true);
  });

  it('a day saved: its general row with its uuid, then each window with local times and fractions', () => {
    const rows = dayRows('MONDAY', 'mon', {
      active: true,
      general: { ...emptyPrices, kwhPrice: 150, taxes: 0.05 },
      windows: [{ ...emptyPrices, startTime: '18:00', endTime: '21:00', kwhPrice: 250 }],
    });

    expect(rows).toEqual([
      expect.objectContaining({
        dynamicPricingDetailUuid: 'mon',
        dayOfWeek: 'MONDAY',
        general: true,
        active: true,
        kwhPrice: 150,
        taxes: 0.05,
        operationFee: 0,
      }),
      expect.objectContaining({
        dynamicPricingDetailUuid: null,
        dayOfWeek: 'MONDAY',
        general: false,
        exception: false,
        startTime: '18:00:00',
        endTime: '21:00:00',
        kwhPrice: 250,
        durationPrice: null,
      }),
    ]);
  });
});
