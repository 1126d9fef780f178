/**
 * Reconnect storm: N stations connected to one Recarga node all come back at once, and the bench
 * measures how long until every one of them is accepted again (issue 22, item 2).
 *
 *   --mode reboot   every station reboots at the same instant (closes its socket, waits --delay,
 *                   connects again and sends a BootNotification): the time from that instant until
 *                   every station's new boot is Accepted.
 *   --mode restart  the bench kills the server (SIGKILL) and starts it again; the stations reconnect
 *                   with their own backoff (ocpp-rpc: 1 s doubling to 30 s, ±25 %) and report their
 *                   connectors' status: the time from the new server listening until every station's
 *                   statuses are acknowledged again.
 *
 * The bench starts the server itself from the compiled build (`npm run build` first) on DATABASE_URL,
 * whose stations were registered by bench/seed-stations.ts; the stations run in --workers child
 * processes. Figures, not a pass/fail test. SERVER_NODE_FLAGS are added to the server's node command line
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench npx tsx bench/reconnect-storm.ts --stations 10000 --workers 2
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fleetIds, startFleet } from '@recarga/simulator/fleet';
import { sampleProcess } from './proc-stats';
import { startServerProcess, type ServerProcess } from './server-process';

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '2' },
    connectors: { type: 'string', default: '2' },
    ramp: { type: 'string', default: '200' },
    mode: { type: 'string', default: 'reboot' },
    delay: { type: 'string', default: '1' },
    deadline: { type: 'string', default: '120' },
    port: { type: 'string', default: '3100' },
    prefix: { type: 'string', default: 'BENCH-' },
    password: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
if (values.help) {
  process.stdout.write(
    'reconnect-storm.ts [--stations 10000] [--workers 2] [--connectors 2] [--ramp 200] [--mode reboot|restart] [--delay 1] [--deadline 120] [--port 3100] [--prefix BENCH-] [--password <text>]\n',
  );
  process.exit(0);
}
const int = (name: keyof typeof values, min: number, max: number): number => {
  const v = Number(values[name]);
  if (!Number.isFinite(v) || v < min || v > max) fail(`--${name} must be a number between ${min} and ${max}`);
  return v;
};
const stationCount = Math.round(int('stations', 1, 20_000));
const workerCount = Math.round(int('workers', 1, 16));
const connectors = Math.round(int('connectors', 1, 10));
const rampPerSec = int('ramp', 1, 5000);
const delayMs = int('delay', 0, 60) * 1000;
const deadlineMs = int('deadline', 10, 600) * 1000;
const port = Math.round(int('port', 1024, 65535));
if (values.mode !== 'reboot' && values.mode !== 'restart') fail('--mode must be reboot or restart');
const mode = values.mode as 'reboot' | 'restart';
const WORKER_ENV = 'RECARGA_STORM_WORKER';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { info() {}, warn() {}, error() {} };

/** Coordinator -> worker. */
type Command = { type: 'storm'; at: number } | { type: 'stop' };
/** Worker -> coordinator. */
type Report =
  | { type: 'progress'; accepted: number; connected: number; back: number; backTimes?: number[]; waiting?: Record<string, number> }
  | { type: 'stopped' };

async function runWorker(index: number): Promise<void> {
  process.on('disconnect', () => process.exit(1));
  const ids = fleetIds(stationCount, values.prefix).filter((_, k) => k % workerCount === index);
  const fleet = startFleet({
    url: `ws://127.0.0.1:${port}/ocpp`,
    ids,
    connectors,
    meterIntervalSec: 3600,
    autoSessions: false,
    rampPerSec: rampPerSec / workerCount,
    password: values.password,
    retryDelayMs: 1000,
    logger: quiet,
    station: { callTimeoutMs: 60_000, operationDelayMs: delayMs, pingIntervalMs: 0 },
  });
  /** Since the storm: when each station was back (epoch ms). */
  let stormAt: number | undefined;
  const backAt = new Map<string, number>();
  const statusAcks = new Map<string, number>();
  for (const station of fleet.stations) {
    station.on('sent', (action: string, _payload: unknown, response: { status?: string } | undefined) => {
      if (stormAt === undefined || backAt.has(station.chargeBoxId)) return;
      if (mode === 'reboot' && action === 'BootNotification' && response?.status === 'Accepted')
        backAt.set(station.chargeBoxId, Date.now());
      if (mode === 'restart' && action === 'StatusNotification') {
        // Back once every connector (0 included) has reported after the storm.
        const n = (statusAcks.get(station.chargeBoxId) ?? 0) + 1;
        statusAcks.set(station.chargeBoxId, n);
        if (n >= connectors + 1) backAt.set(station.chargeBoxId, Date.now());
      }
    });
  }
  process.on('message', (m: Command) => {
    if (m.type === 'storm') {
      stormAt = m.at;
      if (mode === 'reboot') for (const s of fleet.stations) void s.reboot('Soft').catch(() => undefined);
    } else if (m.type === 'stop') {
      void fleet.stop({ timeoutMs: 10_000 }).finally(() => {
        process.send!({ type: 'stopped' } satisfies Report);
        process.exit(0);
      });
    }
  });
  const timer = setInterval(() => {
    const c = fleet.counters();
    // The stations not back yet, by state (connecting, booting…): where a storm gets stuck.
    const waiting: Record<string, number> = {};
    if (stormAt !== undefined) {
      for (const s of fleet.stations) {
        if (backAt.has(s.chargeBoxId)) continue;
        const k = `${s.state}${s.connected ? '' : ' (socket closed)'}`;
        waiting[k] = (waiting[k] ?? 0) + 1;
      }
    }
    process.send!({ type: 'progress', accepted: c.accepted, connected: c.connected, back: backAt.size, waiting } satisfies Report);
    if (stormAt !== undefined && backAt.size === ids.length) {
      process.send!({
        type: 'progress',
        accepted: c.accepted,
        connected: c.connected,
        back: backAt.size,
        backTimes: [...backAt.values()],
      } satisfies Report);
    }
  }, 250);
  timer.unref();
  await fleet.ready;
}

/** The node on --port, from the compiled build (bench/server-process.ts). */
function startServer(): Promise<ServerProcess> {
  return startServerProcess({ PORT: String(port), HOST: '127.0.0.1' }).catch((err: Error) => fail(err.message));
}

async function coordinate(): Promise<void> {
  if (!process.env.DATABASE_URL?.startsWith('postgres'))
    fail('DATABASE_URL must be a postgres:// URL (stations seeded by bench/seed-stations.ts)');
  let server = await startServer();
  process.stdout.write(
    `server listening (pid ${server.child.pid}); ${stationCount} stations x ${connectors} connectors, ${workerCount} workers, mode ${mode}\n`,
  );
  const workers: ChildProcess[] = [];
  const progress = new Map<
    number,
    { accepted: number; connected: number; back: number; backTimes?: number[]; waiting?: Record<string, number> }
  >();
  const killAll = () => {
    for (const w of workers) w.kill('SIGKILL');
    server.child.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (let i = 0; i < workerCount; i++) {
    const w = fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
      env: { ...process.env, [WORKER_ENV]: String(i), NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=64` },
      execArgv: process.execArgv,
    });
    w.on('message', (m: Report) => {
      if (m.type === 'progress') progress.set(i, { ...m });
    });
    workers.push(w);
  }
  const total = (k: 'accepted' | 'connected' | 'back') => [...progress.values()].reduce((n, p) => n + p[k], 0);

  const rampStart = Date.now();
  const rampDeadline = rampStart + ((3 * stationCount) / rampPerSec + 60) * 1000;
  while (total('accepted') < stationCount && Date.now() < rampDeadline) await sleep(250);
  process.stdout.write(`ramp: ${total('accepted')} of ${stationCount} accepted in ${((Date.now() - rampStart) / 1000).toFixed(1)} s\n`);
  if (total('accepted') < stationCount) fail('not every station was accepted at the ramp: are they seeded (bench/seed-stations.ts)?');
  await sleep(5000); // the ramp's last statuses and heartbeats settle

  const memBefore = sampleProcess(server.child.pid!)?.rssBytes;
  const stormAt = Date.now();
  let origin = stormAt;
  if (mode === 'restart') {
    server.child.kill('SIGKILL');
    for (const w of workers) w.send({ type: 'storm', at: stormAt } satisfies Command);
    server = await startServer();
    origin = server.listeningAt;
    process.stdout.write(`killed and started again: listening ${((origin - stormAt) / 1000).toFixed(1)} s after the kill\n`);
  } else {
    for (const w of workers) w.send({ type: 'storm', at: stormAt } satisfies Command);
  }
  const marks = [0.5, 0.9, 0.99, 1];
  const reached = new Map<number, number>();
  let lastLine = 0;
  while (Date.now() < origin + deadlineMs) {
    const back = total('back');
    if (Date.now() - lastLine >= 5000) {
      lastLine = Date.now();
      process.stdout.write(`  +${((Date.now() - origin) / 1000).toFixed(0)} s: ${back} back, ${total('connected')} connected\n`);
    }
    for (const m of marks) if (!reached.has(m) && back >= Math.ceil(m * stationCount)) reached.set(m, Date.now());
    if (back >= stationCount) break;
    await sleep(100);
  }
  const back = total('back');
  if (back < stationCount) {
    const waiting: Record<string, number> = {};
    for (const p of progress.values()) for (const [k, n] of Object.entries(p.waiting ?? {})) waiting[k] = (waiting[k] ?? 0) + n;
    process.stdout.write(
      `  not back, by state: ${Object.entries(waiting)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}\n`,
    );
  }
  const memAfter = sampleProcess(server.child.pid!)?.rssBytes;
  const since = mode === 'reboot' ? 'the reboot' : 'listening';
  process.stdout.write(
    `${back} of ${stationCount} stations back (${mode === 'reboot' ? 'new boot Accepted' : 'every connector status acknowledged'}); ` +
      `${stationCount - back} not back within ${deadlineMs / 1000} s\n`,
  );
  for (const m of marks) {
    const at = reached.get(m);
    process.stdout.write(
      `  ${String(m * 100).padStart(3)} %: ${at === undefined ? 'not reached' : `${((at - origin) / 1000).toFixed(1)} s after ${since}`}\n`,
    );
  }
  if (reached.has(1))
    process.stdout.write(`  rate: ${(stationCount / ((reached.get(1)! - origin) / 1000)).toFixed(0)} stations/s on average\n`);
  if (memBefore !== undefined && memAfter !== undefined) {
    process.stdout.write(`  server RSS ${(memBefore / 2 ** 20).toFixed(0)} MB before, ${(memAfter / 2 ** 20).toFixed(0)} MB after\n`);
  }
  for (const w of workers) w.send({ type: 'stop' } satisfies Command);
  await Promise.race([Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r)))), sleep(20_000)]);
  server.child.kill('SIGTERM');
  await Promise.race([new Promise((r) => server.child.once('exit', r)), sleep(15_000)]);
  process.exit(0);
}

const workerIndex = process.env[WORKER_ENV];
if (workerIndex === undefined) await coordinate();
else await runWorker(Number(workerIndex));
