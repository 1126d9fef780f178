/**
 * Percentages under the mask 99,9% (002 §5): at most two whole digits and one decimal; a third
 * digit typed without a separator becomes the decimal (125 → 12,5). Stored as a fraction: the
 * value shown divided by 100.
 */

/** The text the field keeps after a keystroke, with `separator` as the decimal mark ('%' and spaces dropped). */
export function maskPercent(text: string, separator: string): string {
  let whole = '';
  let decimal = '';
  let separated = false;
  for (const ch of text) {
    if (/\d/.test(ch)) {
      if (!separated && whole.length < 2) whole += ch;
      else if (decimal.length < 1) {
        separated = true;
        decimal += ch;
      }
    } else if ((ch === ',' || ch === '.') && !separated) {
      separated = true;
    }
  }
  if (!separated) return whole;
  return `${whole || '0'}${separator}${decimal}`;
}

/** The fraction of a masked text (12,5 → 0.125); null when empty. */
export function fractionOfPercentText(text: string): number | null {
  const clean = text.replace(/[^\d.,]/g, '').replace(',', '.');
  if (clean === '' || clean === '.') return null;
  const percent = Number(clean);
  return Number.isFinite(percent) ? Math.round(percent * 10) / 1000 : null;
}

/** A fraction as the field shows it (0.125 → '12,5', 0.05 → '5'); '' for none. */
export function percentTextOf(fraction: number | null | undefined, separator: string): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '';
  const percent = Math.round(fraction * 1000) / 10;
  return (Number.isInteger(percent) ? String(percent) : percent.toFixed(1)).replace('.', separator);
}
