import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Kysely } from 'kysely';
import type { DB } from '../db/db';
import { SIGN_IN_WINDOW_MS, retryAfterSeconds } from '../platform/auth/sign-in-backoff';
import * as repo from './repository';

/** Failures allowed before a wait: of one id from one address, from one address, of one id from anywhere. */
export const FREE_FAILURES = { pair: 5, address: 30, id: 5 } as const;
/** How long an address stays a known place of a station after it signed in from there. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
export { SIGN_IN_WINDOW_MS };

export type ThrottleVerdict = { throttled: false } | { throttled: true; retryAfterSec: number };

/**
 * How long a station sign-in must wait, if at all (the dashboard login's rule, platform/auth/sign-in-backoff).
 * Wrong passwords are slowed per (id, address) and per address; the id's own counter (guesses from
 * anywhere) does not hold back an address the station signed in from before. Unknown ids count
 * apart from passwords: a scan of unknown ids from one address slows further unknown ids from
 * there, never the registered stations behind the same address.
 */
export function signInWait(c: repo.SignInCounts, now: Date): number | null {
  return retryAfterSeconds(
    [
      { ...c.pair, free: FREE_FAILURES.pair },
      { ...c.address, free: FREE_FAILURES.address },
      ...(c.knownAddress ? [] : [{ ...c.id, free: FREE_FAILURES.id }]),
    ],
    now,
  );
}

/**
 * Throttling of OCPP sign-in, persisted as counters in `ocpp_sign_in_failures` so that every node
 * and a restarted node see the same counts, and a flood adds to a number rather than rows. Only
 * attempts that can fail are checked: an unknown id, or a station with a password. A check is
 * reserved atomically (counted as a failure before the password is looked at, under a lock per id
 * and per address); throttled attempts are refused with 429 and not counted themselves.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Reserves a check of `reason` for the id from the address; the check counts as failed until `succeeded`. */
  reserve(chargeBoxId: string, reason: repo.SignInFailureReason, remoteAddress: string | null): Promise<ThrottleVerdict> {
    const address = remoteAddress ?? '';
    const now = this.now();
    const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
    return repo.withSignInLocks(this.db, chargeBoxId, address, async (trx) => {
      const counts = await repo.signInCounts(trx, chargeBoxId, reason, address, since, new Date(now.getTime() - KNOWN_ADDRESS_MS));
      const retryAfterSec = signInWait(counts, now);
      if (retryAfterSec !== null) return { throttled: true, retryAfterSec };
      await repo.countSignIn(trx, chargeBoxId, reason, address, now, since);
      return { throttled: false };
    });
  }

  /** The right password: this address's wrong passwords for the id are forgotten and it becomes a known place. */
  async succeeded(chargeBoxId: string, remoteAddress: string | null) {
    const address = remoteAddress ?? '';
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await repo.clearSignInFailures(trx, chargeBoxId, address);
      await repo.countSignIn(trx, chargeBoxId, 'signed_in', address, now, new Date(now.getTime() - KNOWN_ADDRESS_MS));
    });
  }

  /** Removes counters that left the window (run by every node's sweeper; idempotent). */
  sweep() {
    const now = this.now().getTime();
    return repo.sweepSignInFailures(this.db, new Date(now - SIGN_IN_WINDOW_MS), new Date(now - KNOWN_ADDRESS_MS));
  }
}

/** Who may speak for a client: the proxies whose X-Forwarded-For is believed (TRUST_PROXY). */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The configured proxies as a trust check (an empty list trusts no one: the header is ignored). */
export function proxyTrust(proxies: readonly string[]): ProxyTrust {
  return proxies.length ? proxyAddr.compile([...proxies]) : () => false;
}

/**
 * The address a handshake came from: the socket's address, or — when the socket is a trusted
 * proxy — the address that proxy names in X-Forwarded-For (walking back through trusted proxies
 * only, the same rule as the HTTP routes' `trustProxy`). A forged header from anyone else counts
 * for nothing.
 */
export function clientAddress(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  trust: ProxyTrust,
): string | null {
  if (!socketAddress) return null;
  const xff = headers['x-forwarded-for'];
  const request = { headers: { 'x-forwarded-for': Array.isArray(xff) ? xff.join(',') : xff }, socket: { remoteAddress: socketAddress } };
  return proxyAddr(request as unknown as IncomingMessage, trust) || socketAddress;
}
