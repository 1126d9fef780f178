import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Starting a real, built server for the browser tests: global-setup.ts starts the shared ones (one
 * per worker), server.ts's withOwnServer() one for a single file.
 */

export const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
/** The built web app; WEB_DIST points elsewhere when several builds are tested side by side. */
export const webDist = process.env.WEB_DIST ?? 'apps/web/dist';
export const serverMain = 'apps/server/dist/main.js';

/** Where the server's CEP, geocoding and map-tile calls go (support/fake-address-services.ts). */
export interface ServiceUrls {
  cepUrl: string;
  geocoderUrl: string;
  tileUrl: string;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/**
 * Resolves when the server prints its "listening" line (it does so once the port is open), then
 * checks readiness once: GET /health answers 200 when the database answers. Fails at once when the
 * server exits first, and after `timeoutMs` when it neither listens nor exits.
 */
async function waitUntilListening(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(deadline);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = () => {
      if (output().includes('Recarga listening on ')) done();
    };
    const onExit = (code: number | null) => done(new Error(`The server exited with code ${code} before it was ready:\n${output()}`));
    const deadline = setTimeout(
      () => done(new Error(`The server did not start listening within ${timeoutMs / 1000}s:\n${output()}`)),
      timeoutMs,
    );
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    if (child.exitCode !== null) onExit(child.exitCode);
    else onData();
  });
  const response = await fetch(`${url.replace('//localhost', '//127.0.0.1')}/health`);
  if (response.status !== 200) throw new Error(`GET /health answered ${response.status} once the server listened:\n${output()}`);
}

/** A started server: its port and data directory, and how to stop it. */
export interface StartedServer {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts one real server (embedded database, demo data, cheap ALTCHA) in its own data directory, on
 * a free port; `env` overrides its settings (a file with a server of its own, server.ts).
 */
export async function startServer(services: ServiceUrls, env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'recarga-e2e-'));
  let log = '';
  // The compiled server, as `npm start` serves it (built with the web app by `npm run build`).
  const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: 'true',
      // The shared servers start without the 90 days of history (their tests arrange their own
      // recharges and read the newest); the history has its server test
      // (apps/server/src/demo-history.test.ts) and its browser file on a server of its own
      // (demo-history.e2e.ts).
      DEMO_HISTORY: 'false',
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_MAX_NUMBER: '2000',
      SIMULATOR_STATIONS: '0',
      WEB_DIST: webDist,
      CEP_URL: services.cepUrl,
      GEOCODER_URL: services.geocoderUrl,
      MAP_TILE_URL: services.tileUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilListening(`http://localhost:${port}`, child, () => log, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  if (process.env.E2E_SERVER_LOG) child.stdout?.pipe(process.stdout);
  return { port, dataDir, stop };
}
