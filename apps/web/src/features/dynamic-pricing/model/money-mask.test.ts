import { describe, expect, it } from 'vitest';
import { minorOfTyped } from './money-mask';

describe('money typed as digits', () => {
  it('digits typed into an empty field, one by one: enter at the right as cents', () => {
    expect(minorOfTyped('1')).toBe(1);
    expect(minorOfTyped('R$ 0,011')).toBe(11);
    expect(minorOfTyped('R$ 0,115')).toBe(115);
    expect(minorOfTyped('R$ 1,150')).toBe(1150);
  });

  it('a digit erased: the amount shifts right; all erased is zero', () => {
    expect(minorOfTyped('R$ 11,5')).toBe(115);
    expect(minorOfTyped('R$ 0,0')).toBe(0);
    expect(minorOfTyped('')).toBe(0);
  });

  it('at the eighth digit: further digits are ignored (999.999,99 at most)', () => {
    expect(minorOfTyped('R$ 999.999,991')).toBe(99_999_999);
  });
});
