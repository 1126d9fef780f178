/**
 * Dashboard benchmark: latency of the home dashboard's calls (GET stats/sums, stats/info) and of
 * the statistics charts (GET stations/dashboard/graphs) on a PostgreSQL database seeded by
 * bench/seed-dashboard.ts (by default 10,000 stations and 1,000,000 transactions). The app runs
 * in this process (the same buildApp as `npm start`) and the calls go through Fastify's inject,
 * so the figures are server time: routing, validation, SQL, serialisation — no network.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_dash npx tsx bench/stats.ts
 *
 * Prints p50, p95 and max per call for the platform administrator (every tenant) and the Sol
 * operator (two tenants), sequentially and with --concurrency parallel callers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres } from '../apps/server/src/db/database';
import { InProcessBus } from '../apps/server/src/platform/bus';

const USAGE = `Dashboard benchmark

  DATABASE_URL=postgres://... npx tsx bench/stats.ts [options]

  --runs <n>          measured calls per case (default 60)
  --warmup <n>        unmeasured calls per case first (default 5)
  --concurrency <n>   parallel callers in the second pass (default 4; 1 = sequential pass only)
  --cases <regex>     only the cases whose name matches (e.g. '365')
  --help
`;

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '4' },
    cases: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  process.stderr.write(`DATABASE_URL must be a postgres:// URL\n\n${USAGE}`);
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs));
const warmup = Math.max(0, Number(values.warmup));
const concurrency = Math.max(1, Number(values.concurrency));

const dataDir = mkdtempSync(join(tmpdir(), 'recarga-bench-stats-'));
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  DEMO: 'false',
  SIMULATOR_STATIONS: '0',
  CAPTCHA_PROVIDER: 'none',
  LOG_LEVEL: 'silent',
});
const database = await openPostgres(databaseUrl, 10);
const bus = new InProcessBus();
const app = await buildApp({ config, database, bus, logger: false });

async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { email, password, recaptchaResponse: '' } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

const who = {
  admin: await login('admin@recarga.app', 'Recarga@2026'),
  operator: await login('operador@sol.com.br', 'Operador@2026'),
};

const sample = await database.db
  .selectFrom('transactions')
  .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('start_timestamp').as('first'), eb.fn.max('start_timestamp').as('last')])
  .executeTakeFirstOrThrow();
const stationCount = await database.db
  .selectFrom('charge_boxes')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('deleted_at', 'is', null)
  .executeTakeFirstOrThrow();
console.log(
  `database: ${Number(stationCount.n)} stations, ${Number(sample.n)} transactions ` +
    `(${new Date(sample.first as Date).toISOString().slice(0, 10)} .. ${new Date(sample.last as Date).toISOString().slice(0, 10)})`,
);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const tz = 'timeZone=America/Sao_Paulo';
const period = (days: number) => `fromDate=${day(-(days - 1))}%2000:00:00&toDate=${day(0)}%2023:59:59&${tz}`;

// A station of the Move tenant, in both users' scopes: its charts read the rows (one station's index).
const station = await database.db
  .selectFrom('charge_boxes as cb')
  .innerJoin('tenants as tn', 'tn.tenant_pk', 'cb.tenant_pk')
  .select('cb.charge_box_pk')
  .where('tn.alias', '=', 'move')
  .where('cb.deleted_at', 'is', null)
  .orderBy('cb.charge_box_pk')
  .executeTakeFirst();

const allCases: { name: string; url: string }[] = [
  { name: 'stats/sums 7 days', url: `/api/stats/sums/?${period(7)}` },
  { name: 'stats/info 7 days', url: `/api/stats/info/?${period(7)}` },
  { name: 'stats/sums 30 days', url: `/api/stats/sums/?${period(30)}` },
  { name: 'stats/sums 365 days', url: `/api/stats/sums/?${period(365)}` },
  { name: 'stats/info 365 days', url: `/api/stats/info/?${period(365)}` },
  { name: 'stats/sums 365 days UTC', url: `/api/stats/sums/?${period(365).replace(tz, 'timeZone=UTC')}` },
  { name: 'graphs 7 days', url: '/api/stations/dashboard/graphs/?days=7&timeDiff=3' },
  { name: 'graphs 28 days', url: '/api/stations/dashboard/graphs/?days=28&timeDiff=3' },
  { name: 'graphs 365 days', url: '/api/stations/dashboard/graphs/?days=365&timeDiff=3' },
  { name: 'graphs 365 days UTC', url: '/api/stations/dashboard/graphs/?days=365&timeDiff=0' },
  ...(station
    ? [
        {
          name: 'graphs 365 days, one station',
          url: `/api/stations/dashboard/graphs/?days=365&timeDiff=3&stationId=${station.charge_box_pk}`,
        },
      ]
    : []),
];
const filter = values.cases ? new RegExp(values.cases) : null;
const cases = filter ? allCases.filter((c) => filter.test(c.name)) : allCases;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timed(url: string, token: string): Promise<number> {
  const t0 = process.hrtime.bigint();
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return ms;
}

async function measure(url: string, token: string, parallel: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await timed(url, token);
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < runs) {
        next++;
        times.push(await timed(url, token));
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);
try {
  for (const parallel of concurrency > 1 ? [1, concurrency] : [1]) {
    console.log(`\n${parallel === 1 ? 'sequential' : `${parallel} parallel callers`} (${runs} calls per case, ms)`);
    console.log(`${'case'.padEnd(32)}${'user'.padEnd(10)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}`);
    for (const c of cases) {
      for (const [name, token] of Object.entries(who)) {
        const t = await measure(c.url, token, parallel);
        console.log(`${c.name.padEnd(32)}${name.padEnd(10)}${fmt(percentile(t, 50))}${fmt(percentile(t, 95))}${fmt(t[t.length - 1]!)}`);
      }
    }
  }
} finally {
  await app.close();
  await bus.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
