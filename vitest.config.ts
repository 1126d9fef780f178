import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests have their own config (apps/web/e2e/vitest.config.ts). */
export default defineConfig({
  test: {
    // PGlite is CPU-heavy; two workers match the 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'],
          // One module graph per worker, not per file (import was a third of the suite's time);
          // each file puts back what it changed for the process (shared-worker.ts).
          isolate: false,
          setupFiles: ['apps/server/test/helpers/shared-worker.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'node',
          include: ['apps/web/src/**/*.test.ts'],
        },
      },
    ],
  },
});
