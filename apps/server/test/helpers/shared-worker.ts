import { afterAll, vi } from 'vitest';

/*
 * The server's test files share their worker process (vitest.config.ts: `isolate: false`): the
 * modules are loaded once per worker instead of once per file, which saved about a third of the
 * suite's time. What a file may change for the whole process is put back when it ends, so the next
 * file in the same worker starts from the same state: real timers and clock, no spies, no stubbed
 * environment variables or globals.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
