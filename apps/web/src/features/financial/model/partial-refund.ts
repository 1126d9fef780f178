/**
 * The partial refund's amount (000 §4, §5): typed in the app's money field (components/money-input),
 * handled in hundredths (minor units) from the field to the query (`partialAmount`); never more
 * than what remains of the payment.
 */

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
