/**
 * Money as people type it (issue 40): amounts travel and are stored in hundredths of the currency
 * for every currency (the contracts' "minor units"), but they are typed and read with the
 * currency's own decimals — two for reais and dollars, none for Colombian pesos (1.200 pesos is
 * typed "1200" and stored 120000). The locale's decimal separator is taken, and the other one too
 * when it can only be a decimal separator ("12.5" in pt-BR from a numeric keypad).
 */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

/** The largest amount a money field takes: 10 000 000 000 in the currency (hundredths stay exact integers). */
export const MONEY_TEXT_MAX_INTEGER_DIGITS = 11;

interface Shape {
  decimals: number;
  decimalSeparator: string;
  symbol: string;
  draft: Intl.NumberFormat;
  draftWithCents: Intl.NumberFormat;
}

const shapes = new Map<string, Shape>();

function shapeOf({ currency, locale }: MoneyFormat): Shape {
  const key = `${locale}|${currency}`;
  let shape = shapes.get(key);
  if (!shape) {
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const decimals = money.resolvedOptions().maximumFractionDigits ?? 2;
    const parts = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5);
    shape = {
      decimals,
      decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? ',',
      symbol: money.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency,
      draft: new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      draftWithCents: new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    shapes.set(key, shape);
  }
  return shape;
}

/** How many decimals the currency is written with (BRL 2, COP 0). */
export function currencyDecimals(format: MoneyFormat): number {
  return shapeOf(format).decimals;
}

/** The currency's symbol in the locale (R$, $, US$…), shown before the field. */
export function currencySymbolOf(format: MoneyFormat): string {
  return shapeOf(format).symbol;
}

/**
 * What was typed or pasted, in hundredths; null when it holds no digit. Separators that group
 * thousands are skipped; the decimal part is the last separator's when at most the currency's
 * decimals follow it and it is the locale's decimal separator (or a separator of the other kind: "12.5", "1,234.56"). A
 * currency without decimals drops what follows the locale's decimal separator.
 */
export function parseMoneyText(text: string, format: MoneyFormat): number | null {
  const { decimals, decimalSeparator } = shapeOf(format);
  const clean = typedChars(text, decimals, decimalSeparator);
  if (decimals === 0) return integerPart(clean);
  const last = Math.max(clean.lastIndexOf(','), clean.lastIndexOf('.'));
  if (last >= 0) {
    const separator = clean[last]!;
    const after = clean.slice(last + 1);
    const separators = clean.replace(/\d/g, '').length;
    // The other separator counts as decimal alone ("12.5") or after the grouping kind ("1,234.56").
    const alone = separators === 1 || !clean.slice(0, last).includes(separator);
    const isDecimal = /^\d*$/.test(after) && after.length <= decimals && (separator === decimalSeparator || alone);
    if (isDecimal) {
      const whole = clean.slice(0, last).replace(/\D/g, '');
      if (!whole && !after) return null;
      const units = integerPart(whole) ?? 0;
      return units + Number(after.padEnd(2, '0').slice(0, 2) || '0');
    }
  }
  return integerPart(clean);
}

/** Digits and separators only; for a currency without decimals, nothing from its decimal separator on. */
function typedChars(text: string, decimals: number, decimalSeparator: string): string {
  const clean = text.replace(/[^\d.,]/g, '');
  const cut = decimals === 0 ? clean.indexOf(decimalSeparator) : -1;
  return cut >= 0 ? clean.slice(0, cut) : clean;
}

function integerPart(text: string): number | null {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return null;
  return Number(digits.slice(0, MONEY_TEXT_MAX_INTEGER_DIGITS)) * 100;
}

/**
 * Keeps what a money field may hold while it is typed: digits and separators; for a currency
 * without decimals, not its decimal separator.
 */
export function sanitizeMoneyDraft(text: string, format: MoneyFormat): string {
  const { decimals, decimalSeparator } = shapeOf(format);
  return typedChars(text, decimals, decimalSeparator).slice(0, MONEY_TEXT_MAX_INTEGER_DIGITS + 6);
}

/** An amount in hundredths as the field shows it when not typed in: the locale's grouping, the currency's decimals, no symbol. */
export function moneyDraftOf(hundredths: number, format: MoneyFormat): string {
  const shape = shapeOf(format);
  // A stored amount finer than the currency is written (centavos of a peso) is shown, not rounded away.
  const exact = shape.decimals < 2 && hundredths % 100 !== 0;
  return (exact ? shape.draftWithCents : shape.draft).format(hundredths / 100);
}
