import { describe, expect, it } from 'vitest';
import { formatCep } from './cep';

describe('cep', () => {
  it('masks a postal code, when eight digits are typed', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('0131')).toBe('0131');
  });
});
