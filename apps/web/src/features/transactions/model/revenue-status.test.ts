import { describe, expect, it } from 'vitest';
import { isPaidRecharge, isSelectableForApproval, revenueTone } from './revenue-status';

const paid = { hasPayment: true, income: 1250, paidTimestamp: '2026-01-10T10:00:00Z', paidError: 'NoError' };

describe('revenueStatus', () => {
  it('is information, when the recharge has no payment', () => {
    expect(revenueTone({ ...paid, hasPayment: false })).toBe('info');
    expect(revenueTone({ income: 500 })).toBe('info');
  });

  it('is information, when the income is zero', () => {
    expect(revenueTone({ ...paid, income: 0, paidTimestamp: null })).toBe('info');
  });

  it('is paid, when a paid timestamp has paidError NoError and no payment status', () => {
    expect(revenueTone(paid)).toBe('paid');
    expect(revenueTone({ ...paid, paymentStatus: null })).toBe('paid');
  });

  it('is paid only with an approved or authorized payment status, when a payment status exists', () => {
    expect(revenueTone({ ...paid, paymentStatus: 'approved' })).toBe('paid');
    expect(revenueTone({ ...paid, paymentStatus: 'AUTHORIZED' })).toBe('paid');
    expect(revenueTone({ ...paid, paymentStatus: 'pending' })).toBe('unpaid');
    expect(revenueTone({ ...paid, paymentStatus: 'rejected' })).toBe('unpaid');
  });

  it('is not paid, when the paid timestamp is missing or the payment failed', () => {
    expect(revenueTone({ ...paid, paidTimestamp: null })).toBe('unpaid');
    expect(revenueTone({ ...paid, paidError: 'CardDeclined' })).toBe('unpaid');
    expect(revenueTone({ ...paid, paidError: null })).toBe('unpaid');
  });

  it('decides by the payment state, when income was stripped from the row', () => {
    expect(revenueTone({ hasPayment: true, paidTimestamp: null })).toBe('unpaid');
    expect(revenueTone({ hasPayment: true, income: null, paidTimestamp: paid.paidTimestamp, paidError: 'NoError' })).toBe('paid');
  });
});

describe('isSelectableForApproval', () => {
  it('selects only not-paid recharges', () => {
    expect(isSelectableForApproval({ ...paid, paidTimestamp: null })).toBe(true);
    expect(isSelectableForApproval(paid)).toBe(false);
    expect(isSelectableForApproval({ ...paid, hasPayment: false, paidTimestamp: null })).toBe(false);
    expect(isSelectableForApproval({ ...paid, income: 0, paidTimestamp: null })).toBe(false);
  });
});

describe('isPaidRecharge', () => {
  it('ignores income, when the payment fields say paid', () => {
    expect(isPaidRecharge({ paidTimestamp: '2026-01-10T10:00:00Z', paidError: 'NoError' })).toBe(true);
  });
});

describe('revenueTone with the server verdict', () => {
  it('follows the revenueStatus the server computed, when the row carries one', () => {
    expect(revenueTone({ revenueStatus: 'PRICELESS', hasPayment: true, income: 900 })).toBe('info');
    expect(revenueTone({ revenueStatus: 'PAID' })).toBe('paid');
    expect(revenueTone({ revenueStatus: 'UNPAID' })).toBe('unpaid');
    expect(isSelectableForApproval({ revenueStatus: 'UNPAID' })).toBe(true);
  });
});
