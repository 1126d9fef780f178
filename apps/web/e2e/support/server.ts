import { inject } from 'vitest';
import './provided-context';

/**
 * The server this test file runs against: global-setup.ts starts one per browser worker, and a file
 * uses the one of its worker (VITEST_POOL_ID, 1…workers), so two files running at once never share
 * a database.
 */
export function testServer(): { port: number; dataDir: string } {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(Math.max(1, worker) - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started (global-setup.ts)');
  return server;
}
