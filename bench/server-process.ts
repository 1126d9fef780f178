/**
 * A Recarga node as its own process, started from the compiled build (`npm run build`, or
 * `cd apps/server && node scripts/build.mjs`), for the benches that kill and start nodes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  child: ChildProcess;
  /** When it printed that it listens (Date.now()). */
  listeningAt: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The node flags of the production start (apps/server/package.json "start"): a bench runs the node as production does. */
function productionNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}

/**
 * Starts apps/server/dist/main.js with the production start's node flags and this process's
 * environment plus `env` (no built-in simulator, no demo data unless `env` says so, warnings only),
 * and resolves once it listens. SERVER_NODE_FLAGS are added to its node command line (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). Its stderr is
 * this process's; its stdout is read until it listens, then discarded.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) return Promise.reject(new Error('apps/server/dist/main.js is missing: run `npm run build` first'));
  const flags = (process.env.SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...productionNodeFlags(), ...flags, main], {
    cwd: root,
    env: { ...process.env, SIMULATOR_STATIONS: '0', DEMO: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/listening on/.test(out)) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        child.off('exit', onExit);
        resolve({ child, listeningAt: Date.now() });
      }
    };
    const onExit = (code: number | null) => reject(new Error(`the server exited (${code}) before listening: ${out.slice(-500)}`));
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}
