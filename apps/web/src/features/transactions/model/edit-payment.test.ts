import { describe, expect, it } from 'vitest';
import { canEditPayment } from './edit-payment';

const unpaid = { hasPayment: true, income: 1500, paidTimestamp: null, paidError: null, paymentStatus: null };

describe('canEditPayment', () => {
  it('is offered, when income is positive, the recharge has payment and it is not paid', () => {
    expect(canEditPayment(unpaid)).toBe(true);
  });

  it('is not offered, when paid, without payment or with zero income', () => {
    expect(canEditPayment({ ...unpaid, paidTimestamp: '2026-03-15T10:00:00Z', paidError: 'NoError' })).toBe(false);
    expect(canEditPayment({ ...unpaid, hasPayment: false })).toBe(false);
    expect(canEditPayment({ ...unpaid, income: 0 })).toBe(false);
  });

  it('follows the server verdict, when income was stripped', () => {
    expect(canEditPayment({ hasPayment: true, revenueStatus: 'UNPAID' })).toBe(true);
    expect(canEditPayment({ hasPayment: true, revenueStatus: 'PRICELESS' })).toBe(false);
  });
});
