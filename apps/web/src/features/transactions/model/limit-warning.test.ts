import { describe, expect, it } from 'vitest';
import { isQueryLimited } from './limit-warning';

describe('isQueryLimited', () => {
  it('warns, when the result has 10,000 rows or more or the server says it was capped', () => {
    expect(isQueryLimited({ count: 10_000 })).toBe(true);
    expect(isQueryLimited({ count: 12, limited: true })).toBe(true);
  });

  it('stays quiet, when the result is under the cap or not loaded', () => {
    expect(isQueryLimited({ count: 9_999, limited: false })).toBe(false);
    expect(isQueryLimited(undefined)).toBe(false);
  });
});
