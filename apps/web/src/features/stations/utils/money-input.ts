/**
 * Money and tax inputs of the Payment tab. Money is stored in minor units (cents) and typed in
 * major units with at most 5 characters (001 §5); the tax is stored as a fraction, shown ×100
 * and sent ÷100 (001 §3).
 */
export const MONEY_INPUT_MAX = 5;

/** The symbol before a money input: R$ for reais, $ for the other currencies (pesos, dollars). */
export function currencySymbol(currency: string): string {
  return currency === 'BRL' ? 'R$' : '$';
}

/** Fraction (0.05) → percent shown (5), without binary noise (0.07 × 100 = 7.000000000000001). */
export function taxToPercent(fraction: number | null | undefined): number {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return 0;
  return Math.round(fraction * 100 * 1e6) / 1e6;
}

/** Percent typed (5) → fraction sent (0.05). */
export function percentToTax(percent: number | null | undefined): number {
  if (percent === null || percent === undefined || Number.isNaN(percent)) return 0;
  return Math.round((percent / 100) * 1e8) / 1e8;
}

/** Keeps digits and one decimal separator (comma or point), at most 2 decimals and 5 characters. */
export function sanitizeMoneyText(text: string): string {
  let out = '';
  let separator = false;
  let decimals = 0;
  for (const ch of text) {
    if (/\d/.test(ch)) {
      if (separator) {
        if (decimals >= 2) continue;
        decimals++;
      }
      out += ch;
    } else if ((ch === ',' || ch === '.') && !separator && out.length > 0) {
      separator = true;
      out += ch;
    }
  }
  return out.slice(0, MONEY_INPUT_MAX);
}

/** Typed major units ('1,99' or '1.99') → minor units (199); empty → 0. */
export function moneyTextToMinor(text: string | null | undefined): number {
  const clean = (text ?? '').trim().replace(',', '.');
  if (!clean) return 0;
  const value = Number(clean);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Minor units (199) → text in the input ('1,99' with a comma separator). */
export function minorToMoneyText(minor: number | null | undefined, separator = ','): string {
  if (minor === null || minor === undefined || Number.isNaN(minor)) return '0';
  const major = minor / 100;
  const text = Number.isInteger(major) ? String(major) : major.toFixed(2);
  return text.replace('.', separator);
}
