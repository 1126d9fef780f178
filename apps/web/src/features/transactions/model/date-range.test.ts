import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultTransactionRange, isDateDisabled, isRangeAllowed, normaliseRange } from './date-range';

const now = dayjs('2026-03-15T14:30:00');

describe('defaultTransactionRange', () => {
  it('runs from the start of the day two days ago to the end of today', () => {
    const [from, to] = defaultTransactionRange(now);
    expect(from.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-13 00:00:00');
    expect(to.format('YYYY-MM-DD HH:mm:ss.SSS')).toBe('2026-03-15 23:59:59.999');
  });
});

describe('isDateDisabled', () => {
  it('refuses future days and accepts today', () => {
    expect(isDateDisabled(dayjs('2026-03-16T00:00:00'), now)).toBe(true);
    expect(isDateDisabled(dayjs('2026-03-15T23:00:00'), now)).toBe(false);
  });

  it('refuses days that make the range 365 days or longer, when one end is chosen', () => {
    const from = dayjs('2025-03-15');
    expect(isDateDisabled(dayjs('2026-03-14'), now, { from })).toBe(false);
    expect(isDateDisabled(dayjs('2026-03-15'), now, { from })).toBe(true);
    const to = dayjs('2026-03-15');
    expect(isDateDisabled(dayjs('2025-03-16'), now, { to })).toBe(false);
    expect(isDateDisabled(dayjs('2025-03-15'), now, { to })).toBe(true);
  });
});

describe('isRangeAllowed', () => {
  it('accepts the default range', () => {
    expect(isRangeAllowed(defaultTransactionRange(now), now)).toBe(true);
  });

  it('refuses a range reaching into the future, reversed, or 365 days long', () => {
    expect(isRangeAllowed([now.subtract(1, 'day'), now.add(1, 'day').endOf('day')], now)).toBe(false);
    expect(isRangeAllowed([now, now.subtract(1, 'day')], now)).toBe(false);
    expect(isRangeAllowed(normaliseRange([now.subtract(365, 'day'), now]), now)).toBe(false);
    expect(isRangeAllowed(normaliseRange([now.subtract(364, 'day'), now]), now)).toBe(true);
  });
});
