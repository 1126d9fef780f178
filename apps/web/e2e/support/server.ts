import { afterAll, beforeAll, inject } from 'vitest';
import { fakeServiceUrls } from './fake-address-services';
import { startServer, type StartedServer } from './start-server';
import './provided-context';

/** The server of this file's own while one runs (withOwnServer). */
let own: { port: number; dataDir: string } | undefined;

/**
 * The server this test file runs against: global-setup.ts starts one per browser worker, and a file
 * uses the one of its worker (VITEST_POOL_ID, 1…workers), so two files running at once never share
 * a database; a file that started a server of its own (withOwnServer) uses that one.
 */
export function testServer(): { port: number; dataDir: string } {
  if (own) return own;
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(Math.max(1, worker) - 1) % servers.length];
  if (!server) throw new Error('no e2e server was started (global-setup.ts)');
  return server;
}

/**
 * A server for this file alone, for what the shared ones cannot give (a fresh demo database with
 * its 90 days of history): started before the file's tests as global-setup.ts starts the shared
 * ones (built app, own port, own data directory in a temporary folder, the same fake address
 * services), with `env` over their settings; stopped, and its data directory removed, after them.
 * While it runs, testServer() answers it, so appUrl, signIn, callApi and connectStation all go there.
 * Call it at the top of the file, outside any describe.
 */
export function withOwnServer(env: Record<string, string>): void {
  let started: StartedServer | undefined;
  beforeAll(async () => {
    started = await startServer(fakeServiceUrls(inject('fakeServicesUrl')), env);
    own = { port: started.port, dataDir: started.dataDir };
  }, 180_000);
  afterAll(async () => {
    own = undefined;
    await started?.stop();
  });
}
