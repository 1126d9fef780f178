import { describe, expect, it } from 'vitest';
import { typedMoneyText } from './kind-value-input';

const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('typedMoneyText', () => {
  it('shows typed cents with two decimals in reais', () => {
    expect(plain(typedMoneyText(150, 'BRL', 'pt-BR'))).toBe('R$ 1,50');
    expect(plain(typedMoneyText(100_000, 'BRL', 'pt-BR'))).toBe('R$ 1.000,00');
  });
  it('keeps the two decimals for Colombian pesos, which are written without them elsewhere', () => {
    expect(plain(typedMoneyText(150_000, 'COP', 'es-CO'))).toBe('$ 1.500,00');
    expect(plain(typedMoneyText(5, 'COP', 'es-CO'))).toBe('$ 0,05');
  });
});
