/**
 * Two runs of bench/ocpp-fleet.ts (`--json`) side by side — the bare `ws` server of
 * bench/ws-baseline.ts first, Recarga second — with Recarga's share of the bare server's figures.
 *
 *   npx tsx bench/fleet-compare.ts /tmp/bare.json /tmp/recarga.json
 *
 * Throughput is compared as messages per second of server CPU (one core): the fleet offers both
 * servers the same load, so the CPU each spends on it says how many messages each could take on a
 * core before it saturates. Goal (issue 22): Recarga ≥ 30 % of the bare server. The server's CPU is
 * the node process and its children: PostgreSQL's share of Recarga's persistence is not in it, so
 * the machine's busy share is printed too.
 */
import { readFileSync } from 'node:fs';
import type { FleetFigures } from './ocpp-fleet';

const [barePath, recargaPath] = process.argv.slice(2);
if (!barePath || !recargaPath) {
  process.stderr.write('usage: fleet-compare.ts <bare.json> <recarga.json>\n');
  process.exit(2);
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as FleetFigures;
const bare = read(barePath);
const recarga = read(recargaPath);

/** Messages per second of one core's CPU (null without the server's CPU). */
const perCoreSecond = (f: FleetFigures) => (f.serverCpuPercent ? f.messagesPerSecond / (f.serverCpuPercent / 100) : null);
const fmt = (v: number | null, unit: string, digits = 1) => (v === null || Number.isNaN(v) ? '-' : `${v.toFixed(digits)}${unit}`);
const ratio = (r: number | null, b: number | null) => (r === null || b === null || b === 0 ? '-' : `${((100 * r) / b).toFixed(1)} %`);

const rows: Array<[string, string, string, string]> = [
  ['stations connected', `${bare.connected} / ${bare.stations}`, `${recarga.connected} / ${recarga.stations}`, ''],
  [
    'messages/s offered',
    fmt(bare.messagesPerSecond, ''),
    fmt(recarga.messagesPerSecond, ''),
    ratio(recarga.messagesPerSecond, bare.messagesPerSecond),
  ],
  ['ack p50', fmt(bare.ackP50Ms, ' ms'), fmt(recarga.ackP50Ms, ' ms'), ''],
  ['ack p99', fmt(bare.ackP99Ms, ' ms'), fmt(recarga.ackP99Ms, ' ms'), ''],
  ['ack max', fmt(bare.ackMaxMs, ' ms'), fmt(recarga.ackMaxMs, ' ms'), ''],
  ['failed calls', String(bare.failedCalls), String(recarga.failedCalls), ''],
  ['server CPU (% of one core)', fmt(bare.serverCpuPercent, ' %'), fmt(recarga.serverCpuPercent, ' %'), ''],
  [
    'machine busy (all cores: + database, client)',
    fmt(bare.machineBusyPercent, ` % of ${bare.cores}`),
    fmt(recarga.machineBusyPercent, ` % of ${recarga.cores}`),
    '',
  ],
  [
    'messages per CPU-second (throughput)',
    fmt(perCoreSecond(bare), '', 0),
    fmt(perCoreSecond(recarga), '', 0),
    `${ratio(perCoreSecond(recarga), perCoreSecond(bare))} of the bare server (goal >= 30 %)`,
  ],
  [
    'memory per connection',
    fmt(bare.bytesPerConnection === null ? null : bare.bytesPerConnection / 1024, ' KiB'),
    fmt(recarga.bytesPerConnection === null ? null : recarga.bytesPerConnection / 1024, ' KiB'),
    recarga.bytesPerConnection && bare.bytesPerConnection ? `${(recarga.bytesPerConnection / bare.bytesPerConnection).toFixed(1)} x` : '',
  ],
];
const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), ['', 'bare ws', 'Recarga'][i]!.length));
const line = (r: readonly string[]) => `  ${r[0]!.padEnd(w[0]!)}  ${r[1]!.padStart(w[1]!)}  ${r[2]!.padStart(w[2]!)}  ${r[3] ?? ''}`;
process.stdout.write(`${line(['', 'bare ws', 'Recarga', 'Recarga / bare'])}\n`);
for (const r of rows) process.stdout.write(`${line(r)}\n`);
