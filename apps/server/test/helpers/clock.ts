import { vi } from 'vitest';

/**
 * Sets the application's clock to `at` and lets it run on from there, so that "today" and "this
 * month" do not depend on when the test runs. Only `Date` is faked: timers, sockets and the
 * database keep real time. The server takes every calendar boundary from `Date` (never from the
 * database's `now()`), which is what makes this work on PGlite and PostgreSQL alike.
 */
export function setClock(at: string): void {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(at), shouldAdvanceTime: true });
}

/** Back to the real clock. */
export function restoreClock(): void {
  vi.useRealTimers();
}
