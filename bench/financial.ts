/**
 * Financial movements benchmark (issue 19): latency of the gateway's financial lists and summary
 * (p50/p95/max per scenario) over 1,000,000 ledger movements, and the time of a 10,000-row Excel
 * download. Seeds the PostgreSQL database itself when it holds fewer movements than `--count`:
 * recharges through bench/seed-transactions.ts (each priced one gets its bill), then wallet
 * deposits of 10,000 bench drivers up to the count, spread over the last 365 days. The app runs
 * in this process on a loopback port and is called over real HTTP, as a Sol operator (Sol and Move).
 *
 *   createdb -h 127.0.0.1 -U postgres recarga_bench_fin
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_bench_fin npx tsx bench/financial.ts --count 1000000 --iterations 50
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { roles } from '@recarga/contracts/permissions';
import { XLSX_MEDIA_TYPE } from '@recarga/contracts/financial';
import { openPostgres } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { benchDatabaseUrl, benchUserHeaders, pct, startBenchApp } from './bench-app';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    iterations: { type: 'string', default: '50' },
    exports: { type: 'string', default: '3' },
  },
  strict: true,
});
const url = benchDatabaseUrl('bench/financial.ts itself');
const count = Number(values.count);
const iterations = Math.max(1, Math.min(10_000, Number(values.iterations)));
const started = Date.now();
const step = (label: string) => process.stdout.write(`${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);

// ---------------------------------------------------------------------------------------------
// Seed (idempotent): recharges, bench drivers, deposits up to the count

{
  const database = await openPostgres(url, 2);
  await migrate(database);
  await seedDemo(database.db);
  const n = async () =>
    Number(
      (
        await database.db
          .selectFrom('financial_movements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const benchTx = await database.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('start_key', 'like', 'bench-%')
    .executeTakeFirstOrThrow();
  if ((await n()) < count && Number(benchTx.n) === 0) {
    await database.close();
    step(`seeding ${count.toLocaleString('en')} recharges through bench/seed-transactions.ts`);
    execFileSync('npx', ['tsx', 'bench/seed-transactions.ts', '--count', String(count)], { stdio: 'inherit', env: process.env });
  } else await database.close();
  const db2 = await openPostgres(url, 2);
  const missing =
    count -
    Number(
      (
        await db2.db
          .selectFrom('financial_movements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if (missing > 0) {
    await db2.scriptSession(async (exec) => {
      // Without per-row triggers: the ledger's roll-ups are rebuilt from the rows once inserted.
      await exec('set session_replication_role = replica');
      await exec('begin');
      await exec(`
        insert into users (tenant_pk, email, first_name, last_name, role_label)
        select t.tenant_pk, 'bench-driver-' || g || '@bench.recarga', 'Bench', 'Driver ' || g, 'driver'
          from generate_series(1, 10000) g
          join tenants t on t.alias = case when g % 3 = 0 then 'sol' else 'move' end
         where not exists (select 1 from users where email = 'bench-driver-1@bench.recarga')`);
      await exec(`
        with drivers as (
          select (row_number() over (order by user_pk) - 1)::int as i, user_pk, u.tenant_pk, t.currency
            from users u join tenants t on t.tenant_pk = u.tenant_pk where u.email like 'bench-driver-%@bench.recarga'),
        g as (
          select g, now() - interval '365 days' + make_interval(secs => (g::float8 / ${missing}) * (365 * 86400 - 3600)) as at
            from generate_series(1, ${missing}) g)
        insert into financial_movements (tenant_pk, target_type, user_pk, payment_type, payment_status, payment_status_detail, amount,
                                         currency, provider, external_id, created_at, paid_at, updated_at)
        select d.tenant_pk, 'USER', d.user_pk,
               case g.g % 3 when 0 then 'MERCADO_PAGO_PIX' when 1 then 'MERCADO_PAGO_CARD' else 'MANUAL_DASHBOARD' end,
               case when g.g % 10 = 0 then 'rejected' else 'approved' end, null,
               (g.g * 37) % 20000 + 1000, d.currency,
               case g.g % 3 when 2 then 'manual' else 'mercado_pago' end, 'bench-dep-' || g.g,
               g.at, case when g.g % 10 = 0 then null else g.at end, g.at
          from g join drivers d on d.i = g.g % 10000`);
      await exec('commit');
      await exec('set session_replication_role = origin');
      await exec('select financial_daily_rebuild()');
      await exec('analyze users; analyze financial_movements; analyze financial_daily; analyze financial_daily_station');
    });
    step(`${missing.toLocaleString('en')} bench deposits inserted`);
  }
  // Bulk loading updated the roll-ups' few thousand rows a million times, and left the movements'
  // pages without their visibility bits (index-only scans read the table again for each row): a
  // live system's autovacuum keeps both in order, a bulk load must vacuum them itself.
  await db2.scriptSession(
    async (exec) =>
      void (await exec('vacuum (analyze) financial_daily, financial_daily_station, financial_daily_user, financial_movements')),
  );
  await db2.close();
}

// ---------------------------------------------------------------------------------------------
// Measure

const bench = await startBenchApp(url);
const { app, db, base } = bench;
app.services.get('invoices').setAutomatic(false);
const headers = {
  ...(await benchUserHeaders(bench, {
    email: 'bench.financial@recarga.bench',
    profile: 'bench financial',
    routes: ['/', '/financial'],
    roles: [roles.monetization],
  })),
  'x-timezone-offset': '180',
};
await db.updateTable('tenants').set({ monthly_report_limit: null }).where('alias', '=', 'sol').execute();

const total = await db
  .selectFrom('financial_movements')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const someMovement = await db
  .selectFrom('financial_movements')
  .select('movement_pk')
  .orderBy('movement_pk', 'desc')
  .offset(5000)
  .limit(1)
  .executeTakeFirstOrThrow();
const move = await db.selectFrom('tenants').select('api_key').where('alias', '=', 'move').executeTakeFirstOrThrow();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const year = `startDate=${day(-364)}&endDate=${day(0)}`;
const month30 = `startDate=${day(-29)}&endDate=${day(0)}`;

const scenarios: { name: string; path: string; query: string }[] = [
  { name: 'all, default period (month), page 0', path: '/gateway/transactions', query: '' },
  { name: 'all, 30 days, page 0', path: '/gateway/transactions', query: month30 },
  { name: 'all, 365 days, page 0', path: '/gateway/transactions', query: year },
  { name: 'all, 365 days, page 100', path: '/gateway/transactions', query: `${year}&page=100` },
  { name: 'all, 365 days, by paid time', path: '/gateway/transactions', query: `${year}&sort=paidTimestamp,DESC` },
  { name: 'recharges, 365 days', path: '/gateway/transactions/recharges', query: year },
  { name: 'deposits, 365 days', path: '/gateway/transactions/deposits', query: year },
  { name: 'all, 365 days, one station', path: '/gateway/transactions', query: `${year}&chargeBoxId=MOVE-SP-001` },
  { name: 'all, 365 days, Move only', path: '/gateway/transactions', query: `${year}&tenantApiKey=${move.api_key}` },
  {
    name: 'all, 365 days, search id',
    path: '/gateway/transactions',
    query: `${year}&userEmailOrTransactionId=${someMovement.movement_pk}`,
  },
  { name: 'all, 365 days, search e-mail', path: '/gateway/transactions', query: `${year}&userEmailOrTransactionId=bench-driver-4242@` },
  // The demo driver pays a fifth of the bench's recharges: the worst case of a search (counted from the rows).
  { name: 'all, 365 days, search heavy customer', path: '/gateway/transactions', query: `${year}&userEmailOrTransactionId=motorista@` },
  { name: 'summary, default period (month)', path: '/gateway/transactions/summary', query: '' },
  { name: 'summary, 365 days', path: '/gateway/transactions/summary', query: year },
  { name: 'summary, 365 days, by paid time', path: '/gateway/transactions/summary', query: `${year}&sort=paidTimestamp,ASC` },
  { name: 'summary, 365 days, one station', path: '/gateway/transactions/summary', query: `${year}&chargeBoxId=MOVE-SP-001` },
];

process.stdout.write(`\nMovements in the database: ${Number(total.n).toLocaleString('en')}; ${iterations} calls per scenario\n\n`);
process.stdout.write(
  `${'scenario'.padEnd(40)} ${'rows'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}\n`,
);
for (const s of scenarios) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < iterations + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${s.path}?${s.query}`, { headers });
    const body = (await res.json()) as { totalElements: number };
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${s.name}: ${res.status} ${JSON.stringify(body)}`);
    rows = body.totalElements;
    if (i >= 3) times.push(ms); // 3 warm-up calls
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `${s.name.padEnd(40)} ${String(rows).padStart(9)} ${pct(times, 50).toFixed(1).padStart(8)} ${pct(times, 95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}\n`,
  );
}

// The Excel form of the list for the most recent 10,000 movements (a period starting at the 10,000th newest one).
const tenants = await db.selectFrom('tenants').select('tenant_pk').where('alias', 'in', ['sol', 'move']).execute();
const tenth = await db
  .selectFrom('financial_movements')
  .select('created_at')
  .where(
    'tenant_pk',
    'in',
    tenants.map((t) => t.tenant_pk),
  )
  .orderBy('created_at', 'desc')
  .offset(9_999)
  .limit(1)
  .executeTakeFirstOrThrow();
process.stdout.write('\n');
for (let i = 0; i < Number(values.exports); i++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/gateway/transactions?startDate=${new Date(tenth.created_at).toISOString()}&endDate=${day(0)}`, {
    headers: { ...headers, accept: XLSX_MEDIA_TYPE },
  });
  const firstByte = performance.now() - t0;
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const ms = performance.now() - t0;
  process.stdout.write(
    `xlsx #${i + 1}: status ${res.status}, ${res.headers.get('x-total-rows')} rows, ${(bytes / 1024).toFixed(0)} KiB; first byte ${firstByte.toFixed(0)} ms, last byte ${ms.toFixed(0)} ms\n`,
  );
}

await bench.close();
