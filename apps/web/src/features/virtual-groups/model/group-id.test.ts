import { describe, expect, it } from 'vitest';
import { groupIdOf } from './group-id';

describe('group id from the address', () => {
  it('a positive whole number: is the id', () => {
    expect(groupIdOf('12')).toBe(12);
  });

  it('zero, a sign, a fraction, text or nothing: null', () => {
    expect(['0', '-1', '1.5', 'abc', '99999999999', undefined].map(groupIdOf)).toEqual([null, null, null, null, null, null]);
  });
});
