import { describe, expect, it } from 'vitest';
import { hundredthsOfTyped, partialRefundProblem, refundQuery } from './partial-refund';

describe('partial refund in hundredths', () => {
  it('hundredthsOfTyped, when digits are typed one by one: each enters from the right (1, 15, 150 → 0,01, 0,15, 1,50)', () => {
    expect(hundredthsOfTyped('1')).toBe(1);
    expect(hundredthsOfTyped('R$ 0,015')).toBe(15);
    expect(hundredthsOfTyped('R$ 0,150')).toBe(150);
    expect(hundredthsOfTyped('R$ 1,505')).toBe(1505);
  });

  it('hundredthsOfTyped, when the last digit is erased or the field holds no digits: the amount shrinks, or is 0', () => {
    expect(hundredthsOfTyped('R$ 15,0')).toBe(150);
    expect(hundredthsOfTyped('R$ ')).toBe(0);
    expect(hundredthsOfTyped('')).toBe(0);
    expect(hundredthsOfTyped('abc')).toBe(0);
  });

  it('hundredthsOfTyped, when a thousands separator is in the text: it is ignored (R$ 1.234,56 → 123456)', () => {
    expect(hundredthsOfTyped('R$ 1.234,56')).toBe(123456);
    expect(hundredthsOfTyped('$ 1,234.56')).toBe(123456);
  });

  it('hundredthsOfTyped, when more digits than a refund can hold are typed: the extra digits are dropped', () => {
    expect(hundredthsOfTyped('9'.repeat(20))).toBe(999_999_999_999);
  });

  it('partialRefundProblem, when the amount equals what remains: accepted; one hundredth more: too large', () => {
    // R$ 48,09 paid, nothing refunded yet.
    expect(partialRefundProblem(4809, 4809)).toBeNull();
    expect(partialRefundProblem(4810, 4809)).toBe('tooLarge');
  });

  it('partialRefundProblem, after an earlier partial refund: the limit is what remains, not the amount paid', () => {
    // R$ 48,09 paid, R$ 10,00 refunded: R$ 38,09 remain.
    expect(partialRefundProblem(3809, 3809)).toBeNull();
    expect(partialRefundProblem(4000, 3809)).toBe('tooLarge');
  });

  it('partialRefundProblem, when nothing is typed: empty (the continue button stays disabled)', () => {
    expect(partialRefundProblem(0, 4809)).toBe('empty');
    expect(partialRefundProblem(1.5, 4809)).toBe('empty');
  });

  it('refundQuery, for a total refund: no partialAmount; for a partial one: the hundredths', () => {
    expect(refundQuery('total', 1234)).toEqual({});
    expect(refundQuery('partial', 1000)).toEqual({ partialAmount: 1000 });
  });
});
