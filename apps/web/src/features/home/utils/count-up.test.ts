import { describe, expect, it } from 'vitest';
import { COUNT_UP_MS, countUpValue } from './count-up';

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
});
