import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('the address to return to after signing in', () => {
  it('accepts an own path with its query and hash', () => {
    expect(safeReturnPath('/transactions?page=2&search=E2E#top')).toBe('/transactions?page=2&search=E2E#top');
  });

  it.each([
    ['another host', '//evil.example.com/x'],
    ['a backslash host', '/\\evil.example.com'],
    ['an absolute address', 'https://evil.example.com'],
    ['a script', 'javascript:alert(1)'],
    ['a sign-in page', '/auth/login?next=/x'],
    ['a line break', '/stations\n//evil'],
    ['nothing', ''],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('the login address keeps the path to come back to, encoded; the general view needs none', () => {
    expect(loginPathFor('/transactions?page=2')).toBe('/auth/login?next=%2Ftransactions%3Fpage%3D2');
    expect(loginPathFor('/')).toBe('/auth/login');
  });
});
