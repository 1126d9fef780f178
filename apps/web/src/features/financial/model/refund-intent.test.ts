import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX } from '@recarga/contracts/financial-constants';
import { intentFor, intentSignature, randomKey } from './refund-intent';

describe('refund intent (Idempotency-Key)', () => {
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('intentFor, when the same refund is sent again (double click, retry): the same key', () => {
    const first = intentFor(null, intentSignature(7, 1000), newKey);
    const again = intentFor(first, intentSignature(7, 1000), newKey);
    expect(again).toBe(first);
  });

  it('intentFor, when the amount, the kind or the movement changes: a new key', () => {
    const first = intentFor(null, intentSignature(7, 1000), newKey);
    expect(intentFor(first, intentSignature(7, 1500), newKey).key).not.toBe(first.key);
    expect(intentFor(first, intentSignature(7, undefined), newKey).key).not.toBe(first.key);
    expect(intentFor(first, intentSignature(8, 1000), newKey).key).not.toBe(first.key);
  });

  it('randomKey, when made: 32 hex digits, a valid Idempotency-Key (visible ASCII, at most 100 characters)', () => {
    const key = randomKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key.length).toBeLessThanOrEqual(IDEMPOTENCY_KEY_MAX);
    expect(randomKey()).not.toBe(key);
  });
});
