import type { Bus } from '../bus';

/** Bus subject on which every node hears that sessions ended (logout, password change). */
export const SESSION_ENDED_SUBJECT = 'auth.session-ended';

/** One session (a logout) or every session of a user (a password change, a blocked user). */
export type SessionEnded = { sessionId: string } | { userPk: number };

/**
 * Tells every node that sessions ended, so the live sockets they hold for them close at once.
 * Called after the revocation is committed; the session row stays the authority (a node that
 * misses the message still finds the session revoked at its next check).
 */
export function announceSessionEnded(bus: Bus, ended: SessionEnded) {
  bus.publish(SESSION_ENDED_SUBJECT, ended);
}
