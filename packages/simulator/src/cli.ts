#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { startFleet, type FleetCounters } from './fleet';
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
const stations = ids?.length ?? Math.round(positive('stations', values.stations, 1));
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

function statusLine(c: FleetCounters): string {
  const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(1)} ms`);
  const time = new Date().toISOString().slice(11, 19);
  return (
    `${time} connected ${c.connected}/${c.stations}, accepted ${c.accepted}, charging ${c.transactions}, ` +
    `sent ${c.callsSent}, acked ${c.resultsReceived}, failed ${c.callsFailed}, commands ${c.commandsReceived}, ` +
    `ack p50 ${ms(c.latency.p50Ms)} p99 ${ms(c.latency.p99Ms)}`
  );
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
  await fleet.stop({ timeoutMs: 5000 });
  console.log(statusLine(fleet.counters()));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
