/**
 * Seeds a PostgreSQL database for the dashboard benchmark (bench/stats.ts): migrates it, loads the
 * demo tenants and users, then adds N stations (2 connectors each, spread over the Move, Sol and
 * Terpel tenants, with payment settings and random connector statuses), M drivers and T
 * transactions over the last `--days` days, in start order (half of the last 4 hours' still open, the finished ones priced in
 * transaction_billing like the billing module does, but 1 % of the last hour's waiting in its queue). Plain SQL with generate_series: 1,000,000
 * transactions take about a minute. The bulk load runs without triggers, so the dashboard roll-ups
 * (stats_hourly, stats_hourly_money, stats_user_days) are rebuilt at the end with
 * `stats_rollups_rebuild()` (about another minute).
 *
 *   createdb -h 127.0.0.1 -U postgres recarga_dash
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga_dash npx tsx bench/seed-dashboard.ts
 *
 * Not idempotent for the bulk part: run it on an empty database (`--drop` recreates it first when
 * the URL's user may create databases).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/db/seed/demo';

const USAGE = `Seed the dashboard benchmark database

  DATABASE_URL=postgres://... npx tsx bench/seed-dashboard.ts [options]

  --stations <n>       stations (default 10000)
  --transactions <n>   transactions (default 1000000)
  --drivers <n>        driver users (default 50000)
  --days <n>           transactions spread over the last n days (default 730)
  --drop               drop and create the database first
  --help
`;

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '10000' },
    transactions: { type: 'string', default: '1000000' },
    drivers: { type: 'string', default: '50000' },
    days: { type: 'string', default: '730' },
    drop: { type: 'boolean', default: false },
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
const stations = Number(values.stations);
const transactions = Number(values.transactions);
const drivers = Number(values.drivers);
const days = Number(values.days);
for (const [name, n, max] of [
  ['stations', stations, 100_000],
  ['transactions', transactions, 20_000_000],
  ['drivers', drivers, 1_000_000],
  ['days', days, 3650],
] as const) {
  if (!Number.isInteger(n) || n < 1 || n > max) {
    process.stderr.write(`--${name} must be an integer between 1 and ${max}\n`);
    process.exit(2);
  }
}

if (values.drop) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

const started = Date.now();
const step = (what: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);

const database = await openPostgres(databaseUrl, 2);
await migrate(database);
await seedDemo(database.db);
await database.close();
step('migrated, demo tenants and users');

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  const { rows: tenants } = await client.query<{ tenant_pk: number; alias: string }>(
    `select tenant_pk, alias from tenants where alias in ('move', 'sol', 'terpel') order by tenant_pk`,
  );
  const tenantArray = tenants.map((t) => t.tenant_pk);
  if (tenantArray.length !== 3) throw new Error('the demo tenants move, sol and terpel are missing');

  // Bulk load without per-row triggers (the billing queue) and foreign-key checks.
  await client.query(`set session_replication_role = replica`);
  await client.query('begin');
  await client.query(
    `insert into charge_boxes (charge_box_id, tenant_pk, description, location_latitude, location_longitude, street, city, state,
                               has_payment, payment_charge_type_income, money_per_kilowatt_income, money_per_duration_income,
                               money_per_transaction_income, money_per_kilowatt_cost, tax_income)
     select 'DASH-' || lpad(n::text, 6, '0'),
            ($1::int[])[1 + n % 3],
            'Benchmark station ' || n,
            -23.5 + (random() - 0.5) * 8, -46.6 + (random() - 0.5) * 8,
            'Rua do Benchmark', 'São Paulo', 'SP',
            n % 5 <> 0, case when n % 7 = 0 then 'DURATION' else 'KWH' end, 150 + n % 150, 40, case when n % 2 = 0 then 300 else 0 end,
            80 + n % 40, 0.05
       from generate_series(1, $2::int) as n`,
    [tenantArray, stations],
  );
  await client.query(
    `insert into connectors (charge_box_pk, connector_id, connector_type_pk, power_max, last_status, last_status_timestamp, unusual_status)
     select cb.charge_box_pk, c, 2, 22000,
            (array['Available', 'Available', 'Available', 'Charging', 'Preparing', 'Faulted', 'Unavailable', 'SuspendedEV'])[1 + floor(random() * 8)::int],
            now(), case when random() < 0.02 then 'MAINTENANCE' end
       from charge_boxes cb cross join generate_series(1, 2) as c
      where cb.charge_box_id like 'DASH-%'`,
  );
  step(`${stations} stations with 2 connectors`);

  await client.query(
    `insert into users (tenant_pk, email, first_name, last_name, role_label, created_at)
     select ($1::int[])[1 + n % 3], 'driver' || n || '@bench.recarga.dev', 'Driver', n::text, 'driver', now() - (random() * interval '900 days')
       from generate_series(1, $2::int) as n`,
    [tenantArray, drivers],
  );
  step(`${drivers} drivers`);

  await client.query(`create temporary table bench_connectors as
    select row_number() over (order by c.connector_pk) as i, c.connector_pk, c.charge_box_pk, cb.tenant_pk
      from connectors c join charge_boxes cb using (charge_box_pk) where cb.charge_box_id like 'DASH-%'`);
  await client.query(`create temporary table bench_drivers as
    select row_number() over (order by user_pk) as i, user_pk from users where email like '%@bench.recarga.dev'`);
  const { rows: counts } = await client.query<{ c: number; d: number }>(
    `select (select count(*) from bench_connectors)::int as c, (select count(*) from bench_drivers)::int as d`,
  );
  const { c: connectorCount, d: driverCount } = counts[0]!;

  const batch = 200_000;
  for (let offset = 0; offset < transactions; offset += batch) {
    const n = Math.min(batch, transactions - offset);
    await client.query(
      `insert into transactions (charge_box_pk, connector_pk, tenant_pk, id_tag, user_pk, id_tag_status, start_timestamp, start_value_wh,
                                 stop_timestamp, stop_value_wh, energy_wh, stop_reason, stop_event_actor, start_key, received_stop_at)
       select bc.charge_box_pk, bc.connector_pk, bc.tenant_pk, 'BENCHTAG', case when g.k % 10 = 0 then null else bd.user_pk end, 'Accepted',
              g.start, 0,
              case when g.open then null else g.start + g.dur end,
              case when g.open then null else g.wh end,
              case when g.open then null else g.wh end,
              case when g.open then null else 'Local' end,
              case when g.open then null else 'station' end,
              'bench-' || g.k,
              case when g.open then null else g.start + g.dur end
         from (select k,
                      -- chronological, like a real table: rows of a week sit together on disk
                      now() - ($3::int * interval '1 day') * (1 - (k - 1 + random()) / $6::int) as start,
                      interval '10 minutes' + random() * interval '4 hours' as dur,
                      (1000 + random() * 60000)::bigint as wh,
                      -- still open: about half of the last 4 hours' recharges (a connector holds one at a time)
                      k > $6::int - $6::int / ($3::int * 6) and random() < 0.5 as open,
                      1 + (k::bigint * 7919) % $4::int as ci,
                      1 + (k::bigint * 104729) % $5::int as di
                 from generate_series($1::int, $2::int) as k) g
         join bench_connectors bc on bc.i = g.ci
         join bench_drivers bd on bd.i = g.di
        order by g.k`,
      [offset + 1, offset + n, days, connectorCount, driverCount, transactions],
    );
    step(`transactions ${offset + n} / ${transactions}`);
  }

  await client.query(
    `insert into transaction_billing (transaction_pk, tenant_pk, charge_box_pk, start_timestamp, currency, has_payment, priceless,
                                      energy_wh, duration_seconds, start_fee, energy_amount, operational_fee, voucher_discount, tax,
                                      total, cost, tariff)
     select t.transaction_pk, t.tenant_pk, t.charge_box_pk, t.start_timestamp, tn.currency, cb.has_payment, not cb.has_payment, t.energy_wh,
            extract(epoch from t.stop_timestamp - t.start_timestamp)::int,
            cb.money_per_transaction_income, t.energy_wh * cb.money_per_kilowatt_income / 1000, 0, 0, 0,
            case when cb.has_payment then cb.money_per_transaction_income + t.energy_wh * cb.money_per_kilowatt_income / 1000 else 0 end,
            t.energy_wh * cb.money_per_kilowatt_cost / 1000, '{}'::jsonb
       from transactions t join charge_boxes cb using (charge_box_pk) join tenants tn on tn.tenant_pk = t.tenant_pk
      where t.stop_timestamp is not null and t.start_key like 'bench-%'
        and (t.transaction_pk % 100 <> 0 or t.stop_timestamp < now() - interval '1 hour')`,
  );
  // The rest waits in the billing queue, as right after their stop: 1 % of the last hour's stops. (A
  // queue of every thousandth stop over two years is a billing module down for two years: the app's
  // billing job drained it while the benches ran, and the money figures moved with it.)
  await client.query(
    `insert into billing_queue (transaction_pk)
     select t.transaction_pk from transactions t
      where t.stop_timestamp is not null and t.start_key like 'bench-%' and t.transaction_pk % 100 = 0
        and t.stop_timestamp >= now() - interval '1 hour'`,
  );
  step("transaction_billing for the finished transactions, 1 % of the last hour's in the billing queue");
  await client.query('commit');
  await client.query(`set session_replication_role = origin`);
  // The bulk load bypassed the triggers that keep the dashboard roll-ups (0007_stats_rollups.sql): rebuild them.
  await client.query('select stats_rollups_rebuild()');
  step('dashboard roll-ups rebuilt (stats_rollups_rebuild)');
  await client.query('vacuum analyze');
  step('vacuum analyze');
} catch (err) {
  await client.query('rollback').catch(() => undefined);
  console.error(`seeding failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.end();
}
