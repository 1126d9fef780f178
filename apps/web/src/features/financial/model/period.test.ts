import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  dayText,
  defaultPeriod,
  isDayDisabled,
  monthOf,
  monthOptions,
  periodDays,
  periodFromDays,
  periodProblem,
  type Period,
} from './period';

const now = dayjs('2026-11-25T14:30:00');
const p = (from: string, to: string): Period => [dayjs(from), dayjs(to)];
const texts = (period: Period) => period.map(dayText);

describe('financial period', () => {
  it('defaultPeriod, when opened on the 25th: runs from the first of the month to today', () => {
    expect(texts(defaultPeriod(now))).toEqual(['2026-11-01', '2026-11-25']);
  });

  it('monthOptions, when listed: the current month up to today and the two before it in full, newest first', () => {
    const months = monthOptions(now);
    expect(months.map((m) => m.key)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(months.map((m) => texts(m.period))).toEqual([
      ['2026-11-01', '2026-11-25'],
      ['2026-10-01', '2026-10-31'],
      ['2026-09-01', '2026-09-30'],
    ]);
  });

  it('monthOptions, when opened in January: reaches back into the previous year', () => {
    expect(monthOptions(dayjs('2027-01-03T08:00:00')).map((m) => m.key)).toEqual(['2027-01', '2026-12', '2026-11']);
  });

  it('monthOf, when the period is a whole month of the selector: names it; otherwise null (custom)', () => {
    expect(monthOf(p('2026-10-01', '2026-10-31'), now)).toBe('2026-10');
    expect(monthOf(p('2026-11-01', '2026-11-25'), now)).toBe('2026-11');
    expect(monthOf(p('2026-10-01', '2026-10-30'), now)).toBeNull();
    expect(monthOf(p('2026-08-01', '2026-08-31'), now)).toBeNull();
  });

  it('periodDays, when counted: both ends are included', () => {
    expect(periodDays(p('2026-11-25', '2026-11-25'))).toBe(1);
    expect(periodDays(p('2026-11-01', '2026-11-25'))).toBe(25);
    expect(periodDays(p('2025-11-26', '2026-11-25'))).toBe(365);
  });

  it('periodProblem, when the period holds 365 days: none; 366 days: too long', () => {
    expect(periodProblem(p('2025-11-26', '2026-11-25'), now)).toBeNull();
    expect(periodProblem(p('2025-11-25', '2026-11-25'), now)).toBe('tooLong');
  });

  it('periodProblem, when the end is tomorrow: future; when the ends are swapped: order', () => {
    expect(periodProblem(p('2026-11-01', '2026-11-26'), now)).toBe('future');
    expect(periodProblem(p('2026-11-20', '2026-11-10'), now)).toBe('order');
    expect(periodProblem(p('2026-11-25', '2026-11-25'), now)).toBeNull();
  });

  it('isDayDisabled, with no end chosen: only the days after today', () => {
    expect(isDayDisabled(dayjs('2026-11-26'), now)).toBe(true);
    expect(isDayDisabled(dayjs('2026-11-25'), now)).toBe(false);
    expect(isDayDisabled(dayjs('2020-01-01'), now)).toBe(false);
  });

  it('isDayDisabled, once one end is chosen: the days that would make the period longer than 365 days', () => {
    const chosen = dayjs('2026-11-25');
    expect(isDayDisabled(dayjs('2025-11-26'), now, chosen)).toBe(false);
    expect(isDayDisabled(dayjs('2025-11-25'), now, chosen)).toBe(true);
    const start = dayjs('2025-12-01');
    expect(isDayDisabled(dayjs('2026-11-25'), now, start)).toBe(false);
  });

  it('periodFromDays, when the address leaves an end out: the default period fills it', () => {
    expect(texts(periodFromDays(undefined, undefined, now))).toEqual(['2026-11-01', '2026-11-25']);
    expect(texts(periodFromDays('2026-09-03', '2026-10-04', now))).toEqual(['2026-09-03', '2026-10-04']);
  });
});
