import { describe, expect, it } from 'vitest';
import { formatCep, isValidCep } from './cep';

describe('cep', () => {
  it('masks a postal code, when eight digits are typed', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
  });

  it('validates with or without the hyphen', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('0131-100')).toBe(false);
  });
});
