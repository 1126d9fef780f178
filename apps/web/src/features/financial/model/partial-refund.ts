/**
 * The partial refund's amount (000 §4, §5): typed as digits that enter from the right, as in a till
 * (1, 15, 150 read 0,01, 0,15, 1,50), handled in hundredths (minor units) from the keyboard to the
 * query (`partialAmount`); never more than what remains of the payment.
 */

/** Up to 9.999.999.999,99: no refund is larger, and the number stays an exact integer. */
export const PARTIAL_MAX_DIGITS = 12;

/** The amount in hundredths of what the field holds after a keystroke (its formatted text with the new digit). */
export function hundredthsOfTyped(text: string): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, PARTIAL_MAX_DIGITS);
  return digits ? Number(digits) : 0;
}

export type PartialRefundProblem = 'empty' | 'tooLarge';

/**
 * Why a partial amount cannot be sent: nothing typed (0) or more than what remains. The continue
 * button stays disabled while there is a problem; only 'tooLarge' is said under the field (an empty
 * field needs no scolding).
 */
export function partialRefundProblem(hundredths: number, remaining: number): PartialRefundProblem | null {
  if (!Number.isInteger(hundredths) || hundredths <= 0) return 'empty';
  return hundredths > remaining ? 'tooLarge' : null;
}

export type RefundMode = 'total' | 'partial';

/** What the refund call sends: no `partialAmount` for a total refund, the hundredths for a partial one. */
export function refundQuery(mode: RefundMode, hundredths: number): { partialAmount?: number } {
  return mode === 'partial' ? { partialAmount: hundredths } : {};
}
