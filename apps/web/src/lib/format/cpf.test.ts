import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf } from './cpf';

describe('cpf', () => {
  it('masks the digits as they are typed', () => {
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25999')).toBe('529.982.247-25');
  });

  it('accepts a CPF with correct check digits and rejects others', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('123')).toBe(false);
  });
});
