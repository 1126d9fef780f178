import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeToUrl, settingsFromUrl } from './list-url';

// Frozen: 23 November 2026, mid-afternoon.
const now = dayjs('2026-11-23T15:30:00');

describe('the transaction list in the address', () => {
  it('an empty address: the last three days, page 1, no sort, every status', () => {
    const s = settingsFromUrl({}, now);
    expect(s.range.map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-11-21 00:00', '2026-11-23 23:59']);
    expect(s.problem).toBeNull();
    expect([s.page, s.sort, s.paymentStatus, s.search]).toEqual([1, null, '', '']);
  });

  it('a period, station, tag, page and sort: read as they were written', () => {
    const s = settingsFromUrl(
      { from: '2026-11-01', to: '2026-11-10', station: 4, tag: 'ABC', page: 3, sort: { key: 'energy', order: 'descend' } },
      now,
    );
    expect(s.queryRange.map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-11-01 00:00', '2026-11-10 23:59']);
    expect([s.chargeBoxPk, s.userOcppTag, s.page, s.sort]).toEqual([4, 'ABC', 3, { key: 'energy', order: 'descend' }]);
  });

  it.each([
    ['a day after today', '2026-11-20', '2026-11-24', 'future'],
    ['366 calendar days', '2025-11-23', '2026-11-23', 'tooLong'],
    ['ends swapped', '2026-11-10', '2026-11-01', 'order'],
  ])('%s: the problem is named and the default period queried, the asked one kept for the picker', (_what, from, to, problem) => {
    const s = settingsFromUrl({ from, to }, now);
    expect(s.problem).toBe(problem);
    expect(s.range[0].format('YYYY-MM-DD')).toBe(from);
    expect(s.queryRange.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-11-21', '2026-11-23']);
  });

  it('365 calendar days ending today: allowed', () => {
    expect(settingsFromUrl({ from: '2025-11-24', to: '2026-11-23' }, now).problem).toBeNull();
  });

  it('the default period is left out of the address; another one is written as days', () => {
    expect(rangeToUrl(settingsFromUrl({}, now).range, now)).toEqual({ from: undefined, to: undefined });
    expect(rangeToUrl([dayjs('2026-11-01'), dayjs('2026-11-10').endOf('day')], now)).toEqual({ from: '2026-11-01', to: '2026-11-10' });
  });
});
