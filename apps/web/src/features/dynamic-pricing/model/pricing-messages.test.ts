import { describe, expect, it } from 'vitest';
import { dynamicPricingMessages } from '@recarga/contracts/dynamic-pricing';
import { pricingMessageKeyOf } from './pricing-messages';

describe('pricing messages', () => {
  it('every text of the contract, when the server answers it: is known by its key', () => {
    for (const [key, text] of Object.entries(dynamicPricingMessages)) expect(pricingMessageKeyOf(text)).toBe(key);
  });

  it('a text the contract does not hold, or none: is unknown', () => {
    expect(pricingMessageKeyOf('Something else')).toBeNull();
    expect(pricingMessageKeyOf(undefined)).toBeNull();
  });
});
