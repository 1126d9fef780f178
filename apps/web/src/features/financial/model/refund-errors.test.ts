import { describe, expect, it } from 'vitest';
import { financialMessages } from '@recarga/contracts/financial-constants';
import { refundErrorKey } from './refund-errors';

describe('refund error texts', () => {
  it('refundErrorKey, when the server sends one of the contract’s messages: that message’s key', () => {
    expect(refundErrorKey({ code: 'NOT_REFUNDABLE', message: financialMessages.refundNothingLeft })).toBe('messages.refundNothingLeft');
    expect(refundErrorKey({ code: 'NOT_REFUNDABLE', message: financialMessages.refundNotApproved })).toBe('messages.refundNotApproved');
    expect(refundErrorKey({ code: 'REFUND_TOO_LARGE', message: financialMessages.partialTooLarge })).toBe('messages.partialTooLarge');
  });

  it('refundErrorKey, when the message is another one: the code decides', () => {
    expect(refundErrorKey({ code: 'PAYMENT_PROVIDER_FAILED', message: 'Mercado Pago answered 500' })).toBe('messages.providerFailed');
    expect(refundErrorKey({ code: 'WALLET_BALANCE_LOW', message: 'x' })).toBe('refund.errors.WALLET_BALANCE_LOW');
    expect(refundErrorKey({ code: 'PAYMENT_PROVIDER_NOT_CONFIGURED', message: 'x' })).toBe('refund.errors.PAYMENT_PROVIDER_NOT_CONFIGURED');
    expect(refundErrorKey({ code: 'PAYMENT_PROVIDER_UNCONFIRMED', message: 'x' })).toBe('refund.errors.PAYMENT_PROVIDER_UNCONFIRMED');
    expect(refundErrorKey({ code: 'REFUND_IN_PROGRESS', message: 'x' })).toBe('refund.errors.REFUND_IN_PROGRESS');
  });

  it('refundErrorKey, when there is no body or an unknown code: null (the spec’s toast says it all)', () => {
    expect(refundErrorKey(undefined)).toBeNull();
    expect(refundErrorKey({ code: 'INTERNAL', message: 'boom' })).toBeNull();
  });
});
