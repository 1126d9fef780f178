#!/usr/bin/env -S npx tsx
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startFleet, type FleetCounters } from './fleet';
import { SimulatedMeter } from './meter';
import { HttpMeterPublisher, MqttMeterPublisher, type MeterPublisher } from './meter-publishers';
import type { OcppProtocol } from '@recarga/contracts/ocpp';
import type { SimulatorLogger } from './station';

const USAGE = `Recarga charge-point simulator: N stations speaking OCPP-J to a central system.

  npm run simulate -- --stations 10 --url ws://localhost:3000/ocpp

Options
  --url <ws-url>          central system base address (default ws://localhost:3000/ocpp)
  --stations <n>          number of stations (default 1)
  --ids <A,B,C>           explicit charge box ids (overrides --stations/--prefix)
  --prefix <text>         id prefix, ids are <prefix>000001... (default SIM-)
  --protocol <p>          ocpp1.6 | ocpp1.5 (default ocpp1.6)
  --ocpp15-share <0..1>   share of stations speaking OCPP 1.5 (default 0)
  --connectors <n>        connectors per station (default 2)
  --meter-interval <s>    MeterValueSampleInterval in seconds (default 60)
  --password <text>       HTTP Basic password of every station
  --tags <A,B>            id tags used by automatic sessions (default DEMO-TAG-1,DEMO-TAG-2,DEMO-TAG-3)
  --idle <s>              mean idle time between automatic sessions (default 120)
  --session <s>           mean automatic session length (default 900)
  --no-auto               no automatic sessions: stations only boot, heartbeat and obey commands
  --ramp <n>              stations started per second (default 20)
  --seed <n>              seed for repeatable sessions
  --status-every <s>      seconds between status lines (default 5)
  --verbose               log every station event
  --help

Building meter (smart charging): base load + the draw of these stations, per phase
  --meter <id>            run a meter with this device_remote_id
  --meter-mac <mac>       its MAC address (default AA:BB:CC:DD:EE:01)
  --meter-mqtt <url>      publish on recarga/meters/<id>/measurements (e.g. mqtt://127.0.0.1:1883)
  --meter-http <server>   POST to <server>/smart/meters/<id>/measurements (needs --meter-token)
  --meter-token <token>   the meter's token (X-Meter-Token)
  --meter-every <s>       seconds between readings (default 5)
  --base-load <min-max>   building base load per phase in A (default 20-60)
  --time-scale <x>        speed of the building's clock for the daily curve (default 1; 60 = an hour a minute)
  --out-of-circuit        the meter does not see the stations' draw
  With --meter, --stations 0 runs the meter alone. Type "dropout <seconds>" and Enter to silence it.
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function positive(name: string, raw: string | undefined, fallback: number, allowZero = false): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0))
    fail(`--${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  return n;
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        url: { type: 'string', default: 'ws://localhost:3000/ocpp' },
        stations: { type: 'string' },
        ids: { type: 'string' },
        prefix: { type: 'string', default: 'SIM-' },
        protocol: { type: 'string', default: 'ocpp1.6' },
        'ocpp15-share': { type: 'string' },
        connectors: { type: 'string' },
        'meter-interval': { type: 'string' },
        password: { type: 'string' },
        tags: { type: 'string' },
        idle: { type: 'string' },
        session: { type: 'string' },
        'no-auto': { type: 'boolean', default: false },
        ramp: { type: 'string' },
        seed: { type: 'string' },
        'status-every': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        meter: { type: 'string' },
        'meter-mac': { type: 'string', default: 'AA:BB:CC:DD:EE:01' },
        'meter-mqtt': { type: 'string' },
        'meter-http': { type: 'string' },
        'meter-token': { type: 'string' },
        'meter-every': { type: 'string' },
        'base-load': { type: 'string', default: '20-60' },
        'time-scale': { type: 'string' },
        'out-of-circuit': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (err) {
    fail((err as Error).message);
  }
})();

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!/^wss?:\/\//.test(values.url)) fail('--url must start with ws:// or wss://');
if (values.protocol !== 'ocpp1.6' && values.protocol !== 'ocpp1.5') fail('--protocol must be ocpp1.6 or ocpp1.5');

const ids = values.ids
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const stations = ids?.length ?? Math.round(positive('stations', values.stations, 1, values.meter !== undefined));
if (values.meter !== undefined && !values['meter-mqtt'] && !values['meter-http']) fail('--meter needs --meter-mqtt and/or --meter-http');
if (values['meter-http'] && !values['meter-token']) fail('--meter-http needs --meter-token');
const baseLoad = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(values['base-load']);
if (!baseLoad || Number(baseLoad[1]) > Number(baseLoad[2])) fail('--base-load must be <min>-<max> amperes, min <= max');
const connectors = Math.round(positive('connectors', values.connectors, 2));
const statusEvery = positive('status-every', values['status-every'], 5);
const logger: SimulatorLogger = {
  debug: values.verbose ? (m) => console.debug(m) : undefined,
  info: values.verbose ? (m) => console.info(m) : () => {},
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};

const fleet = startFleet({
  url: values.url,
  ids,
  stations,
  idPrefix: values.prefix,
  protocol: values.protocol as OcppProtocol,
  ocpp15Share: positive('ocpp15-share', values['ocpp15-share'], 0, true),
  connectors,
  meterIntervalSec: positive('meter-interval', values['meter-interval'], 60),
  password: values.password,
  idTags: values.tags
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  autoSessions: values['no-auto']
    ? false
    : {
        meanIdleSec: positive('idle', values.idle, 120),
        meanSessionSec: positive('session', values.session, 900),
        shortSessionProbability: 0.1,
        faultProbability: 0.02,
      },
  rampPerSec: positive('ramp', values.ramp, 20),
  seed: values.seed === undefined ? undefined : Math.round(positive('seed', values.seed, 1, true)),
  logger,
});

console.log(`simulating ${stations} station(s) x ${connectors} connector(s) against ${values.url} (Ctrl-C to stop)`);

async function startMeter(deviceRemoteId: string): Promise<SimulatedMeter> {
  const publishers: MeterPublisher[] = [];
  if (values['meter-mqtt']) publishers.push(await MqttMeterPublisher.connect({ url: values['meter-mqtt'], deviceRemoteId }));
  if (values['meter-http']) {
    publishers.push(new HttpMeterPublisher({ server: values['meter-http'], deviceRemoteId, token: values['meter-token']! }));
  }
  const meter = new SimulatedMeter({
    deviceRemoteId,
    macAddress: values['meter-mac'],
    baseLoad: { minA: Number(baseLoad![1]), maxA: Number(baseLoad![2]) },
    chargers: values['out-of-circuit'] ? undefined : () => fleet.phaseCurrentsA(),
    publishers,
    intervalMs: positive('meter-every', values['meter-every'], 5) * 1000,
    timeScale: positive('time-scale', values['time-scale'], 1),
    logger,
  });
  meter.on('reading', (m: { timestamp: string; phases: Record<string, number> }) => {
    if (values.verbose) console.log(`meter ${deviceRemoteId} ${m.timestamp} ${JSON.stringify(m.phases)}`);
  });
  meter.start();
  console.log(
    `meter ${deviceRemoteId} publishing via ${publishers.map((p) => p.name).join(' and ')}; type "dropout <seconds>" to silence it`,
  );
  const commands = createInterface({ input: process.stdin });
  commands.on('line', (line) => {
    const dropout = /^\s*dropout\s+(\d+(?:\.\d+)?)\s*$/.exec(line);
    if (dropout && Number(dropout[1]) > 0) meter.dropout(Number(dropout[1]));
    else if (line.trim()) console.log('commands: dropout <seconds>');
  });
  return meter;
}

const meter = values.meter === undefined ? undefined : await startMeter(values.meter).catch((err: Error) => fail(`meter: ${err.message}`));

function statusLine(c: FleetCounters): string {
  const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
  const time = new Date().toISOString().slice(11, 19);
  let line =
    `${time} connected ${c.connected}/${c.stations}, accepted ${c.accepted}, charging ${c.transactions}, ` +
    `sent ${c.callsSent}, acked ${c.resultsReceived}, failed ${c.callsFailed}, commands ${c.commandsReceived}, ` +
    `ack p50 ${ms(c.latency.p50Ms)} p99 ${ms(c.latency.p99Ms)}`;
  if (meter) {
    const m = meter.counters();
    const phases = meter.measure().phases;
    line +=
      `; meter ${meter.silent ? 'in dropout' : 'on'} ${phases['01']}/${phases['02']}/${phases['03']} A, ` +
      `sent ${JSON.stringify(m.published)}, failed ${JSON.stringify(m.failed)}`;
  }
  return line;
}

const ticker = setInterval(() => console.log(statusLine(fleet.counters())), statusEvery * 1000);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    console.log('forced exit');
    process.exit(130);
  }
  stopping = true;
  clearInterval(ticker);
  console.log(`${signal}: stopping stations (ending their sessions)... press Ctrl-C again to force`);
  await meter?.stop();
  await fleet.stop({ timeoutMs: 5000 });
  console.log(statusLine(fleet.counters()));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
