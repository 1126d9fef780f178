import { createHmac, timingSafeEqual } from 'node:crypto';
import { digits } from '../../platform/text';

const TTL_MS = 24 * 3_600_000;

export interface AddressFacts {
  zipCode: string;
  state: string;
  city: string;
  /** 'N/A' when the look-up had no street. */
  street: string;
}

export interface LocationFacts {
  latitude: number;
  longitude: number;
}

/**
 * Signs what an address look-up answered, so the save call can tell values that came from the
 * CEP or geocoding service from values typed by hand (which need /stations/allow_edit_address).
 * Token: `<base64url(json)>.<hmac>`, valid 24 hours, verifiable on every node (shared secret).
 */
export class LookupSigner {
  constructor(private readonly secret: string) {}

  signAddress(facts: AddressFacts, now = Date.now()): string {
    return this.sign({ k: 'address', z: digits(facts.zipCode), s: facts.state, c: facts.city, t: facts.street, e: now + TTL_MS });
  }

  signLocation(facts: LocationFacts, now = Date.now()): string {
    return this.sign({ k: 'location', la: facts.latitude, lo: facts.longitude, e: now + TTL_MS });
  }

  verifyAddress(token: string | null | undefined, now = Date.now()): AddressFacts | null {
    const p = this.open(token, 'address', now);
    return p ? { zipCode: String(p.z), state: String(p.s), city: String(p.c), street: String(p.t) } : null;
  }

  verifyLocation(token: string | null | undefined, now = Date.now()): LocationFacts | null {
    const p = this.open(token, 'location', now);
    return p && typeof p.la === 'number' && typeof p.lo === 'number' ? { latitude: p.la, longitude: p.lo } : null;
  }

  private sign(payload: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  private open(token: string | null | undefined, kind: string, now: number): Record<string, unknown> | null {
    if (!token) return null;
    const [body, sig] = token.split('.');
    if (!body || !sig) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (payload.k !== kind || typeof payload.e !== 'number' || payload.e <= now) return null;
      return payload;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
