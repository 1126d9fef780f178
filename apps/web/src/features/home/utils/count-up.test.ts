import { describe, expect, it } from 'vitest';
import { COUNT_UP_MS, countUpValue, wholeParts } from './count-up';

describe('count-up', () => {
  it('starts at the old value, rises monotonically and lands exactly on the target after 3 s', () => {
    expect(COUNT_UP_MS).toBe(3000);
    expect(countUpValue(0, 120, 0)).toBe(0);
    const samples = [250, 750, 1500, 2250, 2900].map((t) => countUpValue(0, 120, t));
    for (let i = 1; i < samples.length; i++) expect(samples[i]!).toBeGreaterThan(samples[i - 1]!);
    expect(samples.at(-1)!).toBeLessThan(120);
    expect(countUpValue(0, 120, 3000)).toBe(120);
    expect(countUpValue(0, 120, 5000)).toBe(120);
  });

  it('counts down too, from a live value to a lower one', () => {
    expect(countUpValue(10, 4, 1500)).toBeLessThan(10);
    expect(countUpValue(10, 4, 3000)).toBe(4);
  });

  it('parts shown mid-count: whole numbers that add up to the rounded total', () => {
    // 2.4 + 3.3 = 5.7: rounding each would show 2 and 3 beside a total of 6; the larger remainder takes the unit.
    expect(wholeParts([2.4, 3.3])).toEqual([3, 3]);
    expect(wholeParts([2.3, 3.6])).toEqual([2, 4]);
    expect(wholeParts([1.5, 1.5, 1])).toEqual([2, 1, 1]);
    expect(wholeParts([0.2, 0.2, 0.2])).toEqual([1, 0, 0]);
    expect(wholeParts([3, 5, 0])).toEqual([3, 5, 0]);
    for (const values of [
      [0.7, 12.1, 3.9, 0.3],
      [9.99, 0.01],
    ]) {
      expect(wholeParts(values).reduce((a, b) => a + b, 0)).toBe(Math.round(values.reduce((a, b) => a + b, 0)));
    }
  });
});
