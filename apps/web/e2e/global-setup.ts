import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startFakeAddressServices } from './support/fake-address-services';
import './support/provided-context';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
/** The built web app; WEB_DIST points elsewhere when several builds are tested side by side. */
const webDist = process.env.WEB_DIST ?? 'apps/web/dist';
const serverMain = 'apps/server/dist/main.js';

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
interface StartedServer {
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts one real server (embedded database, demo data, cheap ALTCHA) in its own data directory. */
async function startServer(services: { cepUrl: string; geocoderUrl: string; tileUrl: string }): Promise<StartedServer> {
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
      // recharges and read the newest); the history has its server test (apps/server/src/demo-history.test.ts).
      DEMO_HISTORY: 'false',
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_MAX_NUMBER: '2000',
      SIMULATOR_STATIONS: '0',
      WEB_DIST: webDist,
      CEP_URL: services.cepUrl,
      GEOCODER_URL: services.geocoderUrl,
      MAP_TILE_URL: services.tileUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
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

/**
 * Starts one real server per browser worker (`browserWorkers()`, vitest.config.ts), each with its
 * own embedded database and demo data, so two files that run at once never share a station, a
 * sign-in counter or a voucher; the files of one worker run one after another on its server, as
 * they did on the single server before. The CEP, geocoding and map-tile services point at one
 * local fake (support/fake-address-services.ts), which keeps no state.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(resolve(repoRoot, webDist, 'index.html'))) {
    throw new Error(`${webDist}/index.html is missing: build the web app first (npm run build).`);
  }
  if (!existsSync(resolve(repoRoot, serverMain))) {
    throw new Error(`${serverMain} is missing: build the server first (npm run build).`);
  }
  const services = await startFakeAddressServices();
  const count = Math.max(1, project.config.maxWorkers ?? 1);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServer(services)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await services.close();
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }

  project.provide(
    'servers',
    servers.map(({ port, dataDir }) => ({ port, dataDir })),
  );
  project.provide('fakeServicesUrl', services.url);
  return stop;
}
