import { describe, expect, it } from 'vitest';
import { formatMinorUnits, formatMoney } from './money';

const normalise = (text: string) => text.replace(/\s/g, ' ');

describe('money', () => {
  it('formats reais in pt-BR, when the brand is Brazilian', () => {
    expect(normalise(formatMoney(1234.56, { currency: 'BRL', locale: 'pt-BR' }))).toBe('R$ 1.234,56');
  });

  it('converts cents, when the amount is stored in minor units', () => {
    expect(normalise(formatMinorUnits(123456, { currency: 'BRL', locale: 'pt-BR' }))).toBe('R$ 1.234,56');
  });

  it('formats pesos in es-CO, when the brand is Colombian', () => {
    const text = normalise(formatMoney(1500000, { currency: 'COP', locale: 'es-CO' }));
    expect(text).toContain('$');
    expect(text).toContain('1.500.000');
  });
});
