/**
 * Cluster: three Recarga nodes (NODE_ID node-a, node-b, node-c) on one PostgreSQL and one NATS,
 * behind the bench's own TCP balancer, with N stations spread over them (issue 22, items 4 and 5).
 * It measures acknowledgement latency per node, a remote command sent through node A's API to
 * stations on node C, a status change reaching a dashboard socket on node B, and then kills node C
 * (SIGKILL): how long its stations take to be back on A and B, whether anything they had seen
 * acknowledged is missing or doubled in the database, and whether the command node C was running
 * is closed as interrupted. Figures, not a pass/fail test.
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_cluster npx tsx bench/cluster.ts --stations 30000
 *
 * The bench creates the database if it is missing, starts the nodes from apps/server/dist/main.js
 * (node-a with DEMO=true, which migrates and loads the demo tenants and users), registers the
 * stations with bench/seed-stations.ts, and runs the stations in --workers child processes and the
 * balancer in --balancers child processes (bench/cluster/). See bench/README.md, "Cluster".
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { RPCClient } from 'ocpp-rpc';
import { mergeCallStats, type CallStatsPart, type LatencySummary } from '@recarga/simulator/call-stats';
import { fleetIds } from '@recarga/simulator/fleet';
import { cpuPercent, machineBusyPercent, sampleMachine, sampleProcess, type MachineSample, type ProcSample } from './proc-stats';
import { histogramDelta, quantile, scrape, type Scrape } from './prom';
import { startServerProcess, type ServerProcess } from './server-process';
import type { Backend, BalancerCounts } from './cluster/balancer';
import { sendCommand, signIn, StatusFollower } from './cluster/dashboard';
import {
  wallNow,
  type FromBalancer,
  type FromWorker,
  type Ledger,
  type ToWorker,
  type WorkerProgress,
  type WorkerSetup,
} from './cluster/messages';
import { WORKER_ENV } from './cluster/station-worker';
import { checkLedger, resultTimes, taskState, type LedgerCheck, type TaskCheck } from './cluster/verify';

const USAGE = `Cluster benchmark: three nodes on NATS behind a TCP balancer, then one node killed

  DATABASE_URL=postgres://... npx tsx bench/cluster.ts [options]

  --stations <n>         stations (default 30000, at most 60000), registered by the bench (bench/seed-stations.ts)
  --connectors <n>       connectors per station (default 2)
  --prefix <text>        charge box ids <prefix>000001... (default BENCH-); tags <tag-prefix>000001...
  --tag-prefix <text>    (default BENCHTAG-)
  --workers <n>          processes running the stations (default 3; at most 15,000 stations each)
  --balancers <n>        balancer processes, each on its own port (default: one per 7,000 stations)
  --ramp <n>             stations connected per second, all workers together (default 200)
  --meter-interval <s>   seconds between MeterValues of a charging connector (default 60)
  --sessions <share>     share of the connectors that run a transaction (default 1: every one, as bench/ocpp-fleet.ts)
  --session-ramp <n>     after the ramp, sessions started per second, all workers together (default 200); each connector
                         starts at a random moment of max(one meter interval, sessions / this rate)
  --churn <share>        share of the running sessions stopped per minute, each started again 5-15 s later (default 0.01)
  --warmup <s>           after the ramp, before the window (default: the sessions' start span + 30 s)
  --duration <s>         measurement window (default 120)
  --commands <n>         remote commands (TriggerMessage Heartbeat) through node A's API to stations on node C (default 200)
  --probes <n>           status changes (a fault, then its repair) of idle stations on nodes A and C, followed on node B (default 200)
  --kill-deadline <s>    how long to wait after the kill for node C's stations and its command (default 120)
  --port <n>             node-a's port; node-b and node-c take the next two, the balancers <port>+10 onwards (default 4300)
  --nats <url>           NATS server (default NATS_URL or nats://127.0.0.1:4222)
  --call-timeout <s>     a station's CALL timeout (default 60)
  --json <file>          also write the figures to this file
  --help

  SERVER_NODE_FLAGS adds node flags to the three nodes (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof), as in reconnect-storm.
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        stations: { type: 'string', default: '30000' },
        connectors: { type: 'string', default: '2' },
        prefix: { type: 'string', default: 'BENCH-' },
        'tag-prefix': { type: 'string', default: 'BENCHTAG-' },
        workers: { type: 'string', default: '3' },
        balancers: { type: 'string' },
        ramp: { type: 'string', default: '200' },
        'meter-interval': { type: 'string', default: '60' },
        churn: { type: 'string', default: '0.01' },
        'session-ramp': { type: 'string', default: '200' },
        sessions: { type: 'string', default: '1' },
        warmup: { type: 'string' },
        duration: { type: 'string', default: '120' },
        commands: { type: 'string', default: '200' },
        probes: { type: 'string', default: '200' },
        'kill-deadline': { type: 'string', default: '120' },
        port: { type: 'string', default: '4300' },
        nats: { type: 'string' },
        'call-timeout': { type: 'string', default: '60' },
        json: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message);
  }
})();
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const num = (name: keyof typeof values, min: number, max: number): number => {
  const v = Number(values[name]);
  if (!Number.isFinite(v) || v < min || v > max) fail(`--${name} must be a number between ${min} and ${max}`);
  return v;
};
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) fail('DATABASE_URL must be set to a postgres:// URL');
const stationCount = Math.round(num('stations', 1, 60_000));
const connectors = Math.round(num('connectors', 1, 10));
const workerCount = Math.round(num('workers', 1, 16));
const perProcess = 15_000;
if (stationCount / workerCount > perProcess) fail(`--workers: at most ${perProcess} stations per worker (one descriptor each; ulimit -n)`);
const balancerCount = values.balancers === undefined ? Math.max(1, Math.ceil(stationCount / 7000)) : Math.round(num('balancers', 1, 32));
if (stationCount / balancerCount > 9000) fail('--balancers: at most 9000 stations per balancer (two descriptors each; ulimit -n)');
const rampPerSec = num('ramp', 1, 5000);
const meterInterval = num('meter-interval', 5, 3600);
const churnPerMinute = num('churn', 0, 1);
const warmupOption = values.warmup === undefined ? undefined : num('warmup', 0, 3600);
const sessionRamp = num('session-ramp', 1, 5000);
const sessionShare = num('sessions', 0, 1);
const duration = num('duration', 10, 3600);
const commandCount = Math.round(num('commands', 0, 10_000));
const probeCount = Math.round(num('probes', 0, 10_000));
const killDeadlineMs = num('kill-deadline', 30, 1800) * 1000;
const basePort = Math.round(num('port', 1024, 65_000));
const callTimeoutMs = num('call-timeout', 5, 600) * 1000;
const natsUrl = values.nats ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = values.prefix;
const tagPrefix = values['tag-prefix'];
const nodeNames = ['node-a', 'node-b', 'node-c'] as const;
type NodeName = (typeof nodeNames)[number];
const nodePort = (n: NodeName) => basePort + nodeNames.indexOf(n);
const nodeUrl = (n: NodeName) => `http://127.0.0.1:${nodePort(n)}`;
const balancerPorts = Array.from({ length: balancerCount }, (_, i) => basePort + 10 + i);
/** About 120 idle probe stations spread over the fleet. */
const probeEvery = Math.max(2, Math.floor(stationCount / 120));
/** The station that never answers (registered one past the fleet), for the dead node's command. */
const silentId = fleetIds(stationCount + 1, prefix)[stationCount]!;
const admin = { email: 'admin@recarga.app', password: 'Recarga@2026' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
const latencyText = (l: LatencySummary) => `p50 ${ms(l.p50Ms)}, p99 ${ms(l.p99Ms)}, max ${ms(l.maxMs)} (${l.samples} samples)`;

/** Nearest-rank percentiles of plain samples. */
function summary(samples: number[]): LatencySummary {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]! : Number.NaN);
  return {
    samples: s.length,
    meanMs: s.length ? s.reduce((a, b) => a + b, 0) / s.length : Number.NaN,
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: s.length ? s[s.length - 1]! : Number.NaN,
  };
}

/** Creates the database of DATABASE_URL when it does not exist. */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) fail('DATABASE_URL: the database name may only use letters, digits and "_"');
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) {
      await client.query(`create database ${name}`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** Runs bench/seed-stations.ts (the same tsx loader as this process) and waits for it. */
function seedStations(count: number): Promise<void> {
  const args = ['--stations', String(count), '--connectors', String(connectors), '--prefix', prefix, '--tag-prefix', tagPrefix];
  const child = spawn(process.execPath, [...process.execArgv, path.join(here, 'seed-stations.ts'), ...args], { stdio: 'inherit' });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/seed-stations.ts exited with ${code}`)))),
  );
}

function startNode(name: NodeName, demo: boolean): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl!,
    NATS_URL: natsUrl,
    NODE_ID: name,
    PORT: String(nodePort(name)),
    HOST: '127.0.0.1',
    DEMO: demo ? 'true' : 'false',
    // The bench signs in as the demo administrator without solving a captcha.
    CAPTCHA_PROVIDER: 'none',
  });
}

/** A forked child that reports over IPC; `on` collects its messages. */
function forkChild<M>(file: string, env: Record<string, string>, on: (m: M) => void, nodeOptions = ''): ChildProcess {
  const child = fork(path.join(here, file), [], {
    env: { ...process.env, ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${nodeOptions}`.trim() },
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (m) => on(m as M));
  return child;
}

/** Resolves with the first message of `type` from each child, in order. */
function fromEach<T extends FromWorker['type']>(children: ChildProcess[], type: T): Promise<Extract<FromWorker, { type: T }>[]> {
  return Promise.all(
    children.map(
      (child, i) =>
        new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
          const onMessage = (m: FromWorker) => {
            if (m.type !== type) return;
            child.off('message', onMessage);
            child.off('exit', onExit);
            resolve(m as Extract<FromWorker, { type: T }>);
          };
          const onExit = (code: number | null) => reject(new Error(`worker ${i + 1} exited (${code}) before '${type}'`));
          child.on('message', onMessage);
          child.once('exit', onExit);
        }),
    ),
  );
}

interface NodeWindow {
  cpuPercent: number;
  rssBytes: number;
  acks: LatencySummary;
  acksPerSecond: number;
  handlingP50Ms: number;
  handlingP99Ms: number;
  stationsAtEnd: number;
}

async function scrapeNode(name: NodeName): Promise<Scrape | undefined> {
  return scrape(`${nodeUrl(name)}/metrics`).catch(() => undefined);
}

/** The load average when the bench started (1, 5 and 15 minutes). */
const runLoad = load();

async function main(): Promise<void> {
  const runStart = new Date();
  const machineAtStart = sampleMachine();
  log(
    `cluster bench: ${stationCount} stations x ${connectors} connectors, 3 nodes (${nodeNames.map((n) => `${n} :${nodePort(n)}`).join(', ')})`,
  );
  log(
    `  ${workerCount} station workers, ${balancerCount} balancer processes (:${balancerPorts[0]}-${balancerPorts.at(-1)}), ramp ${rampPerSec}/s, ` +
      `sessions on ${sessionShare * 100} % of the connectors (${sessionRamp}/s), meter values every ${meterInterval} s, churn ${churnPerMinute * 100} %/min, NATS ${natsUrl}`,
  );
  log(`  machine: ${machineAtStart.cores} cores, load average ${load()} (1, 5, 15 min)`);

  await ensureDatabase(databaseUrl!);
  const db = new pg.Client({ connectionString: databaseUrl });
  const nodes = new Map<NodeName, ServerProcess>();
  const balancers: ChildProcess[] = [];
  const workers: ChildProcess[] = [];
  process.on('exit', () => {
    for (const child of [...workers, ...balancers, ...[...nodes.values()].map((n) => n.child)])
      if (child.exitCode === null) child.kill('SIGKILL');
  });
  // Interrupted (Ctrl-C, a timeout): the nodes, balancers and workers go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(1));

  // Nodes: node-a first (it migrates and loads the demo data), then the stations, then the others.
  nodes.set('node-a', await startNode('node-a', true));
  await db.connect();
  await seedStations(stationCount + 1);
  const [b, c] = await Promise.all([startNode('node-b', false), startNode('node-c', false)]);
  nodes.set('node-b', b);
  nodes.set('node-c', c);
  log(`nodes listening: ${[...nodes].map(([n, p]) => `${n} pid ${p.child.pid}`).join(', ')}`);

  // The balancer processes.
  const backends: Backend[] = nodeNames.map((name) => ({ name, port: nodePort(name) }));
  const balancerCounts = new Map<number, BalancerCounts>();
  await Promise.all(
    balancerPorts.map(
      (port, i) =>
        new Promise<void>((resolve, reject) => {
          const child = forkChild<FromBalancer>(
            'cluster/balancer.ts',
            { BALANCER_PORT: String(port), BALANCER_BACKENDS: JSON.stringify(backends) },
            (m) => {
              if (m.type === 'listening') resolve();
              else balancerCounts.set(i, m.counts);
            },
          );
          child.once('exit', (code) => reject(new Error(`balancer on :${port} exited (${code})`)));
          balancers.push(child);
        }),
    ),
  );

  // The station workers.
  const progress = new Map<number, WorkerProgress>();
  const commandSeen = new Map<string, number>();
  for (let i = 0; i < workerCount; i++) {
    const setup: WorkerSetup = {
      index: i,
      workers: workerCount,
      stations: stationCount,
      connectors,
      prefix,
      tagPrefix,
      balancerPorts,
      rampPerSec: rampPerSec / workerCount,
      meterIntervalSec: meterInterval,
      sessionShare,
      churnPerMinute,
      probeEvery,
      callTimeoutMs,
    };
    workers.push(
      forkChild<FromWorker>(
        'cluster/station-worker.ts',
        { [WORKER_ENV]: JSON.stringify(setup) },
        (m) => {
          if (m.type === 'progress') progress.set(i, m);
          else if (m.type === 'command') commandSeen.set(m.id, m.at);
        },
        '--max-semi-space-size=64',
      ),
    );
  }
  const workerOf = (id: string) => workers[(Number(id.slice(prefix.length)) - 1) % workerCount]!;
  const total = (k: 'accepted' | 'connected' | 'sessions' | 'back' | 'orphans' | 'churned' | 'sessionsRefused') =>
    [...progress.values()].reduce((n, p) => n + p[k], 0);
  const byNode = () => {
    const out: Record<string, number> = {};
    for (const p of progress.values()) for (const [n, k] of Object.entries(p.byNode)) out[n] = (out[n] ?? 0) + k;
    return out;
  };
  const tell = (m: ToWorker) => {
    for (const w of workers) w.send(m);
  };

  // Ramp.
  const rampStart = performance.now();
  const rampDeadline = rampStart + ((3 * stationCount) / rampPerSec + 60) * 1000;
  let lastLine = 0;
  while (total('accepted') < stationCount && performance.now() < rampDeadline) {
    if (performance.now() - lastLine > 10_000) {
      lastLine = performance.now();
      log(`  ramp +${((lastLine - rampStart) / 1000).toFixed(0)} s: ${total('accepted')} accepted, load ${load()}`);
    }
    await sleep(250);
  }
  const rampSeconds = (performance.now() - rampStart) / 1000;
  const rampAccepted = total('accepted');
  log(`ramp: ${rampAccepted} of ${stationCount} accepted in ${rampSeconds.toFixed(1)} s; by node ${JSON.stringify(byNode())}`);
  if (rampAccepted < stationCount / 2) fail('fewer than half the stations were accepted: are they registered, is the machine overloaded?');

  // The dashboard side, while the cluster is calm: sign-ins, the probes followed on node B, the command targets.
  const tokenA = await signIn(nodeUrl('node-a'), admin.email, admin.password);
  const tokenB = await signIn(nodeUrl('node-b'), admin.email, admin.password);
  const tokenC = await signIn(nodeUrl('node-c'), admin.email, admin.password);
  const apiKey = (
    await db.query<{ api_key: string }>(
      'select t.api_key from charge_boxes cb join tenants t on t.tenant_pk = cb.tenant_pk where cb.charge_box_id = $1 and cb.deleted_at is null',
      [fleetIds(1, prefix)[0]],
    )
  ).rows[0]!.api_key;
  const pick = async (node: NodeName, count: number, probes: boolean) => {
    const replies = fromEach(workers, 'picked');
    tell({ type: 'pick', node, count: Math.ceil(count / workerCount), probes });
    return (await replies).flatMap((r) => r.ids);
  };
  const probeStations = { 'node-a': await pick('node-a', 20, true), 'node-c': await pick('node-c', 20, true) };
  const commandTargets = await pick('node-c', commandCount, false);
  const follower = await StatusFollower.open(nodeUrl('node-b'), tokenB, apiKey, [...probeStations['node-a'], ...probeStations['node-c']]);

  // Warm-up: the sessions start (each connector at a random moment of the span) and the churn begins.
  const sessionConnectors = Math.round((rampAccepted - Math.ceil(stationCount / probeEvery)) * connectors * sessionShare);
  const sessionsOverSec = Math.max(meterInterval, Math.ceil(sessionConnectors / sessionRamp));
  const warmup = warmupOption ?? sessionsOverSec + 30;
  tell({ type: 'sessions', overSec: sessionsOverSec });
  const warmupEnd = performance.now() + warmup * 1000;
  log(
    `warm-up ${warmup} s: ${sessionConnectors} sessions starting over ${sessionsOverSec} s; ${probeStations['node-a'].length} probe stations ` +
      `on node-a and ${probeStations['node-c'].length} on node-c followed on node-b's /live; ${commandTargets.length} command targets on node-c`,
  );
  await sleep(Math.max(0, warmupEnd - performance.now()));

  // The window.
  const windowParts = fromEach(workers, 'window');
  const scrapesBefore = new Map(await Promise.all(nodeNames.map(async (n) => [n, await scrapeNode(n)] as const)));
  const procBefore = new Map<NodeName, ProcSample>(nodeNames.map((n) => [n, sampleProcess(nodes.get(n)!.child.pid!)]));
  const machineBefore: MachineSample = sampleMachine();
  // This process's tree holds the nodes too: the bench's own share is the tree less the nodes.
  const treeBefore = sampleProcess(process.pid);
  tell({ type: 'start-window' });
  const windowStart = performance.now();
  const sessionsAtWindow = total('sessions');
  log(`window: ${duration} s, load ${load()}`);

  // Remote commands through node A to stations on node C, spread over the window, one at a time.
  const commands: { id: string; taskId: number; sentAt: number; httpMs: number }[] = [];
  const commandErrors: string[] = [];
  const runCommands = (async () => {
    const spacing = (duration * 1000) / Math.max(1, commandTargets.length + 1);
    for (const id of commandTargets) {
      const due = windowStart + spacing * (commands.length + commandErrors.length + 1);
      await sleep(Math.max(0, due - performance.now()));
      try {
        const sent = await sendCommand(nodeUrl('node-a'), tokenA, 'trigger_message', {
          chargePointSelectList: [id],
          triggerMessage: 'Heartbeat',
        });
        commands.push({ id, taskId: sent.taskId, sentAt: sent.sentAt, httpMs: sent.answeredAt - sent.sentAt });
      } catch (err) {
        commandErrors.push((err as Error).message);
      }
    }
  })();
  // Status changes of the probe stations (on nodes A and C, alternately), followed on node B.
  const probeLatency: Record<'node-a' | 'node-c', number[]> = { 'node-a': [], 'node-c': [] };
  let probesLost = 0;
  const runProbes = (async () => {
    const spacing = (duration * 1000) / Math.max(1, probeCount + 1);
    const faulted = new Set<string>();
    const turn = { 'node-a': 0, 'node-c': 0 };
    for (let k = 0; k < probeCount; k++) {
      await sleep(Math.max(0, windowStart + spacing * (k + 1) - performance.now()));
      const node = k % 2 === 0 ? 'node-a' : 'node-c';
      const list = probeStations[node];
      if (!list.length) continue;
      const id = list[turn[node]++ % list.length]!;
      const status = faulted.has(id) ? 'Available' : 'Faulted';
      if (status === 'Faulted') faulted.add(id);
      else faulted.delete(id);
      const arrival = follower.arrival(id, status, 10_000);
      const worker = workerOf(id);
      const sent = new Promise<number>((resolve) => {
        const onMessage = (m: FromWorker) => {
          if (m.type !== 'probe-sent' || m.id !== id) return;
          worker.off('message', onMessage);
          resolve(m.at);
        };
        worker.on('message', onMessage);
      });
      worker.send({ type: 'probe', id, status } satisfies ToWorker);
      void Promise.all([sent, arrival]).then(([at, arrived]) => {
        if (arrived === undefined) probesLost++;
        else probeLatency[node].push(arrived - at);
      });
    }
  })();
  await sleep(duration * 1000);
  tell({ type: 'end-window' });
  const windowSeconds = (performance.now() - windowStart) / 1000;
  const procAfter = new Map<NodeName, ProcSample>(nodeNames.map((n) => [n, sampleProcess(nodes.get(n)!.child.pid!)]));
  const machineAfter = sampleMachine();
  const treeAfter = sampleProcess(process.pid);
  const scrapesAfter = new Map(await Promise.all(nodeNames.map(async (n) => [n, await scrapeNode(n)] as const)));
  const windows = await windowParts;
  const loadAfterWindow = load();
  await runCommands;
  await runProbes;
  await sleep(10_000); // the last commands' answers and the last probes' statuses arrive

  const perNode = new Map<NodeName, NodeWindow>();
  for (const name of nodeNames) {
    const parts = windows.map((w) => w.byNode[name]).filter((p): p is CallStatsPart => p !== undefined);
    const merged = mergeCallStats(parts);
    const before = scrapesBefore.get(name);
    const after = scrapesAfter.get(name);
    const handled = before && after ? histogramDelta(before, after, 'recarga_ocpp_message_duration_seconds') : undefined;
    perNode.set(name, {
      cpuPercent: cpuPercent(procBefore.get(name)!, procAfter.get(name)!),
      rssBytes: procAfter.get(name)!.rssBytes,
      acks: merged.latency,
      acksPerSecond: merged.latency.samples / windowSeconds,
      handlingP50Ms: handled ? quantile(handled, 0.5).value * 1000 : Number.NaN,
      handlingP99Ms: handled ? quantile(handled, 0.99).value * 1000 : Number.NaN,
      stationsAtEnd: after?.get('recarga_ocpp_connected_stations{}') ?? Number.NaN,
    });
  }
  const overall = mergeCallStats(windows.map((w) => w.overall));
  const results = await resultTimes(
    db,
    commands.map((c) => c.taskId),
  );
  const reach = commands.filter((c) => commandSeen.has(c.id)).map((c) => commandSeen.get(c.id)! - c.sentAt);
  const answered = commands
    .map((c) => ({ c, r: results.get(c.taskId) }))
    .filter(({ r }) => r?.status === 'answered' && r.finishedAt !== null)
    .map(({ c, r }) => r!.finishedAt! - c.sentAt);
  const commandFigures = {
    sent: commands.length,
    failedToSend: commandErrors.length,
    http: summary(commands.map((c) => c.httpMs)),
    reachedStation: summary(reach),
    answerRecorded: summary(answered),
    notAnswered: commands.length - answered.length,
  };
  const statusFigures = {
    fromNodeA: summary(probeLatency['node-a']),
    fromNodeC: summary(probeLatency['node-c']),
    lost: probesLost,
  };
  follower.close();

  // The kill. A command node C runs, waiting for a station on node A that never answers.
  const silent = new RPCClient({
    endpoint: `ws://127.0.0.1:${nodePort('node-a')}/ocpp`,
    identity: silentId,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
  } as never);
  let commandArrived!: () => void;
  const arrived = new Promise<void>((r) => (commandArrived = r));
  silent.handle('ClearCache', () => {
    commandArrived();
    return new Promise(() => undefined);
  });
  await silent.connect();
  await silent.call('BootNotification', { chargePointVendor: 'Recarga', chargePointModel: 'Silent' });
  const orphanTask = await sendCommand(nodeUrl('node-c'), tokenC, 'clear_cache', { chargePointSelectList: [silentId] });
  await arrived;
  const marked = await (async () => {
    const replies = fromEach(workers, 'marked');
    tell({ type: 'kill-mark', node: 'node-c' });
    return (await replies).reduce((n, r) => n + r.orphans, 0);
  })();
  const killedAt = wallNow();
  const killedAtPerf = performance.now();
  nodes.get('node-c')!.child.kill('SIGKILL');
  log(`killed node-c (SIGKILL) holding ${marked} stations and task ${orphanTask.taskId}; load ${load()}`);
  let task: TaskCheck = await taskState(db, orphanTask.taskId);
  let taskClosedAfter: number | undefined;
  lastLine = 0;
  while (performance.now() < killedAtPerf + killDeadlineMs) {
    if (!taskClosedAfter) {
      task = await taskState(db, orphanTask.taskId);
      if (task.closed) taskClosedAfter = (performance.now() - killedAtPerf) / 1000;
    }
    if (performance.now() - lastLine > 5000) {
      lastLine = performance.now();
      log(
        `  +${((lastLine - killedAtPerf) / 1000).toFixed(0)} s: ${total('back')} of ${marked} back, by node ${JSON.stringify(byNode())}` +
          `${taskClosedAfter ? `, task closed after ${taskClosedAfter.toFixed(1)} s` : ''}`,
      );
    }
    if (total('back') >= marked && taskClosedAfter) break;
    await sleep(500);
  }
  // Read again: the task may have been closed after the last poll of the loop.
  task = await taskState(db, orphanTask.taskId);
  const killReports = fromEach(workers, 'kill-report');
  tell({ type: 'kill-report' });
  const reports = await killReports;
  const sinceKill = (times: number[]) => times.map((t) => (t - killedAt) / 1000).sort((x, y) => x - y);
  const backTimes = sinceKill(reports.flatMap((r) => r.backAt));
  const reopenTimes = sinceKill(reports.flatMap((r) => r.reopenedAt));
  /** Seconds after the kill when `share` of node C's stations had got there (undefined: not reached). */
  const when = (times: number[], share: number) =>
    times.length >= Math.ceil(share * marked) && marked > 0 ? times[Math.ceil(share * marked) - 1] : undefined;
  const mark = (share: number) => when(backTimes, share);
  const marksText = (times: number[]) =>
    [0.5, 0.9, 1].map((share) => `${share * 100} % ${when(times, share)?.toFixed(1) ?? '-'} s`).join(', ');
  const sumRecords = (rs: Record<string, number>[]) => {
    const out: Record<string, number> = {};
    for (const r of rs) for (const [k, n] of Object.entries(r)) out[k] = (out[k] ?? 0) + n;
    return out;
  };
  const killFigures = {
    orphans: marked,
    back: backTimes.length,
    seconds50: mark(0.5),
    seconds90: mark(0.9),
    seconds100: mark(1),
    reopened: reopenTimes.length,
    reopenedSeconds50: when(reopenTimes, 0.5),
    reopenedSeconds90: when(reopenTimes, 0.9),
    reopenedSeconds100: when(reopenTimes, 1),
    backByNode: sumRecords(reports.map((r) => r.backByNode)),
    notBack: sumRecords(reports.map((r) => r.notBack)),
    gaveUp: reports.reduce((n, r) => n + r.closedForGood.length, 0),
    gaveUpReasons: sumRecords(reports.flatMap((r) => r.closedForGood.map((reason) => ({ [reason]: 1 })))),
    failedSinceKill: sumRecords(reports.map((r) => r.failedSinceKill)),
    task: { ...task, closedAfterSeconds: taskClosedAfter ?? null },
  };
  await silent.close({ force: true }).catch(() => undefined);

  // Stop: the stations end their transactions and hand over what was acknowledged; then the check.
  log(`stopping the stations at ${rampPerSec}/s (ending their transactions); load ${load()}`);
  const ledgers = fromEach(workers, 'ledger');
  tell({ type: 'stop', perSecond: Math.max(1, rampPerSec / workerCount) });
  const merged: Ledger = { starts: [], stops: [], samples: [] };
  const failed: Record<string, number>[] = [];
  for (const { ledger, failed: f } of await ledgers) {
    for (const v of ledger.starts) merged.starts.push(v);
    for (const v of ledger.stops) merged.stops.push(v);
    for (const v of ledger.samples) merged.samples.push(v);
    failed.push(f);
  }
  await Promise.race([
    Promise.all(workers.map((w) => (w.exitCode === null ? new Promise((r) => w.once('exit', r)) : null))),
    sleep(30_000),
  ]);
  const check: LedgerCheck = await checkLedger(db, merged, prefix, runStart);
  const lb = [...balancerCounts.values()];
  const balancer = {
    opened: sumRecords(lb.map((x) => x.opened)),
    refused: sumRecords(lb.map((x) => x.refused)),
    unserved: lb.reduce((n, x) => n + x.unserved, 0),
  };

  // The report.
  const nodesCpu = [...perNode.values()].reduce((n, w) => n + w.cpuPercent, 0);
  const rows: [string, string][] = [
    [
      'stations',
      `${stationCount} x ${connectors} connectors in ${workerCount} worker processes, through ${balancerCount} balancer process${balancerCount > 1 ? 'es' : ''}`,
    ],
    [
      'ramp',
      `${rampAccepted} of ${stationCount} accepted in ${rampSeconds.toFixed(1)} s at ${rampPerSec}/s (no sessions yet), then ${warmup} s warm-up; ` +
        `${sessionsAtWindow} sessions running at the window's start, ` +
        `${total('churned')} stopped and started again (churn) over the run`,
    ],
    [
      'window',
      `${windowSeconds.toFixed(1)} s: ${(overall.callsSent / windowSeconds).toFixed(1)} CALLs/s from stations, ${(overall.resultsReceived / windowSeconds).toFixed(1)} acks/s, ` +
        `${overall.callsFailed} failed, busiest second ${overall.busiestSecondCalls} CALLs`,
    ],
    ['ack latency (all)', latencyText(overall.latency)],
  ];
  for (const [name, w] of perNode) {
    rows.push([
      `  ${name}`,
      `acks ${latencyText(w.acks)}; server handling p50 ${ms(w.handlingP50Ms)}, p99 ${ms(w.handlingP99Ms)}; ` +
        `CPU ${w.cpuPercent.toFixed(1)} % of a core, RSS ${(w.rssBytes / 2 ** 20).toFixed(0)} MiB, ${w.stationsAtEnd} stations`,
    ]);
  }
  rows.push(
    [
      'remote command',
      `TriggerMessage via node-a's API to stations on node-c: ${commandFigures.sent} sent` +
        `${commandFigures.failedToSend ? ` (${commandFigures.failedToSend} refused: ${commandErrors[0]})` : ''}, ${commandFigures.notAnswered} not answered`,
    ],
    ['  HTTP answer (task id)', latencyText(commandFigures.http)],
    ['  CALL at the station', latencyText(commandFigures.reachedStation)],
    ['  answer recorded', latencyText(commandFigures.answerRecorded)],
    [
      'status -> dashboard',
      `StatusNotification sent -> message on node-b's /live (goal p99 < 200 ms); ${statusFigures.lost} not received within 10 s`,
    ],
    ['  station on node-a', latencyText(statusFigures.fromNodeA)],
    ['  station on node-c', latencyText(statusFigures.fromNodeC)],
    [
      'kill -9 node-c',
      `${killFigures.back} of ${killFigures.orphans} stations back on ${JSON.stringify(killFigures.backByNode)} (every connector's status acknowledged): ` +
        `${marksText(backTimes)} after the kill`,
    ],
    ['  socket open again', `${killFigures.reopened} on node-a or node-b: ${marksText(reopenTimes)} after the kill`],
    [
      '  not back',
      `${killFigures.orphans - killFigures.back} (by state ${JSON.stringify(killFigures.notBack)}), ${killFigures.gaveUp} gave up (client closed for good${killFigures.gaveUp ? `: ${JSON.stringify(killFigures.gaveUpReasons)}` : ''})`,
    ],
    ['  calls lost with the socket', `${JSON.stringify(killFigures.failedSinceKill)} (no answer: not acknowledged, so not counted below)`],
    [
      "  node-c's command",
      `task ${orphanTask.taskId}: ${task.closed ? `closed ${task.interrupted ? 'as interrupted' : 'NOT as interrupted'} ${taskClosedAfter?.toFixed(1)} s after the kill` : 'still open at the deadline'}` +
        `, result ${task.resultStatus}${task.errorCode ? ` (${task.errorCode})` : ''}`,
    ],
    [
      '  balancer',
      `connections by node ${JSON.stringify(balancer.opened)}; refused connects ${JSON.stringify(balancer.refused)}; unserved ${balancer.unserved}`,
    ],
    [
      'acknowledged -> stored',
      `${check.starts} StartTransaction (${check.startsMissing} missing, ${check.startsDifferent} different), ${check.stops} StopTransaction (${check.stopsMissing} missing), ` +
        `${check.meterValues} MeterValues readings (${check.meterValuesMissing} missing)`,
    ],
    [
      'duplicates',
      `${check.duplicateStarts} transactions stored twice (same station, connector, start), ${check.duplicateIds} starts acknowledged with two ids; ` +
        `${check.leftOpen} left open (stop never acknowledged)`,
    ],
    ['calls failed (whole run)', JSON.stringify(sumRecords(failed))],
    [
      'machine',
      `${machineBusyPercent(machineBefore, machineAfter).toFixed(1)} % of ${machineAfter.cores} cores busy in the window; the three nodes ${nodesCpu.toFixed(1)} %, the bench's stations, balancers and itself ${(cpuPercent(treeBefore, treeAfter) - nodesCpu).toFixed(1)} % of a core ` +
        `(worst worker loop delay p99 ${ms(Math.max(...windows.map((w) => w.loopP99Ms)))}); load average at the start ${runLoad}, ` +
        `after the window ${loadAfterWindow}, at the end ${load()}`,
    ],
  );
  const width = Math.max(...rows.map(([k]) => k.length));
  log('\nCluster benchmark (three nodes on NATS)');
  for (const [k, v] of rows) log(`  ${k.padEnd(width)}  ${v}`);
  const refusals = [...progress.values()].flatMap((p) => p.firstRefusals).slice(0, 3);
  if (total('sessionsRefused') > 0) log(`\n  ${total('sessionsRefused')} sessions refused, e.g. ${refusals.join('; ')}`);

  if (values.json) {
    const figures = {
      stations: stationCount,
      connectors,
      workers: workerCount,
      balancers: balancerCount,
      rampSeconds,
      windowSeconds,
      callsPerSecond: overall.callsSent / windowSeconds,
      acks: overall.latency,
      nodes: Object.fromEntries(perNode),
      commands: commandFigures,
      status: statusFigures,
      kill: killFigures,
      balancer,
      check,
      failedCalls: sumRecords(failed),
      loadAverage: { start: runLoad, afterWindow: loadAfterWindow, end: load() },
      machineBusyPercent: machineBusyPercent(machineBefore, machineAfter),
    };
    writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  }

  for (const [name, node] of nodes) if (name !== 'node-c') node.child.kill('SIGTERM');
  await Promise.race([
    Promise.all([...nodes].filter(([n]) => n !== 'node-c').map(([, node]) => new Promise((r) => node.child.once('exit', r)))),
    sleep(20_000),
  ]);
  for (const child of balancers) child.kill();
  await db.end();
  process.exit(0);
}

await main();
