import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultExpiry, disabledExpiryTime, expiryProblem, isExpiryDayDisabled } from './reservation-expiry';

// A fixed clock: Tuesday 24 Nov 2026, 14:37:20 local time.
const now = dayjs(new Date(2026, 10, 24, 14, 37, 20));

describe('reservation expiry', () => {
  it('default, when the form opens at 14:37:20: 15:37:00 the same day', () => {
    expect(defaultExpiry(now).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-24 15:37:00');
  });

  it('an expiry in the past or now: refused as past', () => {
    expect(expiryProblem(now.subtract(1, 'minute'), now)).toBe('past');
    expect(expiryProblem(now, now)).toBe('past');
  });

  it('an expiry 72 h ahead: accepted; a minute later: too far', () => {
    const limit = dayjs(new Date(2026, 10, 27, 14, 37, 20));
    expect(expiryProblem(limit, now)).toBeNull();
    expect(expiryProblem(limit.add(1, 'minute'), now)).toBe('tooFar');
  });

  it('the days offered: today to the 27th; the 23rd and the 28th greyed out', () => {
    const day = (d: number) => dayjs(new Date(2026, 10, d, 12, 0));
    expect([23, 24, 25, 27, 28].map((d) => isExpiryDayDisabled(day(d), now))).toEqual([true, false, false, false, true]);
  });

  it('the times offered today: from 14:38; on the 27th: up to 14:37', () => {
    const today = disabledExpiryTime(dayjs(new Date(2026, 10, 24, 16, 0)), now);
    expect(today.disabledHours()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(today.disabledMinutes(14)).toHaveLength(38);
    expect(today.disabledMinutes(15)).toEqual([]);
    const last = disabledExpiryTime(dayjs(new Date(2026, 10, 27, 9, 0)), now);
    expect(last.disabledHours()).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(last.disabledMinutes(14)[0]).toBe(38);
  });
});
