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
