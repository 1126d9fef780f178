/**
 * Start storm: N registered stations (bench/seed-stations.ts) connect to a running server, then all
 * send a StartTransaction at once (at most --concurrency in flight), as after a power cut when every
 * car plugged in starts again. Prints starts per second, the latency of a start, and with
 * --server-pid / --database-pid the CPU each spent per start (the database's share is where a start's
 * round trips and planning show). The stations disconnect at the end; their transactions stay open
 * (the next storm on the same connector closes them as superseded, as a real station's lost stop).
 *
 *   npx tsx bench/start-storm.ts --stations 6000 --connector 1 --server-pid <pid> \
 *     --database-pid $(head -1 /var/lib/postgresql/15/main/postmaster.pid)
 */
import { parseArgs } from 'node:util';
import { RPCClient } from 'ocpp-rpc';
import { sampleProcess, type ProcSample } from './proc-stats';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'ws://127.0.0.1:3000/ocpp' },
    stations: { type: 'string', default: '2000' },
    connector: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '300' },
    prefix: { type: 'string', default: 'BENCH-' },
    'tag-prefix': { type: 'string', default: 'BENCHTAG-' },
    'server-pid': { type: 'string' },
    'database-pid': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('npx tsx bench/start-storm.ts [--stations 2000] [--connector 1] [--concurrency 300] [--url ws://127.0.0.1:3000/ocpp]');
  console.log('  [--prefix BENCH-] [--tag-prefix BENCHTAG-] [--server-pid <pid>] [--database-pid <postmaster pid>]');
  process.exit(0);
}
const count = (name: string, value: string, max: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return n;
};
const stations = count('stations', args.stations!, 19_000);
const connectorId = count('connector', args.connector!, 100);
const concurrency = count('concurrency', args.concurrency!, 20_000);
const url = new URL(args.url!);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error('--url must be on loopback');
const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(6, '0')}`;

const clients: InstanceType<typeof RPCClient>[] = [];
const connectStarted = performance.now();
for (let first = 1; first <= stations; first += 200) {
  const batch: Promise<unknown>[] = [];
  for (let i = first; i < Math.min(first + 200, stations + 1); i++) {
    const client = new RPCClient({
      endpoint: args.url!,
      identity: id(args.prefix!, i),
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: 120_000,
      // ocpp-rpc's typings require every option; the rest take their defaults.
    } as never);
    clients.push(client);
    batch.push(client.connect());
  }
  await Promise.all(batch);
}
console.log(`[storm] ${stations} stations connected in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);

const sample = (pid: string | undefined): ProcSample | undefined => (pid ? sampleProcess(Number(pid)) : undefined);
const server0 = sample(args['server-pid']);
const database0 = sample(args['database-pid']);
const latencies: number[] = [];
let next = 0;
let failed = 0;
const started = performance.now();
async function worker() {
  while (next < stations) {
    const i = next++;
    const at = performance.now();
    try {
      await clients[i]!.call('StartTransaction', {
        connectorId,
        idTag: id(args['tag-prefix']!, i + 1),
        meterStart: 1000,
        timestamp: new Date().toISOString(),
      });
      latencies.push(performance.now() - at);
    } catch {
      failed++;
    }
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, stations) }, worker));
const seconds = (performance.now() - started) / 1000;
const server1 = sample(args['server-pid']);
const database1 = sample(args['database-pid']);

latencies.sort((a, b) => a - b);
const q = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(0) : '-');
const answered = latencies.length;
console.log(
  `[storm] ${answered} starts answered (${failed} failed) in ${seconds.toFixed(1)} s: ${(answered / seconds).toFixed(0)} starts/s`,
);
console.log(`[storm] start latency p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms (${Math.min(concurrency, stations)} in flight)`);
const perStart = (a?: ProcSample, b?: ProcSample) =>
  a && b && answered ? (((b.cpuSeconds - a.cpuSeconds) * 1000) / answered).toFixed(2) : undefined;
const serverMs = perStart(server0, server1);
const databaseMs = perStart(database0, database1);
if (serverMs) console.log(`[storm] server CPU ${serverMs} ms per start`);
if (databaseMs) console.log(`[storm] database CPU ${databaseMs} ms per start (all its processes)`);
await Promise.all(clients.map((c) => c.close({ force: true })));
process.exit(failed ? 1 : 0);
