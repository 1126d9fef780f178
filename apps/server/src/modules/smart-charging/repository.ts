import { sql } from 'kysely';
import type { SmartChargingEventKind, SmartChargingTuning } from '@recarga/contracts/smart-charging';
import type { Executor } from '../../db/db';
import type { SmartChargingCommandStatus } from '../../db/schema-smart-charging';
import { hasConfigTec } from '../../db/sql/has-config-tec';
import { onlineExpression } from '../../ocpp/connections';

/** SQL of smart charging. Statements reached from a request take the tenant keys the caller may touch. */

const dateText = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;

function records(db: Executor) {
  return db
    .selectFrom('smart_charging as s')
    .leftJoin('meters as m', 'm.meter_pk', 's.meter_pk')
    .select([
      's.smart_charging_pk',
      's.tenant_pk',
      's.virtual_group_pk',
      's.enabled',
      dateText('s.start_date').as('start_date'),
      dateText('s.end_date').as('end_date'),
      's.current_nominal_a',
      's.modulation',
      's.meter_pk',
      'm.device_remote_id as meter_device_remote_id',
      's.meter_in_circuit',
      's.dead_band_a',
      's.dwell_s',
      's.max_profiles_per_min',
      's.follow_s',
      's.building_worst_a',
      's.min_per_charger_a',
    ]);
}
export type RecordRow = Awaited<ReturnType<ReturnType<typeof records>['executeTakeFirstOrThrow']>>;

export function recordInScope(db: Executor, tenantPks: number[], pk: number) {
  return records(db).where('s.smart_charging_pk', '=', pk).where('s.tenant_pk', 'in', tenantPks).executeTakeFirst();
}

export function recordOfGroup(db: Executor, groupPk: number) {
  return records(db).where('s.virtual_group_pk', '=', groupPk).executeTakeFirst();
}

export function recordsOfGroups(db: Executor, groupPks: number[]) {
  if (groupPks.length === 0) return Promise.resolve([]);
  return records(db).where('s.virtual_group_pk', 'in', groupPks).execute();
}

export interface RecordValues {
  enabled: boolean;
  startDate: string | null;
  endDate: string | null;
  breakerA: number | null;
  meterPk: number | null;
  meterInCircuit: boolean;
  /** The tuning fields given (absent ones: the default on insert, kept on update). */
  tuning?: Partial<SmartChargingTuning>;
}

/** The tuning columns of the fields given. */
function tuningColumns(t: Partial<SmartChargingTuning> | undefined) {
  const out: {
    dead_band_a?: number;
    dwell_s?: number;
    max_profiles_per_min?: number;
    follow_s?: number;
    building_worst_a?: number | null;
    min_per_charger_a?: number;
  } = {};
  if (!t) return out;
  if (t.dead_band_a !== undefined) out.dead_band_a = t.dead_band_a;
  if (t.dwell_s !== undefined) out.dwell_s = t.dwell_s;
  if (t.max_profiles_per_min !== undefined) out.max_profiles_per_min = t.max_profiles_per_min;
  if (t.follow_s !== undefined) out.follow_s = t.follow_s;
  if (t.building_worst_a !== undefined) out.building_worst_a = t.building_worst_a;
  if (t.min_per_charger_a !== undefined) out.min_per_charger_a = t.min_per_charger_a;
  return out;
}

export async function insertRecord(db: Executor, r: RecordValues & { tenantPk: number; groupPk: number | null }) {
  const row = await db
    .insertInto('smart_charging')
    .values({
      tenant_pk: r.tenantPk,
      virtual_group_pk: r.groupPk,
      enabled: r.enabled,
      start_date: r.startDate,
      end_date: r.endDate,
      current_nominal_a: r.breakerA,
      meter_pk: r.meterPk,
      meter_in_circuit: r.meterInCircuit,
      ...tuningColumns(r.tuning),
    })
    .returning('smart_charging_pk')
    .executeTakeFirstOrThrow();
  return row.smart_charging_pk;
}

export async function updateRecord(db: Executor, pk: number, r: RecordValues) {
  await db
    .updateTable('smart_charging')
    .set({
      enabled: r.enabled,
      start_date: r.startDate,
      end_date: r.endDate,
      current_nominal_a: r.breakerA,
      meter_pk: r.meterPk,
      meter_in_circuit: r.meterInCircuit,
      ...tuningColumns(r.tuning),
      updated_at: new Date(),
    })
    .where('smart_charging_pk', '=', pk)
    .execute();
}

/** Links a record to a group (and moves it to the group's network). False when another record holds the group. */
export async function linkRecord(db: Executor, pk: number, group: { groupPk: number; tenantPk: number }, enabled: boolean) {
  const taken = await db
    .selectFrom('smart_charging')
    .select('smart_charging_pk')
    .where('virtual_group_pk', '=', group.groupPk)
    .where('smart_charging_pk', '<>', pk)
    .executeTakeFirst();
  if (taken) return false;
  await db
    .updateTable('smart_charging')
    .set({ virtual_group_pk: group.groupPk, tenant_pk: group.tenantPk, enabled, updated_at: new Date() })
    .where('smart_charging_pk', '=', pk)
    .execute();
  return true;
}

/** A group of these tenants, with its network's path. */
export function groupInScope(db: Executor, tenantPks: number[], groupPk: number) {
  return db
    .selectFrom('virtual_groups as g')
    .innerJoin('tenants as t', 't.tenant_pk', 'g.tenant_pk')
    .select(['g.virtual_group_pk', 'g.tenant_pk', 't.path as tenant_path'])
    .where('g.virtual_group_pk', '=', groupPk)
    .where('g.tenant_pk', 'in', tenantPks)
    .executeTakeFirst();
}

/** A meter of these tenants by its remote id, with the record that uses it (if any). */
export function meterInScope(db: Executor, tenantPks: number[], deviceRemoteId: string) {
  return db
    .selectFrom('meters as m')
    .leftJoin('smart_charging as s', 's.meter_pk', 'm.meter_pk')
    .select(['m.meter_pk', 'm.device_remote_id', 's.smart_charging_pk as held_by'])
    .where('m.device_remote_id', '=', deviceRemoteId)
    .where('m.tenant_pk', 'in', tenantPks)
    .executeTakeFirst();
}

/** What smart charging needs to know of chargers: whether they have advanced settings and speak 1.6. */
export function chargerFacts(db: Executor, tenantPks: number[], chargeBoxPks: number[]) {
  if (chargeBoxPks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('charge_boxes as cb')
    .select(['cb.charge_box_pk', 'cb.charge_box_id', hasConfigTec.as('has_config_tec'), 'cb.ocpp_protocol'])
    .where('cb.charge_box_pk', 'in', chargeBoxPks)
    .where('cb.tenant_pk', 'in', tenantPks)
    .where('cb.deleted_at', 'is', null)
    .execute();
}

export async function groupChargerPks(db: Executor, groupPk: number): Promise<number[]> {
  const rows = await db.selectFrom('virtual_group_charge_boxes').select('charge_box_pk').where('virtual_group_pk', '=', groupPk).execute();
  return rows.map((r) => r.charge_box_pk);
}

// ——— the control loop (no request: it sees every network) ———

/** Enabled records linked to a group, with their network's zone settings. */
export function enabledRecords(db: Executor) {
  return db
    .selectFrom('smart_charging as s')
    .innerJoin('virtual_groups as g', 'g.virtual_group_pk', 's.virtual_group_pk')
    .innerJoin('tenants as t', 't.tenant_pk', 'g.tenant_pk')
    .select([
      's.smart_charging_pk',
      'g.virtual_group_pk',
      'g.tenant_pk',
      dateText('s.start_date').as('start_date'),
      dateText('s.end_date').as('end_date'),
      's.current_nominal_a',
      's.meter_pk',
      's.meter_in_circuit',
      's.dead_band_a',
      's.dwell_s',
      's.max_profiles_per_min',
      's.follow_s',
      's.building_worst_a',
      's.min_per_charger_a',
      't.country',
      't.time_zone',
    ])
    .where('s.enabled', '=', true)
    .orderBy('s.virtual_group_pk')
    .execute();
}

/** The group's stations with what the planner needs of them. */
export function groupStations(db: Executor, groupPk: number, pingIntervalSec: number) {
  return db
    .selectFrom('virtual_group_charge_boxes as m')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'm.charge_box_pk')
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.tenant_pk',
      'cb.system',
      'cb.phase',
      'cb.voltage',
      'cb.ocpp_protocol',
      onlineExpression(sql.ref('cb.charge_box_pk'), pingIntervalSec).as('online'),
    ])
    .where('m.virtual_group_pk', '=', groupPk)
    .where('cb.deleted_at', 'is', null)
    .orderBy('cb.charge_box_pk')
    .execute();
}

/** A session as the planner reads it: the recharge `x`, its connector `c` and the limit sent `ss`. */
const SESSION_COLUMNS = [
  'x.transaction_pk',
  'x.charge_box_pk',
  'c.connector_id',
  'c.power_max',
  'x.start_timestamp',
  'ss.limit_a',
  'ss.status',
  'ss.failures',
  'ss.retry_at',
  'ss.updated_at as limit_since',
  'ss.previous_limit_a',
  'ss.limit_changed_at',
  'ss.follow_ms',
] as const;

/** Running recharges at the group's stations, with their connector's power and the last limit sent. */
export function openSessions(db: Executor, groupPk: number) {
  return db
    .selectFrom('transactions as x')
    .innerJoin('virtual_group_charge_boxes as m', 'm.charge_box_pk', 'x.charge_box_pk')
    .innerJoin('connectors as c', 'c.connector_pk', 'x.connector_pk')
    .leftJoin('smart_charging_sessions as ss', 'ss.transaction_pk', 'x.transaction_pk')
    .select(SESSION_COLUMNS)
    .where('m.virtual_group_pk', '=', groupPk)
    .where('x.stop_timestamp', 'is', null)
    .where('x.id_tag_status', '=', 'Accepted')
    .orderBy('x.start_timestamp')
    .execute();
}

/** The latest Current.Import per session and phase, sampled since `since` (and not after `until`, when given). */
export function currentSamples(db: Executor, transactionPks: number[], since: Date, until?: Date) {
  if (transactionPks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('meter_values')
    .select(['transaction_pk', 'phase', 'value', 'value_timestamp'])
    .distinctOn(['transaction_pk', sql`coalesce(phase, '')`])
    .where('transaction_pk', 'in', transactionPks)
    .where('measurand', '=', 'Current.Import')
    .where('value_timestamp', '>', since)
    .$if(until !== undefined, (q) => q.where('value_timestamp', '<=', until!))
    .where('value', 'is not', null)
    .orderBy('transaction_pk')
    .orderBy(sql`coalesce(phase, '')`)
    .orderBy('value_timestamp', 'desc')
    .execute();
}

export async function saveSession(
  db: Executor,
  s: {
    transactionPk: number;
    groupPk: number;
    chargeBoxPk: number;
    connectorId: number;
    limitA: number;
    status: SmartChargingCommandStatus;
    failures: number;
    retryAt: Date | null;
    taskPk: number | null;
    /** The loop's clock. */
    at: Date;
  },
) {
  const values = {
    limit_a: s.limitA,
    status: s.status,
    failures: s.failures,
    retry_at: s.retryAt,
    task_pk: s.taskPk,
    updated_at: s.at,
  };
  await db
    .insertInto('smart_charging_sessions')
    .values({
      transaction_pk: s.transactionPk,
      virtual_group_pk: s.groupPk,
      charge_box_pk: s.chargeBoxPk,
      connector_id: s.connectorId,
      ...values,
      limit_changed_at: s.at,
    })
    .onConflict((oc) =>
      oc.column('transaction_pk').doUpdateSet({
        ...values,
        virtual_group_pk: s.groupPk,
        // The limit before this one, when this one changes it (updated_at then dates the change).
        previous_limit_a: sql<
          number | null
        >`case when excluded.limit_a <> smart_charging_sessions.limit_a then smart_charging_sessions.limit_a else smart_charging_sessions.previous_limit_a end`,
        // When the limit changed, on the loop's clock (a resend of the same limit does not move it).
        limit_changed_at: sql<Date>`case when excluded.limit_a <> smart_charging_sessions.limit_a or smart_charging_sessions.limit_changed_at is null then excluded.limit_changed_at else smart_charging_sessions.limit_changed_at end`,
      }),
    )
    .execute();
}

/**
 * The rows (`alias`: a table with virtual_group_pk and charge_box_pk) the load manager no longer
 * manages: no group, a group it does not plan now (`controlled`), or a station out of its group.
 */
function unmanaged(alias: 'ss' | 'd', controlled: number[]) {
  const group = sql.ref(`${alias}.virtual_group_pk`);
  const station = sql.ref(`${alias}.charge_box_pk`);
  return sql<boolean>`(${group} is null or not (${group} = any(${controlled}::int[])) or not exists (
    select 1 from virtual_group_charge_boxes m where m.virtual_group_pk = ${group} and m.charge_box_pk = ${station}))`;
}

/**
 * Sessions the load manager set a limit on that it no longer controls: their group's record is
 * off, out of its dates or gone, or their station left the group (`controlled`: the groups it
 * plans now). With whether the recharge still runs and the station to address.
 */
export function releasedSessions(db: Executor, controlled: number[]) {
  return db
    .selectFrom('smart_charging_sessions as ss')
    .innerJoin('transactions as x', 'x.transaction_pk', 'ss.transaction_pk')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'ss.charge_box_pk')
    .select([
      'ss.transaction_pk',
      'ss.virtual_group_pk',
      'ss.connector_id',
      'ss.failures',
      'ss.retry_at',
      'x.stop_timestamp',
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.tenant_pk',
    ])
    .where(unmanaged('ss', controlled))
    .orderBy('ss.transaction_pk')
    .limit(500)
    .execute();
}

/** What the loop learned of how long a car takes to follow a limit (ms). */
export async function saveFollow(db: Executor, transactionPk: number, followMs: number) {
  await db.updateTable('smart_charging_sessions').set({ follow_ms: followMs }).where('transaction_pk', '=', transactionPk).execute();
}

export async function forgetSession(db: Executor, transactionPk: number) {
  await db.deleteFrom('smart_charging_sessions').where('transaction_pk', '=', transactionPk).execute();
}

export async function deferRelease(db: Executor, transactionPk: number, failures: number, retryAt: Date) {
  await db
    .updateTable('smart_charging_sessions')
    .set({ failures, retry_at: retryAt, status: 'FAILED', updated_at: new Date() })
    .where('transaction_pk', '=', transactionPk)
    .execute();
}

/**
 * Recharges of the group that stopped after `after` (a meter reading's time, less what the clocks
 * may differ) and that the load manager had limited, with the same columns as openSessions and the
 * stop time: their current is in that reading, or may be.
 */
export function endedSessions(db: Executor, groupPk: number, after: Date) {
  return db
    .selectFrom('smart_charging_sessions as ss')
    .innerJoin('transactions as x', 'x.transaction_pk', 'ss.transaction_pk')
    .innerJoin('connectors as c', 'c.connector_pk', 'x.connector_pk')
    .select([...SESSION_COLUMNS, 'x.stop_timestamp'])
    .where('ss.virtual_group_pk', '=', groupPk)
    .where('x.stop_timestamp', '>', after)
    .where('x.start_timestamp', '<=', after)
    .orderBy('x.start_timestamp')
    .execute();
}

/**
 * Forgets the sessions of the group that are no longer running — except, with `keepStoppedAfter`
 * (the time of the meter reading the load manager plans on, less what the clocks may differ), those
 * that stopped after it: their current is in that reading, or may be (endedSessions).
 */
export async function forgetSessions(db: Executor, groupPk: number, runningPks: number[], keepStoppedAfter: Date | null = null) {
  // A session of a station that left the group is released first (releasedSessions), not forgotten here.
  let q = db
    .deleteFrom('smart_charging_sessions')
    .where('virtual_group_pk', '=', groupPk)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('virtual_group_charge_boxes as m')
          .select('m.charge_box_pk')
          .whereRef('m.virtual_group_pk', '=', 'smart_charging_sessions.virtual_group_pk')
          .whereRef('m.charge_box_pk', '=', 'smart_charging_sessions.charge_box_pk'),
      ),
    );
  if (runningPks.length) q = q.where('transaction_pk', 'not in', runningPks);
  if (keepStoppedAfter)
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('transactions as x')
            .select('x.transaction_pk')
            .whereRef('x.transaction_pk', '=', 'smart_charging_sessions.transaction_pk')
            .where('x.stop_timestamp', '>', keepStoppedAfter),
        ),
      ),
    );
  await q.execute();
}

export function stateOf(db: Executor, groupPk: number) {
  return db.selectFrom('smart_charging_state').selectAll().where('virtual_group_pk', '=', groupPk).executeTakeFirst();
}

export async function saveState(
  db: Executor,
  groupPk: number,
  s: { meterOnline: boolean | null; failsafe: boolean; breached: boolean; plan: unknown; plannedAt: Date; estimator: unknown },
) {
  const values = {
    estimator: JSON.stringify(s.estimator),
    meter_online: s.meterOnline,
    failsafe: s.failsafe,
    breached: s.breached,
    plan: JSON.stringify(s.plan),
    planned_at: s.plannedAt,
  };
  await db
    .insertInto('smart_charging_state')
    .values({ virtual_group_pk: groupPk, ...values })
    .onConflict((oc) => oc.column('virtual_group_pk').doUpdateSet(values))
    .execute();
}

export async function insertEvents(
  db: Executor,
  events: { groupPk: number; at: Date; kind: SmartChargingEventKind; chargeBoxPk?: number | null; detail: unknown }[],
) {
  if (events.length === 0) return;
  await db
    .insertInto('smart_charging_events')
    .values(
      events.map((e) => ({
        virtual_group_pk: e.groupPk,
        at: e.at,
        kind: e.kind,
        charge_box_pk: e.chargeBoxPk ?? null,
        detail: JSON.stringify(e.detail),
      })),
    )
    .execute();
}

// ——— the stations' default profiles ———

/** The default profiles the load manager keeps on these stations. */
export function stationDefaults(db: Executor, chargeBoxPks: number[]) {
  if (chargeBoxPks.length === 0) return Promise.resolve([]);
  return db.selectFrom('smart_charging_station_defaults').selectAll().where('charge_box_pk', 'in', chargeBoxPks).execute();
}

export async function saveStationDefault(
  db: Executor,
  d: {
    chargeBoxPk: number;
    groupPk: number;
    limitA: number;
    status: 'ACCEPTED' | 'REJECTED' | 'FAILED';
    failures: number;
    retryAt: Date | null;
    at: Date;
  },
) {
  const values = {
    virtual_group_pk: d.groupPk,
    limit_a: d.limitA,
    status: d.status,
    failures: d.failures,
    retry_at: d.retryAt,
    updated_at: d.at,
  };
  await db
    .insertInto('smart_charging_station_defaults')
    .values({ charge_box_pk: d.chargeBoxPk, ...values })
    .onConflict((oc) => oc.column('charge_box_pk').doUpdateSet(values))
    .execute();
}

/**
 * Stations holding the load manager's default profile that it no longer manages: their group's
 * load manager is off, out of its dates or gone, or they left the group. With the station to address.
 */
export function releasedDefaults(db: Executor, controlled: number[]) {
  return db
    .selectFrom('smart_charging_station_defaults as d')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'd.charge_box_pk')
    .select(['d.charge_box_pk', 'd.status', 'd.failures', 'd.retry_at', 'cb.charge_box_id', 'cb.tenant_pk'])
    .where(unmanaged('d', controlled))
    .orderBy('d.charge_box_pk')
    .limit(500)
    .execute();
}

export async function forgetStationDefault(db: Executor, chargeBoxPk: number) {
  await db.deleteFrom('smart_charging_station_defaults').where('charge_box_pk', '=', chargeBoxPk).execute();
}

export async function deferDefaultRelease(db: Executor, chargeBoxPk: number, failures: number, retryAt: Date) {
  await db
    .updateTable('smart_charging_station_defaults')
    .set({ failures, retry_at: retryAt, status: 'RELEASING', updated_at: new Date() })
    .where('charge_box_pk', '=', chargeBoxPk)
    .execute();
}
