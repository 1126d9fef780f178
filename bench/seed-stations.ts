/**
 * Registers the benchmark's stations in Recarga's PostgreSQL database, so the central system
 * accepts them: charge_boxes BENCH-000001..N with connectors 0..C, and one id tag per station
 * (BENCHTAG-000001..N, allowed one open transaction per connector). Idempotent; --remove deletes
 * them again together with their transactions and meter values.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/recarga npx tsx bench/seed-stations.ts --stations 1000
 *
 * Plain SQL against the tables of apps/server/src/db/migrations/0002_ocpp.sql; the server must
 * have started once against the database (it runs the migrations; DEMO=true creates the tenants).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { fleetIds } from '@recarga/simulator/fleet';

const USAGE = `Seed benchmark stations

  DATABASE_URL=postgres://... npx tsx bench/seed-stations.ts [options]

  --stations <n>        how many (default 1000, at most 100000)
  --prefix <text>       charge box ids <prefix>000001... (default BENCH-)
  --tag-prefix <text>   id tags <tag-prefix>000001... (default BENCHTAG-); --no-tags to skip
  --no-tags             do not create id tags (the bench's --mode aligned needs none)
  --connectors <n>      connectors per station, besides connector 0 (default 2)
  --tenant <pk>         owning tenant (default: the first top-level tenant)
  --remove              delete every station and tag with these prefixes (and their transactions)
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
        stations: { type: 'string', default: '1000' },
        prefix: { type: 'string', default: 'BENCH-' },
        'tag-prefix': { type: 'string', default: 'BENCHTAG-' },
        'no-tags': { type: 'boolean', default: false },
        connectors: { type: 'string', default: '2' },
        tenant: { type: 'string' },
        remove: { type: 'boolean', default: false },
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

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) fail('DATABASE_URL must be set to a postgres:// URL');
const stations = Number(values.stations);
const connectors = Number(values.connectors);
if (!Number.isInteger(stations) || stations < 1 || stations > 100_000) fail('--stations must be an integer between 1 and 100000');
if (!Number.isInteger(connectors) || connectors < 1 || connectors > 10) fail('--connectors must be an integer between 1 and 10');
if (!/^[A-Za-z0-9._-]{1,20}$/.test(values.prefix)) fail('--prefix may only use letters, digits, ".", "_" and "-"');
const tagPrefix = values['tag-prefix'];
if (tagPrefix.length + 6 > 20) fail('--tag-prefix is too long: an id tag has at most 20 characters');
/** LIKE pattern matching exactly the ids this script generates. */
const likeOf = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
try {
  if (values.remove) {
    await client.query('begin');
    const boxes = await client.query<{ charge_box_pk: number }>(`select charge_box_pk from charge_boxes where charge_box_id like $1`, [
      likeOf(values.prefix),
    ]);
    const pks = boxes.rows.map((r) => r.charge_box_pk);
    // transactions reference charge_boxes and connectors without cascade; meter values cascade from them.
    const tx = await client.query(`delete from transactions where charge_box_pk = any($1::int[])`, [pks]);
    const cb = await client.query(`delete from charge_boxes where charge_box_pk = any($1::int[])`, [pks]);
    const tags = values['no-tags']
      ? { rowCount: 0 }
      : await client.query(`delete from ocpp_tags where id_tag like $1`, [likeOf(tagPrefix)]);
    await client.query('commit');
    console.log(`removed ${cb.rowCount} stations (with ${tx.rowCount} transactions) and ${tags.rowCount} tags`);
  } else {
    const tenant = values.tenant
      ? await client.query<{ tenant_pk: number }>(`select tenant_pk from tenants where tenant_pk = $1`, [Number(values.tenant)])
      : await client.query<{ tenant_pk: number }>(
          `select tenant_pk from tenants where parent_tenant_pk is null order by tenant_pk limit 1`,
        );
    const tenantPk = tenant.rows[0]?.tenant_pk;
    if (tenantPk === undefined) {
      fail(
        values.tenant
          ? `no tenant ${values.tenant}`
          : 'no tenant yet: start the server once against this database with DEMO=true (it migrates and creates the demo tenants), or pass --tenant',
      );
    }
    const ids = fleetIds(stations, values.prefix);
    await client.query('begin');
    const inserted = await client.query(
      `insert into charge_boxes (charge_box_id, tenant_pk, description)
       select id, $2, 'Benchmark station (bench/seed-stations.ts)' from unnest($1::text[]) as id
       on conflict (charge_box_id) where deleted_at is null do nothing`,
      [ids, tenantPk],
    );
    const conn = await client.query(
      `insert into connectors (charge_box_pk, connector_id)
       select cb.charge_box_pk, n from charge_boxes cb cross join generate_series(0, $2::int) as n
       where cb.charge_box_id = any($1::text[]) and cb.deleted_at is null
       on conflict (charge_box_pk, connector_id) do nothing`,
      [ids, connectors],
    );
    let tagCount = 0;
    if (!values['no-tags']) {
      const tags = await client.query(
        `insert into ocpp_tags (tenant_pk, id_tag, note, max_active_transaction_count)
         select $2, tag, 'Benchmark tag (bench/seed-stations.ts)', $3 from unnest($1::text[]) as tag
         on conflict ((lower(id_tag))) do update set tenant_pk = excluded.tenant_pk, max_active_transaction_count = excluded.max_active_transaction_count,
           inactive = false, expiry_date = null`,
        [fleetIds(stations, tagPrefix), tenantPk, connectors],
      );
      tagCount = tags.rowCount ?? 0;
    }
    await client.query('commit');
    console.log(
      `tenant ${tenantPk}: ${inserted.rowCount} new stations (${ids[0]}..${ids[ids.length - 1]}), ` +
        `${conn.rowCount} new connectors, ${tagCount} tags ready (${tagPrefix}...)`,
    );
  }
} catch (err) {
  await client.query('rollback').catch(() => undefined);
  console.error(`seeding failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.end();
}
