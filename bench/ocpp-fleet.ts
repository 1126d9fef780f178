/**
 * OCPP fleet benchmark: N simulated stations against one Recarga node, each connector charging and
 * reporting one meter value per interval. Prints connected stations, message rate, acknowledgement
 * latency (CALL -> CALLRESULT, measured on the charge-point side), failures and, given
 * --server-pid, the server's memory and CPU from /proc. Figures, not a pass/fail test.
 *
 *   npx tsx bench/ocpp-fleet.ts --stations 1000 --duration 120 --server-pid <pid>
 *
 * The stations run in --workers child processes, each with its share of the ids; this process only
 * coordinates them (ramp, warm-up, window) and merges what they counted. One process holding 10,000
 * sockets pauses for its own garbage collection long enough to stand for the server's latency.
 *
 * See bench/README.md for seeding the stations first. The simulated stations do not ping (the
 * server pings each of them every OCPP_PING_INTERVAL s): the client shares the machine with the
 * server, and client pings would double the ping work on both sides without measuring more.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SLOW_ACK_MS, mergeCallStats, type CallStatsPart } from '@recarga/simulator/call-stats';
import { fleetIds, startFleet } from '@recarga/simulator/fleet';
import type { SimulatedStation } from '@recarga/simulator/station';
import { cpuPercent, machineBusyPercent, sampleMachine, sampleProcess, type ProcSample } from './proc-stats';
import { histogramDelta, quantile, scrape, shareAbove, type Scrape } from './prom';

const USAGE = `OCPP fleet benchmark

  npx tsx bench/ocpp-fleet.ts [options]

  --url <ws-url>           Recarga OCPP endpoint, loopback only (default ws://127.0.0.1:3000/ocpp)
  --stations <n>           simulated stations (default 1000, at most 20000)
  --prefix <text>          charge box ids <prefix>000001... (default BENCH-, as seeded)
  --tag-prefix <text>      id tag of station n is <tag-prefix>00000n (default BENCHTAG-, as seeded)
  --connectors <n>         connectors per station (default 2)
  --meter-interval <s>     seconds between meter values per connector (default 60)
  --mode <m>               sessions: every connector runs a transaction and sends sampled meter values (default)
                           aligned: no transactions, clock-aligned meter values (ClockAlignedDataInterval)
  --ramp <n>               stations connected per second (default 100)
  --workers <n>            processes running the stations, each with 1/n of them (default 1; use 2 or more
                           for thousands of stations so one client's pauses do not show as latency)
  --duration <s>           measurement window after ramp-up and warm-up, rounded up to whole meter
                           intervals (default 120, at most 3600)
  --warmup <s>             wait after ramp-up before measuring (default: one meter interval)
  --server-pid <pid>       report RSS/CPU of this process and its children (e.g. the pid of npm start)
  --metrics-url <url>      the node's Prometheus metrics, read at the window's start and end to report
                           its handling time, write batches and event-loop delay (default: /metrics on
                           the --url's host and port; 'none' to skip)
  --protocol <p>           ocpp1.6 | ocpp1.5 (default ocpp1.6)
  --ocpp15-share <0..1>    share of stations on OCPP 1.5 (default 0)
  --password <text>        HTTP Basic password of every station
  --call-timeout <s>       CALL timeout (default 30)
  --json <file>            also write the figures to this file (bench/fleet-compare.ts reads two of them)
  --help
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        url: { type: 'string', default: 'ws://127.0.0.1:3000/ocpp' },
        stations: { type: 'string', default: '1000' },
        prefix: { type: 'string', default: 'BENCH-' },
        'tag-prefix': { type: 'string', default: 'BENCHTAG-' },
        connectors: { type: 'string', default: '2' },
        'meter-interval': { type: 'string', default: '60' },
        mode: { type: 'string', default: 'sessions' },
        ramp: { type: 'string', default: '100' },
        workers: { type: 'string', default: '1' },
        duration: { type: 'string', default: '120' },
        warmup: { type: 'string' },
        'server-pid': { type: 'string' },
        'metrics-url': { type: 'string' },
        protocol: { type: 'string', default: 'ocpp1.6' },
        'ocpp15-share': { type: 'string', default: '0' },
        password: { type: 'string' },
        'call-timeout': { type: 'string', default: '30' },
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

function num(name: keyof typeof values, min: number, max: number): number {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number between ${min} and ${max}`);
  return n;
}

const url = new URL(values.url);
if (!['ws:', 'wss:'].includes(url.protocol)) fail('--url must be a ws:// or wss:// address');
if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname)) fail('--url must point at this machine (loopback only)');
const stationCount = Math.round(num('stations', 1, 20_000));
const connectors = Math.round(num('connectors', 1, 10));
const meterInterval = num('meter-interval', 1, 3600);
const rampPerSec = num('ramp', 1, 5000);
const workerCount = Math.round(num('workers', 1, 16));
if (workerCount > stationCount) fail('--workers must not exceed --stations');
const requestedDuration = num('duration', 1, 3600);
// A whole number of meter intervals: each connector then reports exactly once per interval inside the
// window, whatever the phase of its timer (phases cluster when the server acknowledges in batches).
const duration = requestedDuration >= meterInterval ? Math.ceil(requestedDuration / meterInterval) * meterInterval : requestedDuration;
const warmup = values.warmup === undefined ? meterInterval : num('warmup', 0, 3600);
const callTimeoutMs = num('call-timeout', 1, 600) * 1000;
const ocpp15Share = num('ocpp15-share', 0, 1);
if (values.mode !== 'sessions' && values.mode !== 'aligned') fail('--mode must be sessions or aligned');
if (values.mode === 'aligned' && !Number.isInteger(meterInterval)) fail('--mode aligned needs a whole --meter-interval');
if (values.protocol !== 'ocpp1.6' && values.protocol !== 'ocpp1.5') fail('--protocol must be ocpp1.6 or ocpp1.5');
const protocol = values.protocol;
const metricsUrl =
  values['metrics-url'] === 'none'
    ? undefined
    : (values['metrics-url'] ?? `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}/metrics`);
const serverPid = values['server-pid'] === undefined ? undefined : Math.round(num('server-pid', 1, 2 ** 22));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { info() {}, warn() {}, error() {} };
const WORKER_ENV = 'RECARGA_FLEET_WORKER';
const workerIndex = process.env[WORKER_ENV] === undefined ? undefined : Number(process.env[WORKER_ENV]);
const log = (line: string) => process.stderr.write(`[bench${workerIndex === undefined ? '' : ` w${workerIndex + 1}`}] ${line}\n`);

// Hard stop: the bench is bounded in time whatever the server does. The ramp may take up to three
// times its nominal length (a busy machine) before the window is cut off.
const budgetMs = ((3 * stationCount) / rampPerSec + 60 + warmup + duration + 120) * 1000;
const watchdog = setTimeout(() => {
  log(`gave up after ${Math.round(budgetMs / 1000)} s`);
  process.exit(1);
}, budgetMs);
watchdog.unref();

/** What --json writes: one run's figures (bench/fleet-compare.ts). */
export interface FleetFigures {
  target: string;
  stations: number;
  connected: number;
  windowSeconds: number;
  messagesPerSecond: number;
  acksPerSecond: number;
  ackP50Ms: number;
  ackP99Ms: number;
  ackMaxMs: number;
  failedCalls: number;
  /** The server's CPU during the window, % of one core (null without --server-pid). */
  serverCpuPercent: number | null;
  serverRssBytes: number | null;
  /** The server's RSS growth over the fleet, per connected station (null without --server-pid). */
  bytesPerConnection: number | null;
  /** All cores' busy share during the window (server, database, bench client and the rest), % of `cores`. */
  machineBusyPercent: number;
  cores: number;
}

/** Coordinator -> worker. */
type Command = { type: 'start' } | { type: 'end' } | { type: 'stop' };

/** Worker -> coordinator, once each, in this order. */
interface WorkerMessages {
  ramped: { seconds: number; connected: number; accepted: number };
  report: WorkerReport;
  stopped: Record<string, never>;
}

/** What a worker counted in the window (and, for sessions, since it started). */
interface WorkerReport {
  stations: number;
  connected: number;
  accepted: number;
  transactions: number;
  startFailures: number;
  sessionsStarted: number;
  sessionsRefused: number;
  sessionErrors: number;
  firstRefusal: string[];
  /** The first session errors' messages (a start that timed out, a station not connected…). */
  firstErrors: string[];
  /** Heartbeats due inside this worker's window (each station ticks from its own boot). */
  heartbeatsInWindow: number;
  heartbeatSec: number;
  stats: CallStatsPart;
  loopP99Ms: number;
  loopMaxMs: number;
}

function send<K extends keyof WorkerMessages>(type: K, data: WorkerMessages[K]): void {
  process.send!({ type, data });
}

/** Runs this worker's share of the stations; the coordinator says when the window starts and ends. */
async function runWorker(index: number): Promise<void> {
  // The coordinator gone (killed, crashed): nothing left to report to.
  process.on('disconnect', () => process.exit(1));
  const commands: Command['type'][] = [];
  let wake: (() => void) | undefined;
  process.on('message', (m: Command) => {
    commands.push(m.type);
    wake?.();
  });
  const next = async (type: Command['type']) => {
    while (commands[0] !== type) {
      if (commands.length) throw new Error(`worker ${index + 1}: expected '${type}', got '${commands[0]}'`);
      await new Promise<void>((r) => (wake = r));
    }
    commands.shift();
  };

  const all = fleetIds(stationCount, values.prefix);
  const allTags = fleetIds(stationCount, values['tag-prefix']);
  const ids = all.filter((_, k) => k % workerCount === index);
  const tagOf = new Map(all.map((id, k) => [id, allTags[k]!]));

  let sessionsStarted = 0;
  let sessionsRefused = 0;
  let sessionErrors = 0;
  const firstRefusal: string[] = [];
  const firstErrors: string[] = [];
  /** Once a station is accepted: a transaction per connector (staggered over one interval), or clock-aligned samples. */
  const acceptedAt = new Map<string, number>();

  function onAccepted(station: SimulatedStation): void {
    acceptedAt.set(station.chargeBoxId, performance.now());
    if (values.mode === 'aligned') {
      station.configuration.set('ClockAlignedDataInterval', String(meterInterval));
      return;
    }
    for (let c = 1; c <= station.connectorCount; c++) {
      setTimeout(
        () => {
          if (station.state !== 'accepted' || !station.isConnectorFree(c)) return;
          station
            .plugIn(c, tagOf.get(station.chargeBoxId)!)
            .then((r) => {
              if (r.accepted) sessionsStarted++;
              else {
                sessionsRefused++;
                if (firstRefusal.length < 3) firstRefusal.push(`${station.chargeBoxId}/${c}: ${r.reason}`);
              }
            })
            .catch((err: Error) => {
              sessionErrors++;
              if (firstErrors.length < 3) firstErrors.push(`${station.chargeBoxId}/${c}: ${err.message}`);
            });
        },
        Math.random() * meterInterval * 1000,
      );
    }
  }

  const fleet = startFleet({
    url: values.url,
    ids,
    connectors,
    meterIntervalSec: meterInterval,
    autoSessions: false,
    rampPerSec: rampPerSec / workerCount,
    protocol,
    ocpp15Share,
    password: values.password,
    retryDelayMs: 5000,
    logger: quiet,
    // The server pings every station; pings from the stations too would double that work on both
    // sides of this one machine without measuring anything more.
    station: { callTimeoutMs, operationDelayMs: 1000, pingIntervalMs: 0 },
  });
  for (const station of fleet.stations) {
    station.once('state', function wait(state: string) {
      if (state === 'accepted') onAccepted(station);
      else station.once('state', wait);
    });
  }

  const rampStart = performance.now();
  await fleet.ready;
  const rampDeadline = performance.now() + 30_000;
  while (fleet.counters().accepted < ids.length && performance.now() < rampDeadline) await sleep(200);
  const ramped = fleet.counters();
  send('ramped', { seconds: (performance.now() - rampStart) / 1000, connected: ramped.connected, accepted: ramped.accepted });

  await next('start');
  fleet.stats.reset();
  const windowStart = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  await next('end');
  const windowEnd = performance.now();
  loop.disable();
  const stats = fleet.stats.part();
  const end = fleet.counters();
  const heartbeatSec = fleet.stations.find((s) => s.state === 'accepted')?.heartbeatIntervalSec ?? 0;
  // Heartbeats tick every interval from each station's boot: count the ticks that fall inside the window.
  let heartbeatsInWindow = 0;
  if (heartbeatSec > 0) {
    const periodMs = heartbeatSec * 1000;
    for (const t0 of acceptedAt.values()) {
      const first = Math.max(1, Math.ceil((windowStart - t0) / periodMs));
      const last = Math.floor((windowEnd - t0) / periodMs);
      heartbeatsInWindow += Math.max(0, last - first + 1);
    }
  }
  send('report', {
    stations: ids.length,
    connected: end.connected,
    accepted: end.accepted,
    transactions: end.transactions,
    startFailures: end.startFailures,
    sessionsStarted,
    sessionsRefused,
    sessionErrors,
    firstRefusal,
    firstErrors,
    heartbeatsInWindow,
    heartbeatSec,
    stats,
    // The histogram holds each 10 ms timer's whole period: the delay is what exceeds it.
    loopP99Ms: Math.max(0, loop.percentile(99) / 1e6 - 10),
    loopMaxMs: Math.max(0, loop.max / 1e6 - 10),
  });

  await next('stop');
  await fleet.stop({ endTransactions: true, timeoutMs: 15_000 });
  send('stopped', {});
  process.exit(0);
}

/** Forks the workers, runs ramp, warm-up and window, and prints what they counted together. */
async function coordinate(): Promise<void> {
  const baseline: ProcSample | undefined = serverPid === undefined ? undefined : sampleProcess(serverPid);
  log(
    `${stationCount} stations x ${connectors} connectors -> ${values.url}, ${values.mode}, meter values every ${meterInterval} s, ` +
      `${workerCount} worker process${workerCount > 1 ? 'es' : ''}`,
  );
  const workers: ChildProcess[] = Array.from({ length: workerCount }, (_, i) =>
    fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...process.env, [WORKER_ENV]: String(i) },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const stopWorkers = () => {
    for (const w of workers) if (w.exitCode === null) w.kill();
  };
  process.on('exit', stopWorkers);

  /** The message `type` from every worker (attach before asking for it); a worker that exits first fails the run. */
  const fromAll = <K extends keyof WorkerMessages>(type: K): Promise<WorkerMessages[K][]> =>
    Promise.all(
      workers.map(
        (w, i) =>
          new Promise<WorkerMessages[K]>((resolve, reject) => {
            const onExit = (code: number | null) => reject(new Error(`worker ${i + 1} exited (${code}) before '${type}'`));
            const onMessage = (m: { type: string; data: WorkerMessages[K] }) => {
              if (m.type !== type) return;
              w.off('message', onMessage);
              w.off('exit', onExit);
              resolve(m.data);
            };
            w.on('message', onMessage);
            w.once('exit', onExit);
          }),
      ),
    );
  const tell = (type: Command['type']) => {
    for (const w of workers) w.send({ type } satisfies Command);
  };
  const stopFleet = async () => {
    const stopped = fromAll('stopped');
    tell('stop');
    await Promise.race([stopped, sleep(20_000)]).catch((err) => log((err as Error).message));
  };

  const ramps = await fromAll('ramped');
  const rampSeconds = Math.max(...ramps.map((r) => r.seconds));
  const rampConnected = ramps.reduce((n, r) => n + r.connected, 0);
  log(`ramp-up done in ${rampSeconds.toFixed(1)} s: ${rampConnected} connected, ${ramps.reduce((n, r) => n + r.accepted, 0)} accepted`);
  if (rampConnected === 0) {
    log('no station could connect: is the server running, and were the stations seeded (bench/seed-stations.ts)?');
    await stopFleet();
    process.exit(1);
  }

  log(`warm-up ${warmup} s`);
  await sleep(warmup * 1000);

  const metricsStart = await scrapeServer();
  tell('start');
  const windowStart = performance.now();
  const windowStartUnix = Date.now() / 1000;
  const serverStart = serverPid === undefined ? undefined : sampleProcess(serverPid);
  const clientStart = sampleProcess(process.pid);
  const machineStart = sampleMachine();
  log(`measuring for ${duration} s`);
  await sleep(duration * 1000);
  const reported = fromAll('report');
  tell('end');
  const windowSeconds = (performance.now() - windowStart) / 1000;
  const serverEnd = serverPid === undefined ? undefined : sampleProcess(serverPid);
  const clientEnd = sampleProcess(process.pid);
  const machineEnd = sampleMachine();
  const metricsEnd = await scrapeServer();
  const reports = await reported;

  const total = (
    key:
      | 'connected'
      | 'accepted'
      | 'transactions'
      | 'startFailures'
      | 'sessionsStarted'
      | 'sessionsRefused'
      | 'sessionErrors'
      | 'heartbeatsInWindow',
  ) => reports.reduce((n, r) => n + r[key], 0);
  const stats = mergeCallStats(reports.map((r) => r.stats));
  const connected = total('connected');
  const accepted = total('accepted');
  const sessionsStarted = total('sessionsStarted');
  const sessionsRefused = total('sessionsRefused');
  const heartbeatSec = Math.max(0, ...reports.map((r) => r.heartbeatSec));
  const meterRate = (values.mode === 'sessions' ? sessionsStarted : accepted * connectors) / meterInterval || 0;
  const heartbeatRate = total('heartbeatsInWindow') / windowSeconds;
  const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  const rows: Array<[string, string]> = [
    ['target', `${values.url} (${protocol}${ocpp15Share ? `, ${Math.round(ocpp15Share * 100)} % ocpp1.5` : ''})`],
    ['stations', `${stationCount} x ${connectors} connectors, one meter value per connector every ${meterInterval} s (${values.mode})`],
    ['ramp-up', `${rampSeconds.toFixed(1)} s at ${rampPerSec}/s, then ${warmup} s warm-up`],
    ['connected', `${connected} / ${stationCount} at the end (accepted ${accepted})`],
    [
      'sessions',
      values.mode === 'sessions'
        ? `${total('transactions')} running (${sessionsStarted} started, ${sessionsRefused} refused, ${total('sessionErrors')} errors)`
        : 'none (clock-aligned meter values)',
    ],
    [
      'window',
      `${windowSeconds.toFixed(1)} s${duration >= meterInterval ? ` (${Math.round(duration / meterInterval)} meter intervals)` : ''}`,
    ],
    [
      'messages/s',
      `${(stats.callsSent / windowSeconds).toFixed(1)} CALLs from stations ` +
        `(expected ~${(meterRate + heartbeatRate).toFixed(1)}: ${meterRate.toFixed(1)} meter values + ${heartbeatRate.toFixed(1)} heartbeats, one per station every ${heartbeatSec} s)`,
    ],
    ['acks/s', `${(stats.resultsReceived / windowSeconds).toFixed(1)} CALLRESULTs`],
    ['busiest second', `${stats.busiestSecondCalls} CALLs sent (bursts: stations whose meter timers line up)`],
    [
      'ack latency',
      `p50 ${ms(stats.latency.p50Ms)}, p90 ${ms(stats.latency.p90Ms)}, p99 ${ms(stats.latency.p99Ms)}, max ${ms(stats.latency.maxMs)} (${stats.latency.samples} samples)`,
    ],
    ['slow acks', slowAcks(stats.slowAcksBySecond, windowStartUnix)],
    [
      'failures',
      `${stats.callsFailed} failed calls (${stats.errorsReceived} CALLERROR, ${stats.callsFailed - stats.errorsReceived} timeouts/lost), ` +
        `${total('startFailures')} failed connects, ${stationCount - connected} stations not connected`,
    ],
  ];
  if (baseline && serverStart && serverEnd) {
    const perConnection = connected > 0 ? (serverEnd.rssBytes - baseline.rssBytes) / connected : Number.NaN;
    rows.push([
      `server pid ${serverPid}`,
      `RSS ${mib(serverEnd.rssBytes)} (before the fleet ${mib(baseline.rssBytes)}, ` +
        (perConnection > 0
          ? `${(perConnection / 1024).toFixed(1)} KiB per connection), `
          : 'per connection: n/a, RSS fell meanwhile (garbage collection outweighs a fleet this small)), ') +
        `CPU ${cpuPercent(serverStart, serverEnd).toFixed(1)} % of one core during the window` +
        (serverEnd.pids.length > 1 ? ` (${serverEnd.pids.length} processes)` : ''),
    ]);
  }
  rows.push(...serverMetricRows(metricsStart, metricsEnd, windowSeconds));
  rows.push([
    'bench client',
    `CPU ${cpuPercent(clientStart, clientEnd).toFixed(1)} % of one core in ${clientEnd.pids.length} processes (same machine), ` +
      `event loop delay of the worst worker p99 ${ms(Math.max(...reports.map((r) => r.loopP99Ms)))}, max ${ms(Math.max(...reports.map((r) => r.loopMaxMs)))}`,
  ]);
  rows.push([
    'machine',
    `${machineBusyPercent(machineStart, machineEnd).toFixed(1)} % of ${machineEnd.cores} cores busy during the window (server, bench client, database and the rest)`,
  ]);

  if (values.json) {
    const figures: FleetFigures = {
      target: values.url,
      stations: stationCount,
      connected,
      windowSeconds,
      messagesPerSecond: stats.callsSent / windowSeconds,
      acksPerSecond: stats.resultsReceived / windowSeconds,
      ackP50Ms: stats.latency.p50Ms,
      ackP99Ms: stats.latency.p99Ms,
      ackMaxMs: stats.latency.maxMs,
      failedCalls: stats.callsFailed,
      serverCpuPercent: serverStart && serverEnd ? cpuPercent(serverStart, serverEnd) : null,
      serverRssBytes: serverEnd?.rssBytes ?? null,
      bytesPerConnection: baseline && serverEnd && connected > 0 ? (serverEnd.rssBytes - baseline.rssBytes) / connected : null,
      machineBusyPercent: machineBusyPercent(machineStart, machineEnd),
      cores: machineEnd.cores,
    };
    writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\nOCPP fleet benchmark');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  if (sessionsRefused > 0)
    console.log(
      `\n  refused sessions, e.g. ${reports
        .flatMap((r) => r.firstRefusal)
        .slice(0, 3)
        .join('; ')} (seed the tags: bench/seed-stations.ts)`,
    );
  const sessionErrorCount = reports.reduce((n, r) => n + r.sessionErrors, 0);
  if (sessionErrorCount > 0)
    console.log(
      `\n  session errors (${sessionErrorCount}), e.g. ${reports
        .flatMap((r) => r.firstErrors)
        .slice(0, 3)
        .join('; ')} (a start that timed out: the server could not keep up with the ramp's starts)`,
    );

  log('stopping the fleet (ending transactions)');
  await stopFleet();
  clearTimeout(watchdog);
  process.exit(0);
}

/** Where the tail is: acknowledgements over SLOW_ACK_MS and the seconds (from the window's start) that had most. */
function slowAcks(bySecond: Array<[number, number]>, windowStartUnix: number): string {
  const total = bySecond.reduce((n, [, acks]) => n + acks, 0);
  if (total === 0) return `none over ${SLOW_ACK_MS} ms`;
  const worst = [...bySecond]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([second, acks]) => `+${Math.max(0, second - Math.floor(windowStartUnix))} s: ${acks}`);
  return `${total} over ${SLOW_ACK_MS} ms, sent in ${bySecond.length} different seconds (most: ${worst.join(', ')})`;
}

/** A scrape of the server's metrics, or why there is none (the figures are then left out). */
async function scrapeServer(): Promise<Scrape | string> {
  if (!metricsUrl) return 'not read (--metrics-url none)';
  try {
    return await scrape(metricsUrl);
  } catch (err) {
    return `unavailable at ${metricsUrl}: ${(err as Error).message}`;
  }
}

/** The node's own view of the window: handling time per action, write batches, event-loop delay. */
function serverMetricRows(start: Scrape | string, end: Scrape | string, windowSeconds: number): Array<[string, string]> {
  if (typeof start === 'string' || typeof end === 'string')
    return [['server metrics', typeof start === 'string' ? start : (end as string)]];
  const q = (h: ReturnType<typeof histogramDelta>, p: number) => {
    const { value, open } = quantile(h, p);
    return Number.isNaN(value) ? '-' : `${open ? '>' : ''}${(value * 1000).toFixed(1)} ms`;
  };
  const handled = (action?: string) => histogramDelta(start, end, 'recarga_ocpp_message_duration_seconds', action ? { action } : {});
  const all = handled();
  const perAction = ['MeterValues', 'Heartbeat', 'StatusNotification', 'StartTransaction', 'StopTransaction']
    .map((a) => [a, handled(a)] as const)
    .filter(([, h]) => h.count > 0)
    .map(([a, h]) => `${a} ${q(h, 0.99)}`);
  const batches = histogramDelta(start, end, 'recarga_ocpp_write_batch_duration_seconds');
  const items = histogramDelta(start, end, 'recarga_ocpp_write_batch_messages');
  const loop = histogramDelta(start, end, 'recarga_event_loop_delay_seconds');
  return [
    ['server handling', `p50 ${q(all, 0.5)}, p99 ${q(all, 0.99)} (${all.count} messages; p99 by action: ${perAction.join(', ') || '-'})`],
    [
      'write batches',
      `${(batches.count / windowSeconds).toFixed(1)}/s, ${items.count > 0 ? (items.sum / items.count).toFixed(1) : '-'} messages each, ` +
        `duration p50 ${q(batches, 0.5)}, p99 ${q(batches, 0.99)}, mean ${batches.count > 0 ? ((batches.sum / batches.count) * 1000).toFixed(1) : '-'} ms`,
    ],
    [
      'server loop delay',
      `p99 ${q(loop, 0.99)}, ${(shareAbove(loop, 0.05) * 100).toFixed(2)} % of 20 ms ticks late by more than 50 ms, ` +
        `total ${(loop.sum * 1000).toFixed(0)} ms blocked over ${loop.count} ticks`,
    ],
  ];
}

if (workerIndex === undefined) await coordinate();
else await runWorker(workerIndex);
