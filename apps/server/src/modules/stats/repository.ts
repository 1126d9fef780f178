import { sql, type Kysely } from 'kysely';
import { gridFactorFor } from '@recarga/contracts/stats';
import { ownedStation } from '../../db/sql/owned-stations';
import type { DB } from '../../db/db';
import { onlineSince } from '../../ocpp/connections';
import { transactionEnergyWh } from '../../db/sql/energy';
import { recordedCostSql, recordedIncomeSql } from './money-sql';
import { DAY_MS, HOUR_MS, USERS_ROLLUP_MIN_DAYS, rowsOutsideRollup, serialSql, splitPeriod, type Split } from '../../db/sql/rollups';
import { connectorBusySql, connectorGroupSql } from './status-sql';

/**
 * SQL of the home dashboard. Every statement takes the list of tenants in scope (never a
 * default); the figures are aggregated in the database, rows never travel to Node.
 */

export interface Period {
  from: Date;
  /** Exclusive. */
  to: Date;
}

/**
 * Instants of a period given as local dates or date-times in a time zone. A bare date starts at
 * 00:00 (from) or ends after 23:59:59.999 (to); a `to` with seconds covers that whole second;
 * values with `Z` or an offset are instants. Missing values default to the last `defaultDays` local
 * days up to the end of today (`now`'s local date).
 */
export async function resolvePeriod(
  db: Kysely<DB>,
  fromDate: string | undefined,
  toDate: string | undefined,
  timeZone: string,
  defaultDays: number,
  now: Date = new Date(),
): Promise<Period & { minDate: Date }> {
  const local = (v: string) => v.replace('T', ' ');
  const hasZone = (v: string) => /(Z|[+-]\d{2}:?\d{2})$/.test(v) && v.length > 10;
  // Today comes from the application's clock (tests freeze it), not the database's now().
  const today = sql`(${now}::timestamptz at time zone ${timeZone})::date`;
  const from =
    fromDate === undefined
      ? sql`((${today} - ${defaultDays - 1}::int)::timestamp at time zone ${timeZone})`
      : hasZone(fromDate)
        ? sql`${fromDate}::timestamptz`
        : sql`(${local(fromDate)}::timestamp at time zone ${timeZone})`;
  const to =
    toDate === undefined
      ? sql`((${today} + 1)::timestamp at time zone ${timeZone})`
      : /^\d{4}-\d{2}-\d{2}$/.test(toDate)
        ? sql`((${toDate}::date + 1)::timestamp at time zone ${timeZone})`
        : hasZone(toDate)
          ? sql`(${toDate}::timestamptz + ${sql.lit(endPadding(toDate))}::interval)`
          : sql`((${local(toDate)}::timestamp + ${sql.lit(endPadding(toDate))}::interval) at time zone ${timeZone})`;
  const row = await sql<{
    f: Date;
    t: Date;
    m: Date;
  }>`select ${from} as f, ${to} as t, ('2010-01-01'::timestamp at time zone ${timeZone}) as m`.execute(db);
  const r = row.rows[0]!;
  return { from: new Date(r.f), to: new Date(r.t), minDate: new Date(r.m) };
}

/** An inclusive end with minute, second or millisecond precision becomes exclusive by one unit. */
function endPadding(v: string): string {
  const time = /[ T](\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)/.exec(v)?.[1] ?? '';
  if (time.includes('.')) return '1 millisecond';
  if (time.length === 8) return '1 second';
  return '1 minute';
}

/** Stations of the scope (origin MOVE, not deleted) by status group, now. */
export async function stationStatusCounts(db: Kysely<DB>, scope: StatsScope, pingIntervalSec: number) {
  const tenantPks = scope.tenantPks;
  // A station takes the first group any of its connectors has in busy > available > maintenance >
  // unavailable: the smallest rank, one aggregate per station.
  const res = await sql<{ grp: string; n: number }>`
    select (array['charging', 'available', 'maintenance', 'unavailable'])[rank] as grp, count(*) as n from (
      select cb.charge_box_pk,
             min(case x.cg when 'busy' then 1 when 'available' then 2 when 'maintenance' then 3 else 4 end) as rank
        from charge_boxes cb
        left join station_connections sc on sc.charge_box_pk = cb.charge_box_pk and sc.last_seen_at > ${onlineSince(pingIntervalSec)}
        left join connectors c on c.charge_box_pk = cb.charge_box_pk and c.connector_id > 0
        cross join lateral (select ${connectorGroupSql(sql<boolean>`(sc.charge_box_pk is not null)`)} as cg) x
       where cb.tenant_pk in (${sql.join(tenantPks)}) and cb.deleted_at is null and cb.origin = 'MOVE'
         and ${ownedStation(scope, 'cb.charge_box_pk')}
       group by cb.charge_box_pk
    ) s group by rank`.execute(db);
  const counts = { total: 0, charging: 0, available: 0, unavailable: 0, maintenance: 0 };
  for (const r of res.rows) {
    counts[r.grp as 'charging' | 'available' | 'unavailable' | 'maintenance'] = Number(r.n);
    counts.total += Number(r.n);
  }
  return counts;
}

/**
 * Users of the scope registered before `to`: all of them and the drivers. A station owner's users
 * are those on the access lists of the stations they own.
 */
export async function userCounts(db: Kysely<DB>, scope: StatsScope, to: Date) {
  const tenants = sql.join(scope.tenantPks);
  // A station owner's users are read from the rows; a tenant scope's from the users created per day
  // (0033_user_counts_daily.sql) before the UTC day of `to`, plus those of that day created before it.
  const row =
    scope.ownerUserPk != null
      ? await sql<{ total: number; drivers: number }>`
          select count(*) as total, count(*) filter (where u.role_label = 'driver') as drivers
            from users u
           where u.tenant_pk in (${tenants}) and u.created_at < ${to}
             and exists (select 1 from station_user_bindings ub where ub.user_pk = u.user_pk and ${ownedStation(scope, 'ub.charge_box_pk')})`.execute(
          db,
        )
      : await sql<{ total: number; drivers: number }>`
          with day as (select date_trunc('day', ${to}::timestamptz at time zone 'UTC') as start)
          select d.total + r.total as total, d.drivers + r.drivers as drivers
            from (select coalesce(sum(c.users), 0) as total, coalesce(sum(c.drivers), 0) as drivers
                    from user_counts_daily c, day
                   where c.tenant_pk in (${tenants}) and c.day < day.start::date) d,
                 (select count(*) as total, count(*) filter (where u.role_label = 'driver') as drivers
                    from users u, day
                   where u.tenant_pk in (${tenants}) and u.created_at >= (day.start at time zone 'UTC')
                     and u.created_at < ${to}) r`.execute(db);
  return { totalUsers: Number(row.rows[0]?.total ?? 0), usersRegistered: Number(row.rows[0]?.drivers ?? 0) };
}

/**
 * Distinct users with an open recharge on a connector that reports a busy status, at stations of
 * the scope. Driven by the busy connectors (few), then their open recharge (partial index
 * transactions_open_idx), so old recharges whose stop was lost do not count nor cost.
 */
export async function usersCharging(db: Kysely<DB>, scope: StatsScope): Promise<number> {
  const tenantPks = scope.tenantPks;
  const row = await sql<{ n: number }>`
    select count(distinct t.user_pk) as n
      from charge_boxes cb
      join connectors c on c.charge_box_pk = cb.charge_box_pk
      join transactions t on t.connector_pk = c.connector_pk and t.stop_timestamp is null
     where cb.tenant_pk in (${sql.join(tenantPks)}) and cb.deleted_at is null
       and ${ownedStation(scope, 'cb.charge_box_pk')}
       and ${connectorBusySql()}
       and t.tenant_pk in (${sql.join(tenantPks)}) and t.user_pk is not null`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * How a period is read: from the roll-ups for its whole hours and days plus the rows for the rest
 * (db/sql/rollups.ts), or from the rows alone. Both give the same figures; the rows alone are kept
 * for the tests that prove it.
 */
export type ReadMode = 'rollups' | 'rows';

/**
 * A tenant scope: `tenantPk` and `tenantPks`, every tenant whose materialised path starts with
 * its path (itself included) — the shape of the signed-in user's scope. The roll-ups are kept per
 * such scope (scope_pk = tenantPk); the rows are read with `tenant_pk in tenantPks`.
 */
export interface StatsScope {
  tenantPk: number;
  tenantPks: number[];
  /** A station owner's scope: only the stations they own; read from the rows (the roll-ups add up whole tenants). */
  ownerUserPk?: number | null;
}

/**
 * Folds the recharges' roll-up deltas into stats_hourly (0011_stats_hourly_delta.sql): stops add
 * delta rows so they never wait on each other; readers see rows and deltas alike
 * (stats_hourly_all), so folding changes no figure, it keeps the deltas few. Returns the rows written.
 */
export async function foldHourly(db: Kysely<DB>): Promise<number> {
  const res = await sql<{ n: number }>`select stats_hourly_fold() as n`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Recharges started in the period at stations of the scope: count, distinct users, Wh. */
export async function periodSums(db: Kysely<DB>, scope: StatsScope, p: Period, mode: ReadMode = 'rollups') {
  const [sums, users] = await Promise.all([rechargeSums(db, scope, p, mode), usersCharged(db, scope, p, mode)]);
  return { ...sums, usersCharged: users };
}

/** Recharges started in the period at stations of the scope and their Wh. */
async function rechargeSums(db: Kysely<DB>, scope: StatsScope, p: Period, mode: ReadMode) {
  const inScope = sql<boolean>`t.tenant_pk in (${sql.join(scope.tenantPks)}) and ${ownedStation(scope, 't.charge_box_pk')}`;
  if (scope.ownerUserPk != null) mode = 'rows';
  const split: Split = mode === 'rollups' ? splitPeriod(p, HOUR_MS) : { whole: null, edges: [p] };
  const rows = rowsOutsideRollup(sql`${transactionEnergyWh('t')} as wh`, inScope, split);
  const rolled = split.whole
    ? sql`select coalesce(sum(h.recharges), 0) as n, coalesce(sum(h.energy_wh), 0) as wh from stats_hourly_all h
           where h.scope_pk = ${scope.tenantPk} and h.hour >= ${split.whole.from} and h.hour < ${split.whole.to}`
    : sql`select 0 as n, 0 as wh`;
  const row = await sql<{ recharges: number; wh: number }>`
    select r.n + x.n as recharges, r.wh + x.wh as wh
      from (${rolled}) r,
           (select count(*) as n, coalesce(sum(o.wh), 0) as wh from (${rows}) o) x
     where ${serialSql}`.execute(db);
  const r = row.rows[0];
  return { recharges: Number(r?.recharges ?? 0), wh: Number(r?.wh ?? 0) };
}

/**
 * Distinct users with a recharge started in the period at a station of the scope: the users whose
 * UTC days (stats_user_days) overlap the whole days of the period, and those of the recharges of
 * its partial days.
 */
export async function usersCharged(db: Kysely<DB>, scope: StatsScope, p: Period, mode: ReadMode = 'rollups'): Promise<number> {
  const inScope = sql<boolean>`t.tenant_pk in (${sql.join(scope.tenantPks)}) and ${ownedStation(scope, 't.charge_box_pk')}`;
  if (scope.ownerUserPk != null) mode = 'rows';
  // stats_user_days is read whole (one row per user of the scope) whatever the period: a short
  // period has fewer recharges than the scope has users, so it reads the rows instead.
  const long = p.to.getTime() - p.from.getTime() > USERS_ROLLUP_MIN_DAYS * DAY_MS;
  const split: Split = mode === 'rollups' && long ? splitPeriod(p, DAY_MS) : { whole: null, edges: [p] };
  const edges = split.edges.map(
    (e) => sql`select t.user_pk from transactions t
                where ${inScope} and t.start_timestamp >= ${e.from} and t.start_timestamp < ${e.to} and t.user_pk is not null`,
  );
  if (!split.whole) {
    if (edges.length === 0) return 0;
    const row = await sql<{ n: number }>`select count(distinct u.user_pk) as n from (${sql.join(edges, sql` union all `)}) u`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  }
  // One stats_user_days row per user of the scope. The users of the whole days [first, end): those
  // whose last day is on or after the first (an index range, counted without reading the rows), less
  // those of them with no day in the period, who can only be users with a day on or after its end
  // (a short range, read). The users of the partial days are added when not already among them.
  const first = split.whole.from.getTime() / DAY_MS;
  const end = split.whole.to.getTime() / DAY_MS;
  const overlaps = sql<boolean>`d.scope_pk = ${scope.tenantPk} and d.days && int4range(${first}::int, ${end}::int)`;
  const wholeDays = sql`(select count(*) from stats_user_days d where d.scope_pk = ${scope.tenantPk} and d.last_day >= ${first}::int)
    - (select count(*) from stats_user_days d where d.scope_pk = ${scope.tenantPk} and d.last_day >= ${end}::int
         and not d.days && int4range(${first}::int, ${end}::int))`;
  const extra =
    edges.length === 0
      ? sql`0`
      : sql`(select count(distinct e.user_pk) from (${sql.join(edges, sql` union all `)}) e
              where not exists (select 1 from stats_user_days d where d.user_pk = e.user_pk and ${overlaps}))`;
  const row = await sql<{ n: number }>`
    select ${wholeDays} + ${extra} as n where ${serialSql}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * Cost and income of the finished recharges started in the period, per currency: the priced
 * composition of the billing module (transaction_billing: `cost`, and `total` = what the driver
 * pays, idle excluded; its tenant and start are copies of the transaction's, so the period is read
 * from stats_hourly_money for its whole hours and from an index of that table for the rest) and,
 * for a stopped recharge still waiting in the billing queue (it is priced right after the stop),
 * the same rule computed from the station's payment settings (money-sql.ts). Relies on the
 * billing module's rule that a stopped recharge is priced or queued.
 */
export async function moneyByCurrency(db: Kysely<DB>, scope: StatsScope, p: Period, mode: ReadMode = 'rollups') {
  const tenantPks = scope.tenantPks;
  if (scope.ownerUserPk != null) mode = 'rows';
  const split: Split = mode === 'rollups' ? splitPeriod(p, HOUR_MS) : { whole: null, edges: [p] };
  const pricedParts = split.edges.map(
    (e) => sql`select tb.currency as coin, tb.cost, tb.total as income from transaction_billing tb
                where tb.tenant_pk in (${sql.join(tenantPks)}) and ${ownedStation(scope, 'tb.charge_box_pk')}
                  and tb.start_timestamp >= ${e.from} and tb.start_timestamp < ${e.to}`,
  );
  if (split.whole) {
    pricedParts.push(sql`select m.currency as coin, m.cost, m.income from stats_hourly_money m
                          where m.scope_pk = ${scope.tenantPk} and m.hour >= ${split.whole.from} and m.hour < ${split.whole.to}`);
  }
  const [priced, queued] = await Promise.all([
    pricedParts.length === 0
      ? Promise.resolve({ rows: [] as { coin: string; cost: number; income: number }[] })
      : sql<{ coin: string; cost: number; income: number }>`
          select x.coin, sum(x.cost) as cost, sum(x.income) as income from (${sql.join(pricedParts, sql` union all `)}) x
           where ${serialSql}
           group by 1`.execute(db),
    sql<{ coin: string; cost: number; income: number }>`
      select tn.currency as coin, sum(${recordedCostSql()}) as cost, sum(${recordedIncomeSql()}) as income
        from billing_queue bq
        join transactions t on t.transaction_pk = bq.transaction_pk
        join charge_boxes cb on cb.charge_box_pk = t.charge_box_pk
        join connectors c on c.connector_pk = t.connector_pk
        join tenants tn on tn.tenant_pk = t.tenant_pk
       where t.tenant_pk in (${sql.join(tenantPks)}) and ${ownedStation(scope, 't.charge_box_pk')}
         and t.start_timestamp >= ${p.from} and t.start_timestamp < ${p.to}
         and t.stop_timestamp is not null
         and not exists (select 1 from transaction_billing tb where tb.transaction_pk = t.transaction_pk)
       group by 1`.execute(db),
  ]);
  const out = new Map<string, { coin: string; cost: number; income: number }>();
  for (const r of [...priced.rows, ...queued.rows]) {
    const coin = r.coin.trim();
    const prev = out.get(coin) ?? { coin, cost: 0, income: 0 };
    out.set(coin, { coin, cost: prev.cost + Number(r.cost ?? 0), income: prev.income + Number(r.income ?? 0) });
  }
  return [...out.values()].sort((a, b) => a.coin.localeCompare(b.coin));
}

/** Currency and country of a tenant. */
export async function tenantInfo(db: Kysely<DB>, tenantPk: number) {
  return db
    .selectFrom('tenants')
    .select(['currency', 'country', 'path', 'grid_co2_kg_per_kwh'])
    .where('tenant_pk', '=', tenantPk)
    .executeTakeFirstOrThrow();
}

/** The tenant and its ancestors with their api keys, and the scope (tenant pks) of each. */
export async function scopesUpFrom(db: Kysely<DB>, tenantPk: number) {
  const res = await sql<{
    tenant_pk: number;
    api_key: string;
    currency: string;
    country: string;
    grid_co2_kg_per_kwh: number | null;
    scope: number[];
  }>`
    select a.tenant_pk, a.api_key, a.currency, a.country, a.grid_co2_kg_per_kwh,
           (select array_agg(d.tenant_pk order by d.tenant_pk) from tenants d where d.path like a.path || '%') as scope
      from tenants a
     where (select t.path from tenants t where t.tenant_pk = ${tenantPk}) like a.path || '%'`.execute(db);
  return res.rows.map((r) => ({
    tenantPk: r.tenant_pk,
    apiKey: r.api_key,
    currency: r.currency.trim(),
    country: r.country.trim(),
    grid: gridFactorFor(r.country, r.grid_co2_kg_per_kwh === null ? null : Number(r.grid_co2_kg_per_kwh)),
    scope: (r.scope ?? []).map(Number),
  }));
}
