import { fileURLToPath } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Browser tests: one real server for the whole run (global-setup.ts), Debian's Chromium driven by
 * playwright-core, files one after another (the CI machines have two cores). Shared with
 * vitest.screenshots.config.ts, which runs the *.shots.ts files instead.
 */
export function browserConfig(name: string, include: string[]): ViteUserConfig {
  return defineConfig({
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    test: {
      name,
      environment: 'node',
      include,
      globalSetup: ['apps/web/e2e/global-setup.ts'],
      pool: 'forks',
      maxWorkers: 1,
      fileParallelism: false,
      sequence: { concurrent: false },
      testTimeout: 90_000,
      hookTimeout: 180_000,
      teardownTimeout: 30_000,
    },
  });
}

export default browserConfig('e2e', ['apps/web/e2e/**/*.e2e.ts']);
