import { describe, expect, it } from 'vitest';
import { weekdays as contractWeekdays } from '@recarga/contracts/dynamic-pricing';
import { weekdayOfSlug, weekdays, weekdaySlug } from './weekdays';

describe('weekdays', () => {
  it('the copy, when compared with the contract: the same seven days in the same order', () => {
    expect(weekdays).toEqual(contractWeekdays);
  });

  it('an address part, when lowercase English: is the weekday; anything else is none', () => {
    expect(weekdaySlug('MONDAY')).toBe('monday');
    expect(weekdayOfSlug('sunday')).toBe('SUNDAY');
    expect(weekdayOfSlug('SUNDAY')).toBeNull();
    expect(weekdayOfSlug('exception')).toBeNull();
    expect(weekdayOfSlug(undefined)).toBeNull();
  });
});
