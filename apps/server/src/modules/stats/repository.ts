import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/db';
import { onlineSince } from '../../ocpp/connections';
import { transactionEnergyWh } from '../stations/energy-sql';
import { recordedCostSql, recordedIncomeSql } from './money-sql';
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
 * values with `Z` or an offset are instants. Missing values default to the last 7 local days.
 */
export async function resolvePeriod(
  db: Kysely<DB>,
  fromDate: string | undefined,
  toDate: string | undefined,
  timeZone: string,
  defaultDays: number,
): Promise<Period & { minDate: Date }> {
  const local = (v: string) => v.replace('T', ' ');
  const hasZone = (v: string) => /(Z|[+-]\d{2}:?\d{2})$/.test(v) && v.length > 10;
  const today = sql`(now() at time zone ${timeZone})::date`;
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

/** Start of the current calendar month in a time zone. */
export async function monthStart(db: Kysely<DB>, timeZone: string): Promise<Period> {
  const row = await sql<{ f: Date }>`select date_trunc('month', now(), ${timeZone}) as f`.execute(db);
  return { from: new Date(row.rows[0]!.f), to: new Date(Date.now() + 60_000) };
}

/** Stations of the scope (origin MOVE, not deleted) by status group, now. */
export async function stationStatusCounts(db: Kysely<DB>, tenantPks: number[], pingIntervalSec: number) {
  const res = await sql<{ grp: string; n: number }>`
    select grp, count(*) as n from (
      select cb.charge_box_pk,
             case when bool_or(x.cg = 'busy') then 'charging'
                  when bool_or(x.cg = 'available') then 'available'
                  when bool_or(x.cg = 'maintenance') then 'maintenance'
                  else 'unavailable' end as grp
        from charge_boxes cb
        left join station_connections sc on sc.charge_box_pk = cb.charge_box_pk and sc.last_seen_at > ${onlineSince(pingIntervalSec)}
        left join connectors c on c.charge_box_pk = cb.charge_box_pk and c.connector_id > 0
        cross join lateral (select ${connectorGroupSql(sql<boolean>`(sc.charge_box_pk is not null)`)} as cg) x
       where cb.tenant_pk in (${sql.join(tenantPks)}) and cb.deleted_at is null and cb.origin = 'MOVE'
       group by cb.charge_box_pk
    ) s group by grp`.execute(db);
  const counts = { total: 0, charging: 0, available: 0, unavailable: 0, maintenance: 0 };
  for (const r of res.rows) {
    counts[r.grp as 'charging' | 'available' | 'unavailable' | 'maintenance'] = Number(r.n);
    counts.total += Number(r.n);
  }
  return counts;
}

/** Users of the scope registered before `to`: all of them and the drivers. */
export async function userCounts(db: Kysely<DB>, tenantPks: number[], to: Date) {
  const row = await sql<{ total: number; drivers: number }>`
    select count(*) as total, count(*) filter (where u.role_label = 'driver') as drivers
      from users u
     where u.tenant_pk in (${sql.join(tenantPks)}) and u.created_at < ${to}`.execute(db);
  return { totalUsers: Number(row.rows[0]?.total ?? 0), usersRegistered: Number(row.rows[0]?.drivers ?? 0) };
}

/**
 * Distinct users with an open recharge on a connector that reports a busy status, at stations of
 * the scope. Driven by the busy connectors (few), then their open recharge (partial index
 * transactions_open_idx), so old recharges whose stop was lost do not count nor cost.
 */
export async function usersCharging(db: Kysely<DB>, tenantPks: number[]): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(distinct t.user_pk) as n
      from charge_boxes cb
      join connectors c on c.charge_box_pk = cb.charge_box_pk
      join transactions t on t.connector_pk = c.connector_pk and t.stop_timestamp is null
     where cb.tenant_pk in (${sql.join(tenantPks)}) and cb.deleted_at is null
       and ${connectorBusySql()}
       and t.tenant_pk in (${sql.join(tenantPks)}) and t.user_pk is not null`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Recharges started in the period at stations of the scope: count, distinct users, Wh. */
export async function periodSums(db: Kysely<DB>, tenantPks: number[], p: Period) {
  const row = await sql<{ recharges: number; users: number; wh: number }>`
    select count(*) as recharges, count(distinct t.user_pk) as users, coalesce(sum(${transactionEnergyWh('t')}), 0) as wh
      from transactions t
     where t.tenant_pk in (${sql.join(tenantPks)})
       and t.start_timestamp >= ${p.from} and t.start_timestamp < ${p.to}`.execute(db);
  const r = row.rows[0];
  return { recharges: Number(r?.recharges ?? 0), usersCharged: Number(r?.users ?? 0), wh: Number(r?.wh ?? 0) };
}

/** Distinct users with a recharge started in the period at a station of the scope. */
export async function usersCharged(db: Kysely<DB>, tenantPks: number[], p: Period): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(distinct t.user_pk) as n
      from transactions t
     where t.tenant_pk in (${sql.join(tenantPks)})
       and t.start_timestamp >= ${p.from} and t.start_timestamp < ${p.to}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * Cost and income of the finished recharges started in the period, per currency: the priced
 * composition of the billing module (transaction_billing: `cost`, and `total` = what the driver
 * pays, idle excluded; its tenant and start are copies of the transaction's, so the period is read
 * from an index of that table alone) and, for a stopped recharge still waiting in the billing queue
 * (it is priced right after the stop), the same rule computed from the station's payment settings
 * (money-sql.ts). Relies on the billing module's rule that a stopped recharge is priced or queued.
 */
export async function moneyByCurrency(db: Kysely<DB>, tenantPks: number[], p: Period) {
  const [priced, queued] = await Promise.all([
    sql<{ coin: string; cost: number; income: number }>`
      select tb.currency as coin, sum(tb.cost) as cost, sum(tb.total) as income
        from transaction_billing tb
       where tb.tenant_pk in (${sql.join(tenantPks)})
         and tb.start_timestamp >= ${p.from} and tb.start_timestamp < ${p.to}
       group by 1`.execute(db),
    sql<{ coin: string; cost: number; income: number }>`
      select tn.currency as coin, sum(${recordedCostSql()}) as cost, sum(${recordedIncomeSql()}) as income
        from billing_queue bq
        join transactions t on t.transaction_pk = bq.transaction_pk
        join charge_boxes cb on cb.charge_box_pk = t.charge_box_pk
        join connectors c on c.connector_pk = t.connector_pk
        join tenants tn on tn.tenant_pk = t.tenant_pk
       where t.tenant_pk in (${sql.join(tenantPks)})
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
  return db.selectFrom('tenants').select(['currency', 'country', 'path']).where('tenant_pk', '=', tenantPk).executeTakeFirstOrThrow();
}

/** The tenant and its ancestors with their api keys, and the scope (tenant pks) of each. */
export async function scopesUpFrom(db: Kysely<DB>, tenantPk: number) {
  const res = await sql<{ tenant_pk: number; api_key: string; currency: string; country: string; scope: number[] }>`
    select a.tenant_pk, a.api_key, a.currency, a.country,
           (select array_agg(d.tenant_pk order by d.tenant_pk) from tenants d where d.path like a.path || '%') as scope
      from tenants a
     where (select t.path from tenants t where t.tenant_pk = ${tenantPk}) like a.path || '%'`.execute(db);
  return res.rows.map((r) => ({
    tenantPk: r.tenant_pk,
    apiKey: r.api_key,
    currency: r.currency.trim(),
    country: r.country.trim(),
    scope: (r.scope ?? []).map(Number),
  }));
}
