import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Selection, type Transaction } from 'kysely';
import type { MapBounds } from '@recarga/contracts/stations';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB, Executor } from '../../db/db';
import type { BindStatus } from '../../db/schema-stations';
import { onlineExpression } from '../../ocpp/connections';
import type { TenantScope } from '../../platform/auth/context';
import { transactionEnergyWh } from '../../db/sql/energy';
import { ownedStation } from '../../db/sql/owned-stations';
import { stationSearchConditions } from '../../db/sql/station-search';

/** SQL of the stations administration. Every statement takes the caller's tenant scope. */

/** `%term%` for a case-insensitive LIKE on lower(...), wildcards in the term taken literally. */

// ---------------------------------------------------------------------------------------------
// List (paged, export) and map list

export interface StationFilters {
  active?: boolean;
  chargeBoxGroupPk?: number;
  tenantPk?: number;
  search?: string;
  online?: boolean;
}

/** Stations of the scope matching the filters (not deleted). */
export function filteredStations(db: Executor, scope: TenantScope, f: StationFilters, pingIntervalSec: number) {
  // Third-party points (origin PLUG_SHARE) are not the network's stations: map only.
  let q = db
    .selectFrom('charge_boxes as cb')
    .where('cb.deleted_at', 'is', null)
    .where('cb.origin', '=', 'MOVE')
    .where('cb.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'cb.charge_box_pk'));
  if (f.active !== undefined) q = q.where('cb.active', '=', f.active);
  if (f.chargeBoxGroupPk !== undefined) q = q.where('cb.charge_box_group_pk', '=', f.chargeBoxGroupPk);
  if (f.tenantPk !== undefined) q = q.where('cb.tenant_pk', '=', f.tenantPk);
  for (const condition of stationSearchConditions(f.search)) q = q.where(condition);
  if (f.online !== undefined) {
    const online = onlineExpression(sql.ref('cb.charge_box_pk'), pingIntervalSec);
    q = q.where(f.online ? online : sql<boolean>`not ${online}`);
  }
  return q;
}

/**
 * A station's connectors (id > 0) as a nested JSON array, in connector order. Inside JSON a
 * timestamp is text, and numeric columns stay numbers; the types say so.
 */
function connectorsJson(eb: ExpressionBuilder<DB & { cb: DB['charge_boxes'] }, 'cb'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('connectors as c')
      .leftJoin('connector_types as ct', 'ct.connector_type_pk', 'c.connector_type_pk')
      .select((cb) => [
        'c.connector_pk',
        'c.connector_id',
        'ct.name as connector_type',
        'c.connector_type_pk',
        'c.power_max',
        'c.power_max_custom',
        'c.unusual_status',
        'c.last_status',
        cb.ref('c.last_status_timestamp').$castTo<string | null>().as('last_status_timestamp'),
        'c.last_error_code',
        'c.money_per_kilowatt_income',
        'c.money_per_duration_income',
      ])
      .whereRef('c.charge_box_pk', '=', 'cb.charge_box_pk')
      .where('c.connector_id', '>', 0)
      .orderBy('c.connector_id'),
  );
}

export type ConnectorJson = StationListRow['connectors'][number];

/** The charging profiles a station accepted (operations' station_charging_profiles), per connector. */
function chargingProfilesJson(eb: ExpressionBuilder<DB & { cb: DB['charge_boxes'] }, 'cb'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('station_charging_profiles as sp')
      .innerJoin('charging_profiles as p', 'p.charging_profile_pk', 'sp.charging_profile_pk')
      .select(['sp.connector_id', 'p.charging_profile_pk', 'p.description', 'p.charging_profile_purpose'])
      .whereRef('sp.charge_box_pk', '=', 'cb.charge_box_pk')
      .orderBy('sp.connector_id')
      .orderBy('p.stack_level', 'desc'),
  );
}

function monthRecharges(since: Date) {
  return sql<number>`(select count(*) from transactions t where t.charge_box_pk = cb.charge_box_pk and t.start_timestamp >= ${since})`;
}
function monthConsumption(since: Date) {
  return sql<number>`(select coalesce(sum(${transactionEnergyWh('t')}), 0) from transactions t where t.charge_box_pk = cb.charge_box_pk and t.start_timestamp >= ${since})`;
}

/** The list columns over a `charge_boxes as cb` query. */
function listColumns<Q extends ReturnType<typeof filteredStations>>(q: Q, since: Date, pingIntervalSec: number) {
  return q
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'cb.tenant_pk')
    .leftJoin('station_groups as g', 'g.charge_box_group_pk', 'cb.charge_box_group_pk')
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.description',
      'cb.tenant_pk',
      'tn.name as tenant_name',
      'cb.type_of',
      'cb.active',
      'cb.street',
      'cb.house_number',
      'cb.zip_code',
      'cb.city',
      'cb.state',
      'cb.country',
      'cb.charge_box_group_pk',
      'g.name as group_name',
      'cb.charge_point_vendor',
      'cb.charge_point_model',
      'cb.fw_version',
      'cb.uuid',
      'cb.ocpp_protocol',
      'cb.last_heartbeat_timestamp',
      'cb.firmware_status',
      'cb.firmware_timestamp',
      'cb.diagnostics_status',
      'cb.diagnostics_timestamp',
      onlineExpression(sql.ref('cb.charge_box_pk'), pingIntervalSec).as('online'),
      monthRecharges(since).as('recharges'),
      monthConsumption(since).as('consumption'),
      (eb) => connectorsJson(eb).as('connectors'),
      (eb) => chargingProfilesJson(eb).as('charging_profiles'),
    ]);
}

export type StationListRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number];

export function listStations(
  db: Executor,
  scope: TenantScope,
  f: StationFilters,
  page: { limit: number; offset: number },
  since: Date,
  pingIntervalSec: number,
) {
  // Page first (index order), then compute the per-row figures for those rows only.
  const pagePks = filteredStations(db, scope, f, pingIntervalSec)
    .select('cb.charge_box_pk')
    .orderBy('cb.charge_box_id')
    .limit(page.limit)
    .offset(page.offset);
  const outer = db.selectFrom('charge_boxes as cb').where('cb.charge_box_pk', 'in', pagePks) as unknown as ReturnType<
    typeof filteredStations
  >;
  return listColumns(outer, since, pingIntervalSec).orderBy('cb.charge_box_id').execute();
}

export async function countStations(db: Executor, scope: TenantScope, f: StationFilters, pingIntervalSec: number): Promise<number> {
  const row = await filteredStations(db, scope, f, pingIntervalSec)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every matching station in list order, as a stream (Excel export). */
export function streamStations(db: Executor, scope: TenantScope, f: StationFilters, since: Date, pingIntervalSec: number) {
  return listColumns(filteredStations(db, scope, f, pingIntervalSec), since, pingIntervalSec)
    .orderBy('cb.charge_box_id')
    .stream(200);
}

/** SQL condition: the station (alias `cb`) lies inside the viewport (true without one). */
function inBounds(bounds: MapBounds | undefined): RawBuilder<boolean> {
  if (!bounds) return sql<boolean>`true`;
  const { south, west, north, east } = bounds;
  const longitude =
    west <= east
      ? sql`cb.location_longitude between ${west} and ${east}`
      : sql`(cb.location_longitude >= ${west} or cb.location_longitude <= ${east})`;
  return sql<boolean>`(cb.location_latitude between ${south} and ${north} and ${longitude})`;
}

/** The map's stations of the scope (`cb`) of one origin, inside the viewport when there is one. */
function mapScope(scope: TenantScope, origin: 'MOVE' | 'PLUG_SHARE', bounds: MapBounds | undefined): RawBuilder<boolean> {
  return sql<boolean>`cb.deleted_at is null and cb.tenant_pk in (${sql.join(scope.tenantPks)}) and ${ownedStation(scope, 'cb.charge_box_pk')}
    and cb.origin = ${origin} and ${inBounds(bounds)}`;
}

/** How many of the map's stations the viewport holds. */
export async function countMapStations(db: Executor, scope: TenantScope, origin: 'MOVE' | 'PLUG_SHARE', bounds: MapBounds) {
  const r = await sql<{ n: number }>`select count(*) as n from charge_boxes cb where ${mapScope(scope, origin, bounds)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The viewport's stations counted per cell of a grid × grid split of it, each at its stations' mean
 * position (longitudes measured eastwards from the west edge, so a viewport across the
 * antimeridian averages 179° and −179° to 180°, not 0°).
 */
export async function mapClusters(db: Executor, scope: TenantScope, origin: 'MOVE' | 'PLUG_SHARE', bounds: MapBounds, grid: number) {
  const { south, west, north, east } = bounds;
  const span = west <= east ? east - west : east - west + 360;
  const cellLat = Math.max((north - south) / grid, 1e-9);
  const cellLng = Math.max(span / grid, 1e-9);
  const eastwards = sql`(case when cb.location_longitude >= ${west} then cb.location_longitude - ${west}
                              else cb.location_longitude - ${west} + 360 end)`;
  const r = await sql<{ n: number; lat: number; off: number }>`
    select count(*) as n, avg(cb.location_latitude) as lat, avg(${eastwards}) as off
      from charge_boxes cb
     where ${mapScope(scope, origin, bounds)}
     group by least(floor((cb.location_latitude - ${south}) / ${cellLat}), ${grid - 1}),
              least(floor(${eastwards} / ${cellLng}), ${grid - 1})
     order by 1 desc`.execute(db);
  return r.rows.map((c) => {
    const longitude = west + Number(c.off);
    return { latitude: Number(c.lat), longitude: longitude > 180 ? longitude - 360 : longitude, count: Number(c.n) };
  });
}

export function mapStations(
  db: Executor,
  scope: TenantScope,
  origin: 'MOVE' | 'PLUG_SHARE',
  since: Date,
  pingIntervalSec: number,
  bounds?: MapBounds,
) {
  // The month's energy of every station (one range of transactions_stats_idx) and every connector
  // of the scope's stations, each read once and hash-joined; a connector's usage is its last
  // recharge's energy when that recharge is still open (one backward step of
  // transactions_connector_start_idx). The look-up of the connector's open recharges it replaces went
  // through a partial index holding every open recharge of the platform whenever the planner
  // thought that index nearly empty: 7.5 s at 33,000 stations.
  // A recharge counts for the network that held the station when it started (transactions.tenant_pk),
  // as on the dashboard.
  const tenants = sql.join(scope.tenantPks);
  return sql<{
    charge_box_pk: number;
    charge_box_id: string;
    description: string | null;
    active: boolean;
    location_latitude: number | null;
    location_longitude: number | null;
    origin: 'MOVE' | 'PLUG_SHARE';
    ocpp_protocol: string | null;
    charge_point_vendor: string | null;
    street: string | null;
    online: boolean;
    month_consumption: number;
    connectors: { connector_id: number; connector_type: string | null; status: string | null; usage: number }[];
  }>`
    with stations as materialized (
      select cb.charge_box_pk, cb.charge_box_id, cb.description, cb.active, cb.location_latitude, cb.location_longitude,
             cb.origin, cb.ocpp_protocol, cb.charge_point_vendor, cb.street
        from charge_boxes cb
       where ${mapScope(scope, origin, bounds)}
    ), month as (
      select t.charge_box_pk, sum(${transactionEnergyWh('t')}) as wh
        from transactions t
       where t.tenant_pk in (${tenants}) and t.start_timestamp >= ${since}
         ${bounds ? sql`and t.charge_box_pk in (select s.charge_box_pk from stations s)` : sql``}
       group by t.charge_box_pk
    ), plugs as (
      select c.charge_box_pk,
             json_agg(json_build_object('connector_id', c.connector_id, 'connector_type', ct.name,
                                        'status', coalesce(c.unusual_status, c.last_status), 'usage', coalesce(o.wh, 0))
                      order by c.connector_id) as connectors
        from stations s
        join connectors c on c.charge_box_pk = s.charge_box_pk and c.connector_id > 0
        left join connector_types ct on ct.connector_type_pk = c.connector_type_pk
        left join lateral (
          select case when t.stop_timestamp is null then ${transactionEnergyWh('t')} end as wh
            from transactions t
           where t.connector_pk = c.connector_pk
           order by t.start_timestamp desc
           limit 1) o on true
       group by c.charge_box_pk
    )
    select s.*, ${onlineExpression(sql.ref('s.charge_box_pk'), pingIntervalSec)} as online,
           coalesce(m.wh, 0) as month_consumption, coalesce(p.connectors, '[]') as connectors
      from stations s
      left join month m on m.charge_box_pk = s.charge_box_pk
      left join plugs p on p.charge_box_pk = s.charge_box_pk
     order by s.charge_box_id`
    .execute(db)
    .then((r) => r.rows);
}

// ---------------------------------------------------------------------------------------------
// One station

/** A station of the scope with everything the form shows. */
export function findStation(db: Executor, scope: TenantScope, pk: number, since: Date, pingIntervalSec: number) {
  return db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as tn', 'tn.tenant_pk', 'cb.tenant_pk')
    .leftJoin('station_groups as g', 'g.charge_box_group_pk', 'cb.charge_box_group_pk')
    .selectAll('cb')
    .select([
      'tn.name as tenant_name',
      'tn.tenant_device_reader',
      'g.name as group_name',
      onlineExpression(sql.ref('cb.charge_box_pk'), pingIntervalSec).as('online'),
      monthConsumption(since).as('month_consumption'),
      (eb) => connectorsJson(eb).as('connectors'),
    ])
    .where('cb.charge_box_pk', '=', pk)
    .where('cb.deleted_at', 'is', null)
    .where('cb.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'cb.charge_box_pk'))
    .executeTakeFirst();
}

export type StationRow = NonNullable<Awaited<ReturnType<typeof findStation>>>;

/** Key and tenant of a station of the scope, found by OCPP identity. */
export function findStationById(db: Executor, scope: TenantScope, chargeBoxId: string) {
  return db
    .selectFrom('charge_boxes')
    .select(['charge_box_pk', 'charge_box_id', 'tenant_pk', 'uuid'])
    .where('charge_box_id', '=', chargeBoxId)
    .where('deleted_at', 'is', null)
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'charge_boxes.charge_box_pk'))
    .executeTakeFirst();
}

/** Key, identity, tenant and uuid of a station of the scope (locked for update inside a transaction when asked). */
export function findStationKey(db: Executor, scope: TenantScope, pk: number, lock = false) {
  let q = db
    .selectFrom('charge_boxes')
    .select(['charge_box_pk', 'charge_box_id', 'tenant_pk', 'uuid', 'system', 'voltage'])
    .where('charge_box_pk', '=', pk)
    .where('deleted_at', 'is', null)
    .where('tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'charge_boxes.charge_box_pk'));
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function stationIdTaken(db: Executor, chargeBoxId: string, exceptPk?: number) {
  let q = db.selectFrom('charge_boxes').select('charge_box_pk').where('charge_box_id', '=', chargeBoxId).where('deleted_at', 'is', null);
  if (exceptPk !== undefined) q = q.where('charge_box_pk', '<>', exceptPk);
  return q.executeTakeFirst();
}

export function photosOf(db: Executor, chargeBoxPk: number) {
  return db
    .selectFrom('station_photos')
    .select(['uid', 'name', 'mime_type', 'file_name', 'size_bytes'])
    .where('charge_box_pk', '=', chargeBoxPk)
    .orderBy('photo_pk')
    .execute();
}

export type PhotoRow = Awaited<ReturnType<typeof photosOf>>[number];

export function findPhoto(db: Executor, chargeBoxPk: number, uid: string) {
  return db
    .selectFrom('station_photos')
    .select(['uid', 'name', 'mime_type', 'file_name'])
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export function bindingsOf(db: Executor, chargeBoxPk: number) {
  return db
    .selectFrom('station_user_bindings as b')
    .innerJoin('users as u', 'u.user_pk', 'b.user_pk')
    .select(['b.user_pk', 'u.email', sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('user_name'), 'b.owner', 'b.bind_status'])
    .where('b.charge_box_pk', '=', chargeBoxPk)
    .orderBy('b.owner', 'desc')
    .orderBy('u.email')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Reference data for the rules

/** What the station rules read of a station's tenant. */
export const STATION_TENANT_COLUMNS = ['tenant_pk', 'name', 'country', 'tenant_device_reader', 'station_limit', 'theme', 'path'] as const;
export type TenantRow = Selection<DB, 'tenants', (typeof STATION_TENANT_COLUMNS)[number]>;

export function groupInScope(db: Executor, scope: TenantScope, groupPk: number) {
  return db
    .selectFrom('station_groups')
    .select(['charge_box_group_pk', 'street', 'house_number', 'zip_code', 'city', 'state', 'location_latitude', 'location_longitude'])
    .where('charge_box_group_pk', '=', groupPk)
    .where('tenant_pk', 'in', scope.tenantPks)
    .executeTakeFirst();
}

export type GroupRow = NonNullable<Awaited<ReturnType<typeof groupInScope>>>;

export async function connectorTypePks(db: Executor): Promise<Set<number>> {
  const rows = await db.selectFrom('connector_types').select('connector_type_pk').execute();
  return new Set(rows.map((r) => r.connector_type_pk));
}

export function connectorTypes(db: Executor) {
  return db.selectFrom('connector_types').select(['connector_type_pk', 'name']).orderBy('connector_type_pk').execute();
}

/** Which of these users are in the scope. */
export async function usersInScope(db: Executor, scope: TenantScope, userPks: number[]): Promise<Set<number>> {
  if (userPks.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('user_pk')
    .where('user_pk', 'in', userPks)
    .where('tenant_pk', 'in', scope.tenantPks)
    .execute();
  return new Set(rows.map((r) => r.user_pk));
}

/** Non-deleted stations of a tenant, counted under a lock on the tenant row (serialises creations). */
export async function lockedStationCount(db: Transaction<DB>, tenantPk: number): Promise<{ count: number; limit: number | null }> {
  const t = await db.selectFrom('tenants').select('station_limit').where('tenant_pk', '=', tenantPk).forUpdate().executeTakeFirstOrThrow();
  const n = await stationCount(db, tenantPk);
  return { count: n, limit: t.station_limit };
}

export async function stationCount(db: Executor, tenantPk: number): Promise<number> {
  const row = await db
    .selectFrom('charge_boxes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_pk', '=', tenantPk)
    .where('deleted_at', 'is', null)
    .where('origin', '=', 'MOVE')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Writes

type InsertStation = Parameters<ReturnType<Kysely<DB>['insertInto']>['values']>[0];

export async function insertStation(db: Executor, values: Record<string, unknown>): Promise<number> {
  const row = await db
    .insertInto('charge_boxes')
    .values(values as unknown as InsertStation as never)
    .returning('charge_box_pk')
    .executeTakeFirstOrThrow();
  return row.charge_box_pk;
}

export async function updateStation(db: Executor, pk: number, values: Record<string, unknown>) {
  await db
    .updateTable('charge_boxes')
    .set({ ...(values as object), updated_at: new Date() } as never)
    .where('charge_box_pk', '=', pk)
    .execute();
}

export interface ConnectorValues {
  connector_id: number;
  connector_type_pk: number | null;
  power_max: number | null;
  power_max_custom: boolean;
  unusual_status: 'MAINTENANCE' | 'UNAVAILABLE' | null;
  money_per_kilowatt_income: number | null;
  money_per_duration_income: number | null;
}

export async function upsertConnectors(db: Executor, chargeBoxPk: number, rows: ConnectorValues[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('connectors')
    .values(rows.map((r) => ({ ...r, charge_box_pk: chargeBoxPk })))
    .onConflict((oc) =>
      oc.columns(['charge_box_pk', 'connector_id']).doUpdateSet((eb) => ({
        connector_type_pk: eb.ref('excluded.connector_type_pk'),
        power_max: eb.ref('excluded.power_max'),
        power_max_custom: eb.ref('excluded.power_max_custom'),
        unusual_status: eb.ref('excluded.unusual_status'),
        money_per_kilowatt_income: eb.ref('excluded.money_per_kilowatt_income'),
        money_per_duration_income: eb.ref('excluded.money_per_duration_income'),
      })),
    )
    .execute();
}

export async function replaceBindings(
  db: Executor,
  chargeBoxPk: number,
  rows: { user_pk: number; owner: boolean; bind_status: BindStatus }[],
) {
  await db.deleteFrom('station_user_bindings').where('charge_box_pk', '=', chargeBoxPk).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('station_user_bindings')
    .values(rows.map((r) => ({ ...r, charge_box_pk: chargeBoxPk })))
    .execute();
}

export async function insertPhoto(
  db: Executor,
  row: { charge_box_pk: number; uid: string; name: string; mime_type: 'image/jpeg' | 'image/png'; size_bytes: number; file_name: string },
) {
  await db.insertInto('station_photos').values(row).execute();
}

export async function deletePhotos(db: Executor, chargeBoxPk: number, uids: string[]) {
  if (uids.length === 0) return [];
  return db
    .deleteFrom('station_photos')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('uid', 'in', uids)
    .returning(['file_name'])
    .execute();
}

export async function hasOpenTransaction(db: Executor, chargeBoxPk: number): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select('transaction_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('stop_timestamp', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function softDelete(db: Executor, chargeBoxPk: number) {
  await db
    .updateTable('charge_boxes')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('charge_box_pk', '=', chargeBoxPk)
    .execute();
}

export function findConnector(db: Executor, chargeBoxPk: number, connectorId: number) {
  return db
    .selectFrom('connectors as c')
    .leftJoin('connector_types as ct', 'ct.connector_type_pk', 'c.connector_type_pk')
    .select([
      'c.connector_pk',
      'c.connector_id',
      'ct.name as connector_type',
      'c.connector_type_pk',
      'c.power_max',
      'c.power_max_custom',
      'c.unusual_status',
      'c.last_status',
      'c.last_status_timestamp',
      'c.last_error_code',
      'c.money_per_kilowatt_income',
      'c.money_per_duration_income',
    ])
    .where('c.charge_box_pk', '=', chargeBoxPk)
    .where('c.connector_id', '=', connectorId)
    .executeTakeFirst();
}

export async function updateConnector(db: Executor, connectorPk: number, values: Omit<ConnectorValues, 'connector_id'>) {
  await db.updateTable('connectors').set(values).where('connector_pk', '=', connectorPk).execute();
}

// ---------------------------------------------------------------------------------------------
// Private stations

const userEntryColumns = (stationTenantPath: string | null) =>
  [
    'u.user_pk',
    'u.email',
    sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('user_name'),
    'ut.name as tenant_name',
    stationTenantPath === null
      ? sql<boolean>`true`.as('tenant_related')
      : sql<boolean>`(ut.path like ${stationTenantPath} || '%' or ${stationTenantPath} like ut.path || '%')`.as('tenant_related'),
  ] as const;

/** Users bound to a station, with their tenant and whether it is related to the station's. */
export function privateStationUsers(db: Executor, chargeBoxPk: number, stationTenantPath: string) {
  return db
    .selectFrom('station_user_bindings as b')
    .innerJoin('users as u', 'u.user_pk', 'b.user_pk')
    .innerJoin('tenants as ut', 'ut.tenant_pk', 'u.tenant_pk')
    .select([...userEntryColumns(stationTenantPath), 'b.owner', 'b.bind_status'])
    .where('b.charge_box_pk', '=', chargeBoxPk)
    .orderBy('b.owner', 'desc')
    .orderBy('u.email')
    .execute();
}

/** A user of the scope by CPF (11 digits; stored with or without punctuation). */
export function userByCpf(db: Executor, scope: TenantScope, cpf: string, station: { pk: number; tenantPath: string } | null) {
  const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  let q = db
    .selectFrom('users as u')
    .innerJoin('tenants as ut', 'ut.tenant_pk', 'u.tenant_pk')
    .select([...userEntryColumns(station?.tenantPath ?? null)])
    .where('u.doc_number', 'in', [cpf, formatted])
    .where('u.tenant_pk', 'in', scope.tenantPks);
  if (station) {
    q = q
      .leftJoin('station_user_bindings as b', (j) => j.onRef('b.user_pk', '=', 'u.user_pk').on('b.charge_box_pk', '=', station.pk))
      .select(['b.owner', 'b.bind_status']) as unknown as typeof q;
  }
  return q.orderBy('u.user_pk').executeTakeFirst() as Promise<
    | (Awaited<ReturnType<typeof q.executeTakeFirst>> & {
        owner?: boolean | null;
        bind_status?: BindStatus | null;
      })
    | undefined
  >;
}

// ---------------------------------------------------------------------------------------------
// QR code

/** The deep-link host of a tenant: its host row's deep_link_host, else `<theme>.app.recarga.dev`. */
export async function deepLinkHost(db: Executor, tenantPk: number): Promise<string> {
  const row = await db
    .selectFrom('tenants as t')
    .leftJoin('tenant_hosts as h', (j) => j.onRef('h.tenant_pk', '=', 't.tenant_pk').on('h.deep_link_host', 'is not', null))
    .select(['t.theme', 'h.deep_link_host'])
    .where('t.tenant_pk', '=', tenantPk)
    .orderBy('h.host')
    .executeTakeFirstOrThrow();
  return row.deep_link_host ?? `${row.theme}.app.recarga.dev`;
}

/** The station's last firmware status (FirmwareStatusNotification) and when it came. */
export async function setFirmwareStatus(db: Executor, chargeBoxPk: number, status: string, at: Date) {
  await db
    .updateTable('charge_boxes')
    .set({ firmware_status: status, firmware_timestamp: at })
    .where('charge_box_pk', '=', chargeBoxPk)
    .execute();
}

/** The station's last diagnostics status (DiagnosticsStatusNotification) and when it came. */
export async function setDiagnosticsStatus(db: Executor, chargeBoxPk: number, status: string, at: Date) {
  await db
    .updateTable('charge_boxes')
    .set({ diagnostics_status: status, diagnostics_timestamp: at })
    .where('charge_box_pk', '=', chargeBoxPk)
    .execute();
}
