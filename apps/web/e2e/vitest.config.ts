import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * How many browser files run at once: `E2E_WORKERS`, else 2. Each worker runs its files one after
 * another against a server of its own (global-setup.ts starts one per worker), with its own
 * Chromium. On the 2-core CI machines a page's renderer keeps one core busy while the other waits
 * on the server and the network, so two workers use the machine and a third only queues.
 */
export function browserWorkers(): number {
  const asked = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(asked) && asked >= 1 ? asked : 2;
}

/**
 * Browser tests: one real server per worker for the whole run (global-setup.ts), Debian's Chromium
 * driven by playwright-core. Shared with vitest.screenshots.config.ts, which runs the *.shots.ts
 * files instead.
 */
export function browserConfig(name: string, include: string[]): ViteUserConfig {
  const workers = browserWorkers();
  return defineConfig({
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    test: {
      name,
      environment: 'node',
      include,
      globalSetup: ['apps/web/e2e/global-setup.ts'],
      pool: 'forks',
      maxWorkers: workers,
      fileParallelism: workers > 1,
      sequence: { concurrent: false },
      testTimeout: 90_000,
      hookTimeout: 180_000,
      teardownTimeout: 30_000,
    },
  });
}

export default browserConfig('e2e', ['apps/web/e2e/**/*.e2e.ts']);
