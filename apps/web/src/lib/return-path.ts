/** Query parameter of the login page holding the address to come back to after signing in. */
export const returnParam = 'next';

/**
 * The address to open after signing in, when it is one of this app's own paths: a value from the
 * address bar must not send the user to another site ('//host', 'https:…', '/\\host') or back to a
 * sign-in page.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
}

/** The login address that brings the user back to `path` (path, query and hash) afterwards. */
export function loginPathFor(path: string): string {
  return path === '/' || !safeReturnPath(path) ? '/auth/login' : `/auth/login?${returnParam}=${encodeURIComponent(path)}`;
}
