/**
 * The one rule both doors use to slow down guessing (the dashboard login and the stations' OCPP
 * sign-in): a counter of recent failures costs nothing up to its free allowance; past it, each
 * further check waits after the latest failure, the wait doubling with every failure (30 s, 1 min,
 * 2 min…) up to the window. Nothing is ever locked for a fixed time: a counter of failures that
 * all left the window is forgotten.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const BACKOFF_FIRST_WAIT_MS = 30_000;

export interface FailureCounter {
  /** Failures inside the window. */
  failures: number;
  /** When the latest of them happened. */
  lastAt: Date | null;
  /** Failures allowed before any wait. */
  free: number;
}

/** When the next check may be made for this counter (epoch ms), or null when it may be made now. */
export function nextCheckAt(counter: FailureCounter): number | null {
  if (counter.failures < counter.free || !counter.lastAt) return null;
  const wait = Math.min(BACKOFF_FIRST_WAIT_MS * 2 ** (counter.failures - counter.free), SIGN_IN_WINDOW_MS);
  return counter.lastAt.getTime() + wait;
}

/** Seconds to wait before a check may be made under all the counters (at least 1), or null when it may be made now. */
export function retryAfterSeconds(counters: FailureCounter[], now: Date): number | null {
  let until = 0;
  for (const c of counters) until = Math.max(until, nextCheckAt(c) ?? 0);
  if (until <= now.getTime()) return null;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}
