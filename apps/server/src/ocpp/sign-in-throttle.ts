import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Kysely } from 'kysely';
import type { DB } from '../db/db';
import * as repo from './repository';

/** The window failures are counted in, and the limits (the dashboard login's figures). */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures of one charge box id (wrong/missing password; or attempts while the id is unknown). */
export const MAX_FAILURES_PER_ID = 5;
/** Failures of any kind from one address (many ids tried from one place). */
export const MAX_FAILURES_PER_ADDRESS = 30;

export type ThrottleVerdict = { throttled: false } | { throttled: true; retryAfterSec: number };

/**
 * Throttling of OCPP sign-in, persisted in `ocpp_sign_in_failures` so that every node and a
 * restarted node count the same failures. Only attempts that can fail are checked: an unknown
 * id, or a station with a password. Throttled attempts are refused with 429 before any password
 * is checked and are not counted themselves, so a station that keeps retrying gets through as
 * soon as its older failures leave the window. A right password clears the id's streak.
 */
export class SignInThrottle {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async check(chargeBoxId: string, reason: repo.SignInFailureReason, remoteAddress: string | null): Promise<ThrottleVerdict> {
    const now = this.now();
    const f = await repo.recentSignInFailures(this.db, chargeBoxId, reason, remoteAddress, new Date(now.getTime() - SIGN_IN_WINDOW_MS));
    const until: number[] = [];
    if (f.byId >= MAX_FAILURES_PER_ID && f.oldestById) until.push(f.oldestById.getTime() + SIGN_IN_WINDOW_MS);
    if (f.byAddress >= MAX_FAILURES_PER_ADDRESS && f.oldestByAddress) until.push(f.oldestByAddress.getTime() + SIGN_IN_WINDOW_MS);
    if (until.length === 0) return { throttled: false };
    return { throttled: true, retryAfterSec: Math.max(1, Math.ceil((Math.max(...until) - now.getTime()) / 1000)) };
  }

  failed(chargeBoxId: string, reason: repo.SignInFailureReason, remoteAddress: string | null) {
    return repo.recordSignInFailure(this.db, chargeBoxId, reason, remoteAddress);
  }

  succeeded(chargeBoxId: string) {
    return repo.clearSignInFailures(this.db, chargeBoxId);
  }

  /** Removes failures that left the window (run by every node's sweeper; idempotent). */
  sweep() {
    return repo.sweepSignInFailures(this.db, new Date(this.now().getTime() - SIGN_IN_WINDOW_MS));
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
