import { describe, expect, it } from 'vitest';
import { currencyDecimals, currencySymbolOf, moneyDraftOf, parseMoneyText, sanitizeMoneyDraft } from './money-text';

const brl = { currency: 'BRL', locale: 'pt-BR' };
const cop = { currency: 'COP', locale: 'es-CO' };
const usd = { currency: 'USD', locale: 'es-EC' };
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money as typed', () => {
  it('currencyDecimals: reais and dollars have two, Colombian pesos none', () => {
    expect(currencyDecimals(brl)).toBe(2);
    expect(currencyDecimals(cop)).toBe(0);
    expect(currencyDecimals(usd)).toBe(2);
    expect(currencySymbolOf(brl)).toBe('R$');
    expect(currencySymbolOf(cop)).toBe('$');
  });

  it('parseMoneyText in pt-BR: the comma is the decimal separator, points group thousands; answers hundredths', () => {
    expect(parseMoneyText('12,50', brl)).toBe(1250);
    expect(parseMoneyText('12,5', brl)).toBe(1250);
    expect(parseMoneyText('12,', brl)).toBe(1200);
    expect(parseMoneyText('1200', brl)).toBe(120000);
    expect(parseMoneyText('1.234,56', brl)).toBe(123456);
    expect(parseMoneyText('1.200', brl)).toBe(120000);
    expect(parseMoneyText('R$ 48,09', brl)).toBe(4809);
    expect(parseMoneyText('0,01', brl)).toBe(1);
  });

  it('parseMoneyText in pt-BR: a point alone before one or two digits is a decimal point (a numeric keypad)', () => {
    expect(parseMoneyText('12.5', brl)).toBe(1250);
    expect(parseMoneyText('12.50', brl)).toBe(1250);
    expect(parseMoneyText('1,234.56', brl)).toBe(123456);
  });

  it('parseMoneyText in es-CO pesos: whole pesos, separators group thousands, centavos are dropped', () => {
    expect(parseMoneyText('1200', cop)).toBe(120000);
    expect(parseMoneyText('1.200', cop)).toBe(120000);
    expect(parseMoneyText('$ 20.000', cop)).toBe(2000000);
    expect(parseMoneyText('1.200,50', cop)).toBe(120000);
  });

  it('parseMoneyText: nothing typed is null; too many digits are cut', () => {
    expect(parseMoneyText('', brl)).toBeNull();
    expect(parseMoneyText('R$ ', brl)).toBeNull();
    expect(parseMoneyText(',', brl)).toBeNull();
    expect(parseMoneyText('9'.repeat(20), cop)).toBe(99_999_999_999 * 100);
  });

  it('sanitizeMoneyDraft keeps digits and separators; pesos refuse the decimal comma', () => {
    expect(sanitizeMoneyDraft('R$ 12,5a', brl)).toBe('12,5');
    expect(sanitizeMoneyDraft('1.200,5', cop)).toBe('1.200');
  });

  it('moneyDraftOf writes the amount with the locale’s grouping and the currency’s decimals', () => {
    expect(plain(moneyDraftOf(123456, brl))).toBe('1.234,56');
    expect(plain(moneyDraftOf(120000, cop))).toBe('1.200');
    expect(plain(moneyDraftOf(1250, cop))).toBe('12,50');
    expect(plain(moneyDraftOf(1250, usd))).toBe('12,50');
  });
});
