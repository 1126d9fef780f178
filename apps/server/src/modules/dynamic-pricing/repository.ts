import { sql } from 'kysely';
import type { Weekday } from '@recarga/contracts/dynamic-pricing';
import type { Executor } from '../../db/db';
import { preparedRows } from '../../db/prepared';
import type { TenantScope } from '../../platform/auth/context';
import type { StoredDetail } from './rules';

/** SQL of dynamic pricing: profiles, their details and versions, and which profile prices a connector. */

/** The chargers a profile prices: members of groups whose pricing is on and names it on a connector. */
const appliedChargers = sql<number>`(
  select count(distinct m.charge_box_pk) from virtual_group_pricing vp
  join virtual_group_charge_boxes m on m.virtual_group_pk = vp.virtual_group_pk
  where vp.enabled and p.pricing_profile_pk in (vp.connector1_profile_pk, vp.connector2_profile_pk, vp.connector3_profile_pk)
)`;

export function listProfiles(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('pricing_profiles as p')
    .select(['p.pricing_profile_pk', 'p.uuid', 'p.name', 'p.tenant_pk', 'p.version', appliedChargers.as('charge_box_count')])
    .where('p.tenant_pk', 'in', scope.tenantPks)
    .orderBy('p.name')
    .orderBy('p.pricing_profile_pk')
    .limit(1000)
    .execute();
}

/** Creates a profile; undefined when the tenant already has one of that name. */
export async function insertProfile(db: Executor, p: { uuid: string; tenantPk: number; name: string }) {
  return db
    .insertInto('pricing_profiles')
    .values({ uuid: p.uuid, tenant_pk: p.tenantPk, name: p.name })
    .onConflict((oc) => oc.expression(sql`tenant_pk, lower(name)`).doNothing())
    .returning(['pricing_profile_pk', 'uuid'])
    .executeTakeFirst();
}

/** A profile of the scope by its uuid, with its tenant's currency and time zone settings. */
export function profileInScope(db: Executor, scope: TenantScope, uuid: string) {
  return db
    .selectFrom('pricing_profiles as p')
    .innerJoin('tenants as t', 't.tenant_pk', 'p.tenant_pk')
    .select(['p.pricing_profile_pk', 'p.uuid', 'p.name', 'p.tenant_pk', 'p.version', 't.currency', 't.country', 't.time_zone'])
    .where('p.uuid', '=', uuid)
    .where('p.tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}

/** Profiles of the scope by pk (a group's pricing names them). */
export function profilesByPk(db: Executor, scope: TenantScope, pks: number[]) {
  if (pks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pricing_profiles')
    .select(['pricing_profile_pk', 'uuid', 'name', 'tenant_pk'])
    .where('pricing_profile_pk', 'in', pks)
    .where('tenant_pk', 'in', scope.tenantPks)
    .execute();
}

export function profilesByUuid(db: Executor, scope: TenantScope, uuids: string[]) {
  if (uuids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pricing_profiles')
    .select(['pricing_profile_pk', 'uuid', 'name', 'tenant_pk'])
    .where('uuid', 'in', uuids)
    .where('tenant_pk', 'in', scope.tenantPks)
    .execute();
}

/** Holds the profile row until the transaction ends: saves of one profile happen one after the other. */
export function lockProfile(db: Executor, profilePk: number) {
  return db
    .selectFrom('pricing_profiles')
    .select(['pricing_profile_pk', 'version'])
    .where('pricing_profile_pk', '=', profilePk)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface DetailRow extends StoredDetail {
  uuid: string;
}

/** The profile's details: weekday rows, windows, exceptions; dates and times as text. */
export function detailsOf(db: Executor, profilePk: number): Promise<DetailRow[]> {
  return db
    .selectFrom('pricing_details')
    .select([
      'uuid',
      'day_of_week',
      'general',
      'exception',
      'active',
      sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
      sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
      sql<string | null>`to_char(start_time, 'HH24:MI')`.as('start_time'),
      sql<string | null>`case when end_time = '24:00' then '24:00' else to_char(end_time, 'HH24:MI') end`.as('end_time'),
      'service_price',
      'kwh_price',
      'duration_price',
      'idle_time_price',
      'reserve_price',
      'operation_fee',
      'taxes',
    ])
    .where('pricing_profile_pk', '=', profilePk)
    .orderBy(sql`exception`)
    .orderBy(sql`array_position(array['MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','SATURDAY','SUNDAY'], day_of_week)`)
    .orderBy(sql`general desc`)
    .orderBy('start_time')
    .orderBy('start_date')
    .execute() as Promise<DetailRow[]>;
}

export interface NewDetail {
  uuid: string;
  dayOfWeek: Weekday | null;
  general: boolean;
  exception: boolean;
  active: boolean;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  servicePrice: number;
  kwhPrice: number | null;
  durationPrice: number | null;
  idleTimePrice: number | null;
  reservePrice: number | null;
  operationFee: number;
  taxes: number;
}

/** The profile's details become exactly these (the form sends the whole list). */
export async function replaceDetails(db: Executor, profilePk: number, details: NewDetail[]) {
  await db.deleteFrom('pricing_details').where('pricing_profile_pk', '=', profilePk).execute();
  if (details.length === 0) return;
  await db
    .insertInto('pricing_details')
    .values(
      details.map((d) => ({
        uuid: d.uuid,
        pricing_profile_pk: profilePk,
        day_of_week: d.dayOfWeek,
        general: d.general,
        exception: d.exception,
        active: d.active,
        start_date: d.startDate,
        end_date: d.endDate,
        start_time: d.startTime,
        end_time: d.endTime,
        service_price: d.servicePrice,
        kwh_price: d.kwhPrice,
        duration_price: d.durationPrice,
        idle_time_price: d.idleTimePrice,
        reserve_price: d.reservePrice,
        operation_fee: d.operationFee,
        taxes: d.taxes,
      })),
    )
    .execute();
}

/** Uuids of details of other profiles (a uuid sent with the form must be the profile's own or new). */
export async function foreignDetailUuids(db: Executor, profilePk: number, uuids: string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('pricing_details')
    .select('uuid')
    .where('uuid', 'in', uuids)
    .where('pricing_profile_pk', '!=', profilePk)
    .execute();
  return new Set(rows.map((r) => r.uuid));
}

export async function insertVersion(db: Executor, profilePk: number, version: number, rules: unknown, userPk: number | null) {
  await db
    .insertInto('pricing_profile_versions')
    .values({ pricing_profile_pk: profilePk, version, rules: JSON.stringify(rules), created_by: userPk })
    .execute();
  await db.updateTable('pricing_profiles').set({ version, updated_at: new Date() }).where('pricing_profile_pk', '=', profilePk).execute();
}

/**
 * The profile pricing a station's connector at a moment, if any: the station's group has pricing
 * on and names a profile for that connector (connectors above 3 follow connector 3's), with the
 * tenant's zone and the profile's rules in force at that moment (the latest version created by
 * then; version and rules null when none was). One round trip: billing a stop reads it.
 */
export async function connectorProfileAt(db: Executor, chargeBoxPk: number, connectorId: number, at: Date) {
  const column =
    connectorId <= 1 ? 'vp.connector1_profile_pk' : connectorId === 2 ? 'vp.connector2_profile_pk' : 'vp.connector3_profile_pk';
  const query = db
    .selectFrom('virtual_group_charge_boxes as m')
    .innerJoin('virtual_group_pricing as vp', 'vp.virtual_group_pk', 'm.virtual_group_pk')
    .innerJoin('pricing_profiles as p', (j) => j.on(sql<boolean>`p.pricing_profile_pk = ${sql.ref(column)}`))
    .innerJoin('tenants as t', 't.tenant_pk', 'p.tenant_pk')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('pricing_profile_versions as v')
          .select(['v.version', 'v.rules'])
          .whereRef('v.pricing_profile_pk', '=', 'p.pricing_profile_pk')
          .where('v.created_at', '<=', at)
          .orderBy('v.version', 'desc')
          .limit(1)
          .as('v'),
      (j) => j.onTrue(),
    )
    .select(['p.pricing_profile_pk', 'p.name', 't.country', 't.time_zone', 'v.version', 'v.rules'])
    .where('m.charge_box_pk', '=', chargeBoxPk)
    .where('vp.enabled', '=', true);
  return (await preparedRows(db, query))[0];
}

/** The energy register samples of a transaction (Wh), for time-of-use segments. */
export async function energyReadings(db: Executor, transactionPk: number) {
  const query = db
    .selectFrom('meter_values')
    .select(['value_timestamp', 'value', 'unit'])
    .where('transaction_pk', '=', transactionPk)
    .where('measurand', '=', 'Energy.Active.Import.Register')
    // The station's total register (per-phase registers, where a station sends them too, are left out).
    .where('phase', 'is', null)
    .where('value', 'is not', null)
    .orderBy('value_timestamp')
    .limit(20_000);
  const rows = await preparedRows(db, query);
  return rows.map((r) => ({ at: new Date(r.value_timestamp).getTime(), wh: r.unit === 'kWh' ? Number(r.value) * 1000 : Number(r.value) }));
}
