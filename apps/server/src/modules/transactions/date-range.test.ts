import { describe, expect, it } from 'vitest';
import { localInstant, resolveRange, zoneOf } from './date-range';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('transactions date range', () => {
  it('default: start of the day two days ago to the end of today, in the time zone', () => {
    const r = resolveRange(undefined, undefined, zoneOf('America/Sao_Paulo', undefined), NOW);
    expect(r.from.toISOString()).toBe('2026-03-08T03:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-03-11T03:00:00.000Z');
  });

  it('X-Timezone-Offset in minutes (getTimezoneOffset sign) when no timeZone is given; UTC otherwise', () => {
    expect(resolveRange('2026-03-01', '2026-03-01', zoneOf(undefined, '180'), NOW)).toEqual({
      from: new Date('2026-03-01T03:00:00Z'),
      to: new Date('2026-03-02T03:00:00Z'),
    });
    expect(resolveRange('2026-03-01', '2026-03-01', zoneOf(undefined, undefined), NOW).from.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('daylight saving time is respected by IANA zones', () => {
    expect(localInstant(zoneOf('America/New_York', undefined), 2026, 3, 8).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localInstant(zoneOf('America/New_York', undefined), 2026, 3, 9).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('364 days back is allowed, 365 is not; tomorrow is refused; instants are accepted', () => {
    const utc = zoneOf('UTC', undefined);
    expect(() => resolveRange('2025-03-11', '2026-03-10', utc, NOW)).not.toThrow();
    expect(() => resolveRange('2025-03-10', '2026-03-10', utc, NOW)).toThrow(/Invalid date range/);
    expect(() => resolveRange('2026-03-10', '2026-03-11', utc, NOW)).toThrow();
    expect(resolveRange('2026-03-10T08:00:00Z', '2026-03-10T09:00:00Z', utc, NOW).from.toISOString()).toBe('2026-03-10T08:00:00.000Z');
  });
});
