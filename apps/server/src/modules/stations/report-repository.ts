import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { TenantScope } from '../../platform/auth/context';
import { transactionEnergyWh } from '../../db/sql/energy';
import { filteredStations, type StationFilters } from './repository';

/** [from, to) instants of a report period: dates are whole local days in the time zone (to included). */
export async function periodBounds(db: Executor, from: string, to: string, timeZone: string): Promise<{ from: Date; to: Date }> {
  const bound = (v: string, endOfDay: boolean) =>
    /^\d{4}-\d{2}-\d{2}$/.test(v)
      ? endOfDay
        ? sql`((${v}::date + 1)::timestamp at time zone ${timeZone})`
        : sql`(${v}::date::timestamp at time zone ${timeZone})`
      : sql`${v}::timestamptz`;
  const row = await sql<{ f: Date; t: Date }>`select ${bound(from, false)} as f, ${bound(to, true)} as t`.execute(db);
  return { from: new Date(row.rows[0]!.f), to: new Date(row.rows[0]!.t) };
}

export interface Period {
  from: Date;
  to: Date;
}

/** Stations of the report with their recharges and energy in the period, in list order. */
export function assessmentStations(db: Executor, scope: TenantScope, f: StationFilters, period: Period, pingIntervalSec: number) {
  const inPeriod = sql`t.charge_box_pk = cb.charge_box_pk and t.start_timestamp >= ${period.from} and t.start_timestamp < ${period.to}`;
  return filteredStations(db, scope, f, pingIntervalSec)
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'cb.tenant_pk')
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.description',
      'cb.city',
      'cb.state',
      'tn.name as tenant_name',
      sql<number>`(select count(*) from transactions t where ${inPeriod})`.as('recharges'),
      sql<number>`(select coalesce(sum(${transactionEnergyWh('t')}), 0) from transactions t where ${inPeriod})`.as('energy_wh'),
    ])
    .orderBy('cb.charge_box_id');
}

export type AssessmentStationRow = Awaited<ReturnType<ReturnType<typeof assessmentStations>['execute']>>[number];

export const MAX_TRANSACTIONS_PER_STATION = 10_000;

/** Recharges of one station in the period (at most 10,000, the spec's transaction cap). */
export function stationTransactions(db: Executor, chargeBoxPk: number, period: Period) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('connectors as c', 'c.connector_pk', 't.connector_pk')
    .leftJoin('users as u', 'u.user_pk', 't.user_pk')
    .select([
      't.transaction_pk',
      'c.connector_id',
      't.id_tag',
      sql<string | null>`case when u.user_pk is null then null else trim(u.first_name || ' ' || u.last_name) end`.as('user_name'),
      't.start_timestamp',
      't.stop_timestamp',
      transactionEnergyWh('t').as('energy_wh'),
    ])
    .where('t.charge_box_pk', '=', chargeBoxPk)
    .where('t.start_timestamp', '>=', period.from)
    .where('t.start_timestamp', '<', period.to)
    .orderBy('t.start_timestamp')
    .limit(MAX_TRANSACTIONS_PER_STATION)
    .execute();
}
