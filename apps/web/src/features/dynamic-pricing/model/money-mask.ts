/**
 * Money typed as digits (002 §5: "formatted from typed digits, 2 decimals"): every digit enters at
 * the right, as in a till — 1, 15, 150 read R$ 0,01, R$ 0,15, R$ 1,50.
 */

/** Up to 999.999,99: the contract takes up to 1.000.000,00. */
export const MONEY_MAX_DIGITS = 8;

/** The amount in minor units of what the field shows after a keystroke (its formatted text with the new digit). */
export function minorOfTyped(text: string): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, MONEY_MAX_DIGITS);
  return digits ? Number(digits) : 0;
}
