import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultRange, includesNow, isDisabledDate, normaliseRange, periodParams } from './stats-period';

describe('dashboard period', () => {
  it('default: the last 7 days, 00:00:00 six days ago to 23:59:59 today', () => {
    const now = dayjs('2026-11-21T15:42:10');
    const [from, to] = defaultRange(now);
    expect(from.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-15 00:00:00');
    expect(to.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-21 23:59:59');
    expect(periodParams([from, to], 'America/Sao_Paulo')).toEqual({
      fromDate: '2026-11-15 00:00:00',
      toDate: '2026-11-21 23:59:59',
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('dates before 2010-01-01 are disabled and a chosen range covers whole days from 2010-01-01 on', () => {
    expect(isDisabledDate(dayjs('2009-12-31'))).toBe(true);
    expect(isDisabledDate(dayjs('2010-01-01'))).toBe(false);
    const [from, to] = normaliseRange([dayjs('2009-06-01T10:00'), dayjs('2010-02-01T08:00')]);
    expect(from.format('YYYY-MM-DD HH:mm:ss')).toBe('2010-01-01 00:00:00');
    expect(to.format('YYYY-MM-DD HH:mm:ss')).toBe('2010-02-01 23:59:59');
  });

  it('a period ending today includes now; last month does not', () => {
    const now = dayjs('2026-11-21T15:00');
    expect(includesNow(defaultRange(now), now)).toBe(true);
    expect(includesNow([dayjs('2026-10-01'), dayjs('2026-10-31T23:59:59')], now)).toBe(false);
  });
});
