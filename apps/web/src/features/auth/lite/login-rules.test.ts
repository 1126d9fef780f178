import { describe, expect, it } from 'vitest';
import { loginProblems } from './login-rules';

describe('loginProblems', () => {
  it('asks for both fields when empty (spaces count as empty for the e-mail)', () => {
    expect(loginProblems({ email: '  ', password: '' })).toEqual({
      email: 'validation.emailRequired',
      password: 'validation.passwordRequired',
    });
  });

  it('refuses an address without a domain, with spaces or without a dot in the domain', () => {
    for (const email of ['ana', 'ana@', 'ana @x.com', 'ana@x', '@x.com']) {
      expect(loginProblems({ email, password: 'x' })).toEqual({ email: 'validation.emailInvalid' });
    }
  });

  it('accepts an address with surrounding spaces and any password', () => {
    expect(loginProblems({ email: ' ana@rede.com.br ', password: ' ' })).toEqual({});
  });
});
