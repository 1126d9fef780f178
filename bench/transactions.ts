/**
 * Transactions benchmark: latency of the transactions list with typical filters (p50/p95 per
 * scenario) and the 10,000-row Excel export (time and the node's peak memory), against a
 * PostgreSQL database seeded by bench/seed-transactions.ts. The app runs in this process on a
 * loopback port and is called over real HTTP.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_tx npx tsx bench/transactions.ts --iterations 100
 */
import { parseArgs } from 'node:util';
import { roles } from '@recarga/contracts/permissions';
import { benchDatabaseUrl, benchUserHeaders, pct, startBenchApp } from './bench-app';

const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '100' }, exports: { type: 'string', default: '3' } },
  strict: true,
});
const url = benchDatabaseUrl('bench/seed-transactions.ts');
const iterations = Math.max(1, Math.min(10_000, Number(values.iterations)));

const bench = await startBenchApp(url);
const { app, db, base } = bench;
app.services.get('invoices').setAutomatic(false);
// A finance user of the Sol network (sees sol and move): every capability, no disabled options.
const headers = {
  ...(await benchUserHeaders(bench, {
    email: 'bench.finance@recarga.bench',
    profile: 'bench finance',
    routes: ['/', '/transactions', '/transactions/{id}/payment/edit'],
    roles: [roles.financialIndicators, roles.paymentApproval, roles.invoice],
  })),
  'x-timezone-offset': '180',
};
await db.updateTable('tenants').set({ monthly_report_limit: null }).where('alias', '=', 'sol').execute();

const total = await db
  .selectFrom('transactions')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const station = await db
  .selectFrom('charge_boxes')
  .select('charge_box_pk')
  .where('charge_box_id', '=', 'MOVE-SP-001')
  .executeTakeFirstOrThrow();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const scenarios: { name: string; query: string }[] = [
  { name: 'default (last 2 days), page 1', query: '' },
  { name: '30 days, page 1', query: `fromDate=${day(-30)}&toDate=${day(0)}` },
  { name: '30 days, page 50', query: `fromDate=${day(-30)}&toDate=${day(0)}&page=50` },
  { name: '90 days, one station', query: `fromDate=${day(-90)}&toDate=${day(0)}&chargeBoxPK=${station.charge_box_pk}` },
  { name: '30 days, paid only', query: `fromDate=${day(-30)}&toDate=${day(0)}&paymentStatus=PAID` },
  { name: '30 days, search station name', query: `fromDate=${day(-30)}&toDate=${day(0)}&searchInput=paulista` },
  { name: '30 days, sorted by income', query: `fromDate=${day(-30)}&toDate=${day(0)}&headerOrderList=income:desc` },
  { name: '364 days, one tag', query: `fromDate=${day(-364)}&toDate=${day(0)}&userOcppTag=04A1B2C3D4` },
];

process.stdout.write(`Transactions in the database: ${Number(total.n).toLocaleString('en')}; ${iterations} calls per scenario\n\n`);
process.stdout.write(
  `${'scenario'.padEnd(36)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}\n`,
);
const all: number[] = [];
for (const s of scenarios) {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < iterations + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/transaction/?${s.query}`, { headers });
    const body = (await res.json()) as { count: number };
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${JSON.stringify(body)}`);
    count = body.count;
    if (i >= 3) times.push(ms); // 3 warm-up calls
  }
  times.sort((a, b) => a - b);
  all.push(...times);
  process.stdout.write(
    `${s.name.padEnd(36)} ${String(count).padStart(7)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}\n`,
  );
}
all.sort((a, b) => a - b);
process.stdout.write(
  `${'all scenarios'.padEnd(36)} ${''.padStart(7)} ${pct(all, 50).toFixed(1).padStart(8)} ${pct(all, 95).toFixed(1).padStart(8)} ${all.at(-1)!.toFixed(1).padStart(8)}\n\n`,
);

// Excel export of the capped 10,000 rows: time to the last byte and this node's peak memory.
for (let i = 0; i < Number(values.exports); i++) {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/report/xlsx/transactions/?fromDate=${day(-90)}&toDate=${day(0)}`, { headers });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  process.stdout.write(
    `xlsx export #${i + 1}: status ${res.status}, ${(bytes / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - rssBefore) / 2 ** 20).toFixed(0)} MiB)\n`,
  );
}

await bench.close();
