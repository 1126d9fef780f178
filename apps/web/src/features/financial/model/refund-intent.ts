/**
 * The Idempotency-Key of a refund (issue 19 §8): one key per refund intent. A double click or a
 * retry of the same refund (same movement, same amount) sends the same key, so the server makes one
 * refund; another amount is another intent, with a new key.
 */

export interface RefundIntent {
  /** `movementPk:total` or `movementPk:partial:hundredths`. */
  signature: string;
  key: string;
}

export function intentSignature(movementPk: number, partialAmount: number | undefined): string {
  return partialAmount === undefined ? `${movementPk}:total` : `${movementPk}:partial:${partialAmount}`;
}

/** The intent to send: the previous one when it is the same refund, else a new one with `newKey()`. */
export function intentFor(previous: RefundIntent | null, signature: string, newKey: () => string): RefundIntent {
  return previous && previous.signature === signature ? previous : { signature, key: newKey() };
}

/** A random key of 32 hex digits, also where `crypto.randomUUID` is missing (a page served over plain http). */
export function randomKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
