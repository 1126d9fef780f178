import { describe, expect, it } from 'vitest';
import { BaseLoad, dailyLoadShape } from './base-load';

const hoursOfTheDay = Array.from({ length: 24 * 60 }, (_, minute) => minute / 60);

describe('dailyLoadShape', () => {
  it('stays within [0, 1] all day: near 0 at 03:00, 1 at 19:00, 0.85 at 12:00', () => {
    for (const h of hoursOfTheDay) {
      expect(dailyLoadShape(h)).toBeGreaterThanOrEqual(0);
      expect(dailyLoadShape(h)).toBeLessThanOrEqual(1);
    }
    expect(dailyLoadShape(3)).toBeLessThan(0.001);
    expect(dailyLoadShape(19)).toBe(1);
    expect(dailyLoadShape(12)).toBe(0.85);
  });

  it('peaks at 12:00 and 19:00: each is higher than the hour either side', () => {
    for (const peak of [12, 19]) {
      expect(dailyLoadShape(peak)).toBeGreaterThan(dailyLoadShape(peak - 1));
      expect(dailyLoadShape(peak)).toBeGreaterThan(dailyLoadShape(peak + 1));
    }
  });
});

describe('BaseLoad', () => {
  it('at(): with 20-60 A and noise, every line of every minute of a day stays within 20-60 A', () => {
    const load = new BaseLoad({ minA: 20, maxA: 60, noiseA: 3, utcOffsetMinutes: 0, seed: 7 });
    const midnight = Date.parse('2026-11-25T00:00:00Z');

    for (const h of hoursOfTheDay) {
      for (const a of load.at(midnight + h * 3_600_000)) {
        expect(a).toBeGreaterThanOrEqual(20);
        expect(a).toBeLessThanOrEqual(60);
      }
    }
  });

  it('at(): without noise, 19:00 Brasília time (22:00 UTC) is the peak: 60, 56.8 and 58.8 A (line weights 1, 0.92, 0.97)', () => {
    const load = new BaseLoad({ minA: 20, maxA: 60, noiseA: 0 });

    const [l1, l2, l3] = load.at(Date.parse('2026-11-25T22:00:00Z'));

    expect(l1).toBe(60);
    expect(l2).toBeCloseTo(56.8, 10);
    expect(l3).toBeCloseTo(58.8, 10);
  });

  it("at(): without noise, 03:00 local is the floor: 20 A plus under 0.01 A (the afternoon plateau's tail, 40 × 0.5 × e^-8 = 0.0067 A on L1)", () => {
    const load = new BaseLoad({ minA: 20, maxA: 60, noiseA: 0, utcOffsetMinutes: 0 });

    const [l1, l2, l3] = load.at(Date.parse('2026-11-25T03:00:00Z'));

    expect(l1).toBeCloseTo(20.0067, 4);
    for (const a of [l2, l3]) {
      expect(a).toBeGreaterThan(20);
      expect(a).toBeLessThan(20.01);
    }
  });
});
