import { describe, expect, it } from 'vitest';
import { partialRefundProblem, refundQuery } from './partial-refund';

describe('partial refund in hundredths', () => {
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
