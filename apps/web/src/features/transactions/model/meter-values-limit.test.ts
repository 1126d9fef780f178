import { describe, expect, it } from 'vitest';
import { exceedsMeterValuesLimit } from './meter-values-limit';

describe('exceedsMeterValuesLimit', () => {
  it('allows a recharge of exactly 5 hours and refuses a longer one', () => {
    expect(exceedsMeterValuesLimit('2026-03-15T10:00:00Z', '2026-03-15T15:00:00Z')).toBe(false);
    expect(exceedsMeterValuesLimit('2026-03-15T10:00:00Z', '2026-03-15T15:00:01Z')).toBe(true);
  });

  it('counts a running recharge up to now', () => {
    const now = new Date('2026-03-15T16:00:00Z');
    expect(exceedsMeterValuesLimit('2026-03-15T10:00:00Z', null, now)).toBe(true);
    expect(exceedsMeterValuesLimit('2026-03-15T12:00:00Z', undefined, now)).toBe(false);
  });

  it('does not refuse, when the start is unknown or unreadable', () => {
    expect(exceedsMeterValuesLimit(null, '2026-03-15T15:00:00Z')).toBe(false);
    expect(exceedsMeterValuesLimit('yesterday', '2026-03-15T15:00:00Z')).toBe(false);
  });
});
