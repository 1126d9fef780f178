/**
 * OCPP fleet benchmark: N simulated stations against one Recarga node, each connector charging and
 * reporting one meter value per interval. Prints connected stations, message rate, acknowledgement
 * latency (CALL -> CALLRESULT, measured on the charge-point side), failures and, given
 * --server-pid, the server's memory and CPU from /proc. Figures, not a pass/fail test.
 *
 *   npx tsx bench/ocpp-fleet.ts --stations 1000 --duration 120 --server-pid <pid>
 *
 * See bench/README.md for seeding the stations first. The simulated stations do not ping (the
 * server pings each of them every OCPP_PING_INTERVAL s): the client shares the machine with the
 * server, and client pings would double the ping work on both sides without measuring more.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
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
        duration: { type: 'string', default: '120' },
        warmup: { type: 'string' },
        'server-pid': { type: 'string' },
        'metrics-url': { type: 'string' },
        protocol: { type: 'string', default: 'ocpp1.6' },
        'ocpp15-share': { type: 'string', default: '0' },
        password: { type: 'string' },
        'call-timeout': { type: 'string', default: '30' },
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
const metricsUrl =
  values['metrics-url'] === 'none'
    ? undefined
    : (values['metrics-url'] ?? `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}/metrics`);
const serverPid = values['server-pid'] === undefined ? undefined : Math.round(num('server-pid', 1, 2 ** 22));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const quiet = { info() {}, warn() {}, error() {} };

// Hard stop: the bench is bounded in time whatever the server does. The ramp may take up to three
// times its nominal length (a busy machine) before the window is cut off.
const budgetMs = ((3 * stationCount) / rampPerSec + 60 + warmup + duration + 120) * 1000;
const watchdog = setTimeout(() => {
  log(`gave up after ${Math.round(budgetMs / 1000)} s`);
  process.exit(1);
}, budgetMs);
watchdog.unref();

const ids = fleetIds(stationCount, values.prefix);
const tags = fleetIds(stationCount, values['tag-prefix']);
const tagOf = new Map(ids.map((id, i) => [id, tags[i]!]));

const baseline: ProcSample | undefined = serverPid === undefined ? undefined : sampleProcess(serverPid);
log(`${stationCount} stations x ${connectors} connectors -> ${values.url}, ${values.mode}, meter values every ${meterInterval} s`);

let sessionsStarted = 0;
let sessionsRefused = 0;
let sessionErrors = 0;
const firstRefusal: string[] = [];

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
          .catch(() => sessionErrors++);
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
  rampPerSec,
  protocol: values.protocol,
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
while (fleet.counters().accepted < stationCount && performance.now() < rampDeadline) await sleep(200);
const rampSeconds = (performance.now() - rampStart) / 1000;
const afterRamp = fleet.counters();
log(`ramp-up done in ${rampSeconds.toFixed(1)} s: ${afterRamp.connected} connected, ${afterRamp.accepted} accepted`);
if (afterRamp.connected === 0) {
  log('no station could connect: is the server running, and were the stations seeded (bench/seed-stations.ts)?');
  await fleet.stop({ endTransactions: false, timeoutMs: 2000 });
  process.exit(1);
}

log(`warm-up ${warmup} s`);
await sleep(warmup * 1000);

/** A scrape of the server's metrics, or why there is none (the figures are then left out). */
async function scrapeServer(): Promise<Scrape | string> {
  if (!metricsUrl) return 'not read (--metrics-url none)';
  try {
    return await scrape(metricsUrl);
  } catch (err) {
    return `unavailable at ${metricsUrl}: ${(err as Error).message}`;
  }
}

const metricsStart = await scrapeServer();
fleet.stats.reset();
const windowStart = performance.now();
const serverStart = serverPid === undefined ? undefined : sampleProcess(serverPid);
const clientStart = process.cpuUsage();
const machineStart = sampleMachine();
const clientLoop = monitorEventLoopDelay({ resolution: 10 });
clientLoop.enable();
log(`measuring for ${duration} s`);
await sleep(duration * 1000);
const windowSeconds = (performance.now() - windowStart) / 1000;
clientLoop.disable();
const serverEnd = serverPid === undefined ? undefined : sampleProcess(serverPid);
const clientCpu = process.cpuUsage(clientStart);
const machineEnd = sampleMachine();
const metricsEnd = await scrapeServer();
const end = fleet.counters();

const heartbeatSec = fleet.stations.find((s) => s.state === 'accepted')?.heartbeatIntervalSec ?? 0;
const meterRate = (values.mode === 'sessions' ? sessionsStarted : end.accepted * connectors) / meterInterval || 0;
// Heartbeats tick every interval from each station's boot: count the ticks that fall inside the window.
let heartbeatsInWindow = 0;
if (heartbeatSec > 0) {
  const windowEnd = windowStart + windowSeconds * 1000;
  for (const t0 of acceptedAt.values()) {
    const periodMs = heartbeatSec * 1000;
    const first = Math.max(1, Math.ceil((windowStart - t0) / periodMs));
    const last = Math.floor((windowEnd - t0) / periodMs);
    heartbeatsInWindow += Math.max(0, last - first + 1);
  }
}
const heartbeatRate = heartbeatsInWindow / windowSeconds;
const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const rows: Array<[string, string]> = [
  ['target', `${values.url} (${values.protocol}${ocpp15Share ? `, ${Math.round(ocpp15Share * 100)} % ocpp1.5` : ''})`],
  ['stations', `${stationCount} x ${connectors} connectors, one meter value per connector every ${meterInterval} s (${values.mode})`],
  ['ramp-up', `${rampSeconds.toFixed(1)} s at ${rampPerSec}/s, then ${warmup} s warm-up`],
  ['connected', `${end.connected} / ${stationCount} at the end (accepted ${end.accepted})`],
  [
    'sessions',
    values.mode === 'sessions'
      ? `${end.transactions} running (${sessionsStarted} started, ${sessionsRefused} refused, ${sessionErrors} errors)`
      : 'none (clock-aligned meter values)',
  ],
  [
    'window',
    `${windowSeconds.toFixed(1)} s${duration >= meterInterval ? ` (${Math.round(duration / meterInterval)} meter intervals)` : ''}`,
  ],
  [
    'messages/s',
    `${(end.callsSent / windowSeconds).toFixed(1)} CALLs from stations ` +
      `(expected ~${(meterRate + heartbeatRate).toFixed(1)}: ${meterRate.toFixed(1)} meter values + ${heartbeatRate.toFixed(1)} heartbeats, one per station every ${heartbeatSec} s)`,
  ],
  ['acks/s', `${(end.resultsReceived / windowSeconds).toFixed(1)} CALLRESULTs`],
  ['busiest second', `${end.busiestSecondCalls} CALLs sent (bursts: stations whose meter timers line up)`],
  [
    'ack latency',
    `p50 ${ms(end.latency.p50Ms)}, p90 ${ms(end.latency.p90Ms)}, p99 ${ms(end.latency.p99Ms)}, max ${ms(end.latency.maxMs)} (${end.latency.samples} samples)`,
  ],
  [
    'failures',
    `${end.callsFailed} failed calls (${end.errorsReceived} CALLERROR, ${end.callsFailed - end.errorsReceived} timeouts/lost), ` +
      `${end.startFailures} failed connects, ${stationCount - end.connected} stations not connected`,
  ],
];
if (baseline && serverStart && serverEnd) {
  const perConnection = end.connected > 0 ? (serverEnd.rssBytes - baseline.rssBytes) / end.connected : Number.NaN;
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
if (typeof metricsStart !== 'string' && typeof metricsEnd !== 'string') {
  const q = (h: ReturnType<typeof histogramDelta>, p: number) => {
    const { value, open } = quantile(h, p);
    return Number.isNaN(value) ? '-' : `${open ? '>' : ''}${(value * 1000).toFixed(1)} ms`;
  };
  const handled = (action?: string) =>
    histogramDelta(metricsStart, metricsEnd, 'recarga_ocpp_message_duration_seconds', action ? { action } : {});
  const all = handled();
  const perAction = ['MeterValues', 'Heartbeat', 'StatusNotification', 'StartTransaction', 'StopTransaction']
    .map((a) => [a, handled(a)] as const)
    .filter(([, h]) => h.count > 0)
    .map(([a, h]) => `${a} ${q(h, 0.99)}`);
  rows.push([
    'server handling',
    `p50 ${q(all, 0.5)}, p99 ${q(all, 0.99)} (${all.count} messages; p99 by action: ${perAction.join(', ') || '-'})`,
  ]);
  const batches = histogramDelta(metricsStart, metricsEnd, 'recarga_ocpp_write_batch_duration_seconds');
  const items = histogramDelta(metricsStart, metricsEnd, 'recarga_ocpp_write_batch_messages');
  rows.push([
    'write batches',
    `${(batches.count / windowSeconds).toFixed(1)}/s, ${items.count > 0 ? (items.sum / items.count).toFixed(1) : '-'} messages each, ` +
      `duration p50 ${q(batches, 0.5)}, p99 ${q(batches, 0.99)}, mean ${batches.count > 0 ? ((batches.sum / batches.count) * 1000).toFixed(1) : '-'} ms`,
  ]);
  const loop = histogramDelta(metricsStart, metricsEnd, 'recarga_event_loop_delay_seconds');
  rows.push([
    'server loop delay',
    `p99 ${q(loop, 0.99)}, ${(shareAbove(loop, 0.05) * 100).toFixed(2)} % of 20 ms ticks late by more than 50 ms, ` +
      `total ${(loop.sum * 1000).toFixed(0)} ms blocked over ${loop.count} ticks`,
  ]);
} else {
  rows.push(['server metrics', typeof metricsStart === 'string' ? metricsStart : (metricsEnd as string)]);
}
rows.push([
  'bench client',
  `CPU ${(((clientCpu.user + clientCpu.system) / 1e6 / windowSeconds) * 100).toFixed(1)} % of one core (same machine), ` +
    // The histogram holds each 10 ms timer's whole period: the delay is what exceeds it.
    `event loop delay p99 ${Math.max(0, clientLoop.percentile(99) / 1e6 - 10).toFixed(1)} ms, max ${Math.max(0, clientLoop.max / 1e6 - 10).toFixed(1)} ms`,
]);

rows.push([
  'machine',
  `${machineBusyPercent(machineStart, machineEnd).toFixed(1)} % of ${machineEnd.cores} cores busy during the window (server, bench client, database and the rest)`,
]);

const width = Math.max(...rows.map(([k]) => k.length));
console.log('\nOCPP fleet benchmark');
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
if (sessionsRefused > 0) console.log(`\n  refused sessions, e.g. ${firstRefusal.join('; ')} (seed the tags: bench/seed-stations.ts)`);

log('stopping the fleet (ending transactions)');
await fleet.stop({ endTransactions: true, timeoutMs: 15_000 });
clearTimeout(watchdog);
process.exit(0);
