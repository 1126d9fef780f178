import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Bearer tokens: `<sessionId>.<expiresAtMs>.<signature>`; the HMAC covers id and expiry so a
 * token cannot be forged or extended. The session row decides revocation (logout).
 */
export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(sessionId: string, expiresAt: Date): string {
    const body = `${sessionId}.${expiresAt.getTime()}`;
    return `${body}.${this.mac(body)}`;
  }

  /** Returns the session id when the signature is right and the token has not expired. */
  verify(token: string, now = Date.now()): string | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [id, exp, sig] = parts as [string, string, string];
    const expected = Buffer.from(this.mac(`${id}.${exp}`));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^\d+$/.test(exp) || Number(exp) <= now) return null;
    return id;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
