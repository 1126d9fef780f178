import { describe, expect, it } from 'vitest';
import { idleCancelState } from './idle-payment';

const minutes = (n: number) => n * 60;

describe('idleCancelState', () => {
  it('is hidden, when the idle time is 20 minutes or less or unknown', () => {
    expect(idleCancelState({ idleDuration: minutes(20), moneyIdlePaymentTransactionAmount: 500, canCancelIdlePayment: true })).toBe(
      'hidden',
    );
    expect(idleCancelState({ idleDuration: 0, moneyIdlePaymentTransactionAmount: 0 })).toBe('hidden');
    expect(idleCancelState({ idleDuration: null, moneyIdlePaymentTransactionAmount: 500 })).toBe('hidden');
  });

  it('is available, when idle time exceeds 20 minutes and there is an idle amount', () => {
    expect(idleCancelState({ idleDuration: minutes(20) + 1, moneyIdlePaymentTransactionAmount: 500, canCancelIdlePayment: true })).toBe(
      'available',
    );
  });

  it('is disabled, when idle time exceeds 20 minutes but there is no idle amount', () => {
    expect(idleCancelState({ idleDuration: minutes(45), moneyIdlePaymentTransactionAmount: 0, canCancelIdlePayment: false })).toBe(
      'disabled',
    );
    expect(idleCancelState({ idleDuration: minutes(45), canCancelIdlePayment: false })).toBe('disabled');
  });

  it('shows the cancelled state, when the idle payment was already cancelled', () => {
    expect(idleCancelState({ idleDuration: minutes(45), moneyIdlePaymentTransactionAmount: 500, idlePaymentCanceled: true })).toBe(
      'canceled',
    );
  });
});
