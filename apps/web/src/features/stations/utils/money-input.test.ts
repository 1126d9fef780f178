import { describe, expect, it } from 'vitest';
import { minorToMoneyText, moneyTextToMinor, percentToTax, sanitizeMoneyText, taxToPercent } from './money-input';

describe('tax shown ×100 and sent ÷100', () => {
  it('shows a stored fraction as a percent without float noise', () => {
    expect(taxToPercent(0.05)).toBe(5);
    expect(taxToPercent(0.07)).toBe(7);
    expect(taxToPercent(0.125)).toBe(12.5);
    expect(taxToPercent(null)).toBe(0);
  });

  it('sends a typed percent as a fraction', () => {
    expect(percentToTax(5)).toBe(0.05);
    expect(percentToTax(19)).toBe(0.19);
    expect(percentToTax(12.5)).toBe(0.125);
    expect(percentToTax(undefined)).toBe(0);
  });
});

describe('money inputs', () => {
  it('keeps at most 5 characters, digits and one separator with 2 decimals', () => {
    expect(sanitizeMoneyText('1,999')).toBe('1,99');
    expect(sanitizeMoneyText('123456')).toBe('12345');
    expect(sanitizeMoneyText('a1.2.3')).toBe('1.23');
    expect(sanitizeMoneyText(',5')).toBe('5');
  });

  it('converts typed major units to minor units and back', () => {
    expect(moneyTextToMinor('1,99')).toBe(199);
    expect(moneyTextToMinor('2.5')).toBe(250);
    expect(moneyTextToMinor('')).toBe(0);
    expect(minorToMoneyText(199)).toBe('1,99');
    expect(minorToMoneyText(250)).toBe('2,50');
    expect(minorToMoneyText(300)).toBe('3');
    expect(minorToMoneyText(199, '.')).toBe('1.99');
  });
});
