/**
 * Transactions benchmark: latency of the transactions list with typical filters (p50/p95 per
 * scenario) and the 10,000-row Excel export (time and the node's peak memory), against a
 * PostgreSQL database seeded by bench/seed-transactions.ts. The app runs in this process on a
 * loopback port and is called over real HTTP.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_tx npx tsx bench/transactions.ts --iterations 100
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { roles } from '@recarga/contracts/permissions';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/platform/auth/password';
import { InProcessBus } from '../apps/server/src/platform/bus';

const { values } = parseArgs({
  options: { iterations: { type: 'string', default: '100' }, exports: { type: 'string', default: '3' } },
  strict: true,
});
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write('DATABASE_URL must be set to a postgres:// URL (seeded by bench/seed-transactions.ts)\n');
  process.exit(2);
}
const iterations = Math.max(1, Math.min(10_000, Number(values.iterations)));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-bench-'));
const database = await openPostgres(url, 10);
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  CAPTCHA_PROVIDER: 'none',
  SIMULATOR_STATIONS: '0',
  DEMO: 'false',
});
const bus = new InProcessBus();
const app = await buildApp({ config, database, bus, logger: false });
app.services.get('invoices').setAutomatic(false);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// A finance user of the Sol network (sees sol and move): every capability, no disabled options.
const db = database.db;
const email = 'bench.finance@recarga.bench';
const existing = await db.selectFrom('users').select('user_pk').where('email', '=', email).executeTakeFirst();
if (!existing) {
  const profile = await db
    .insertInto('access_profiles')
    .values({ name: 'bench finance', tenant_pk: null, description: null })
    .returning('profile_pk')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('access_profile_entries')
    .values([
      ...['/', '/transactions', '/transactions/{id}/payment/edit'].map((route) => ({
        profile_pk: profile.profile_pk,
        route,
        role_id: null,
        status: true,
      })),
      ...[roles.financialIndicators, roles.paymentApproval, roles.invoice].map((role_id) => ({
        profile_pk: profile.profile_pk,
        route: null,
        role_id,
        status: true,
      })),
    ])
    .execute();
  const sol = await db.selectFrom('tenants').select('tenant_pk').where('alias', '=', 'sol').executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      tenant_pk: sol.tenant_pk,
      email,
      password_hash: await hashPassword('Bench@2026'),
      first_name: 'Bench',
      last_name: 'Finance',
      profile_pk: profile.profile_pk,
      role_label: 'tenant operator',
      phone: null,
      doc_type: null,
      doc_number: null,
      external_id: null,
      sex: null,
    })
    .execute();
}
await db.updateTable('tenants').set({ monthly_report_limit: null }).where('alias', '=', 'sol').execute();
const login = await fetch(`${base}/api/login/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'Bench@2026', recaptchaResponse: '' }),
});
const token = ((await login.json()) as { token: string }).token;
const headers = { authorization: `Bearer ${token}`, 'x-timezone-offset': '180' };

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

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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

await app.close();
await bus.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
