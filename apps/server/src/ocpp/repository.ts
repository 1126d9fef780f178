import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { BootNotificationRequest, MeterValue, StatusNotificationRequest } from '@recarga/contracts/ocpp';
import type { LiveChargePoint } from '@recarga/contracts/live';
import type { DB, Executor } from '../db/db';
import { isRowKey } from '../db/keys';
import { preparedRawRows, preparedRows } from '../db/prepared';

/** SQL of the central system. Every statement is by station key (the OCPP identity decides the tenant). */

// ---------------------------------------------------------------------------------------------
// Stations and connections

/** The stations that may connect under these ids (a reconnect storm looks thousands up at once). */
export function findStationsForConnect(db: Executor, chargeBoxIds: string[]) {
  return (
    db
      .selectFrom('charge_boxes')
      .select(['charge_box_pk', 'charge_box_id', 'tenant_pk', 'ocpp_password_hash'])
      .where('charge_box_id', 'in', chargeBoxIds)
      .where('deleted_at', 'is', null)
      // Third-party points (PLUG_SHARE) are map entries only; they never connect.
      .where('origin', '=', 'MOVE')
      .execute()
  );
}
export type ConnectingStation = Awaited<ReturnType<typeof findStationsForConnect>>[number];

export async function recordUnknownStation(db: Executor, chargeBoxId: string, remoteAddress: string | undefined, protocol: string) {
  await db
    .insertInto('unknown_stations')
    .values({
      charge_box_id: chargeBoxId.slice(0, 255),
      last_remote_address: remoteAddress ?? null,
      protocol: protocol.slice(0, 100) || null,
    })
    .onConflict((oc) =>
      oc.column('charge_box_id').doUpdateSet((eb) => ({
        attempts: eb('unknown_stations.attempts', '+', 1),
        last_attempt_at: new Date(),
        last_remote_address: eb.ref('excluded.last_remote_address'),
        protocol: eb.ref('excluded.protocol'),
      })),
    )
    .execute();
}

export type SignInFailureReason = 'password' | 'unknown';

interface Counter {
  failures: number;
  lastAt: Date | null;
}

/** The sign-in counters of a charge box id and an address (failures whose latest is after `since`). */
export interface SignInCounts {
  /** Failures of this id from this address. */
  pair: Counter;
  /** Failures of this reason from this address, any id. */
  address: Counter;
  /** Failures of this id for this reason, from anywhere. */
  id: Counter;
  /** The station signed in from this address since `knownSince`. */
  knownAddress: boolean;
}

export async function signInCounts(
  db: Executor,
  chargeBoxId: string,
  reason: SignInFailureReason,
  address: string,
  since: Date,
  knownSince: Date,
): Promise<SignInCounts> {
  const inWindow = sql`reason = ${reason} and last_at > ${since}`;
  const row = await db
    .selectFrom('ocpp_sign_in_failures')
    .select([
      sql<number>`coalesce(sum(failures) filter (where ${inWindow} and charge_box_id = ${chargeBoxId} and remote_address = ${address}), 0)`.as(
        'pair',
      ),
      sql<Date | null>`max(last_at) filter (where ${inWindow} and charge_box_id = ${chargeBoxId} and remote_address = ${address})`.as(
        'pair_last',
      ),
      sql<number>`coalesce(sum(failures) filter (where ${inWindow} and remote_address = ${address}), 0)`.as('by_address'),
      sql<Date | null>`max(last_at) filter (where ${inWindow} and remote_address = ${address})`.as('address_last'),
      sql<number>`coalesce(sum(failures) filter (where ${inWindow} and charge_box_id = ${chargeBoxId}), 0)`.as('by_id'),
      sql<Date | null>`max(last_at) filter (where ${inWindow} and charge_box_id = ${chargeBoxId})`.as('id_last'),
      sql<boolean>`coalesce(bool_or(reason = 'signed_in' and charge_box_id = ${chargeBoxId} and remote_address = ${address} and last_at > ${knownSince}), false)`.as(
        'known',
      ),
    ])
    .where((eb) => eb.or([eb('charge_box_id', '=', chargeBoxId), eb('remote_address', '=', address)]))
    .executeTakeFirstOrThrow();
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  return {
    pair: { failures: Number(row.pair), lastAt: date(row.pair_last) },
    address: { failures: Number(row.by_address), lastAt: date(row.address_last) },
    id: { failures: Number(row.by_id), lastAt: date(row.id_last) },
    knownAddress: Boolean(row.known),
  };
}

/**
 * Adds one to the counter of (id, address, reason); a counter whose latest failure left the window
 * starts again from one. `reason` 'signed_in' records a successful sign-in the same way.
 */
export async function countSignIn(
  db: Executor,
  chargeBoxId: string,
  reason: SignInFailureReason | 'signed_in',
  address: string,
  now: Date,
  since: Date,
) {
  await db
    .insertInto('ocpp_sign_in_failures')
    .values({
      charge_box_id: chargeBoxId.slice(0, 255),
      remote_address: address.slice(0, 100),
      reason,
      failures: 1,
      first_at: now,
      last_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['charge_box_id', 'remote_address', 'reason']).doUpdateSet({
        failures: sql`case when ocpp_sign_in_failures.last_at > ${since} then ocpp_sign_in_failures.failures + 1 else 1 end`,
        first_at: sql`case when ocpp_sign_in_failures.last_at > ${since} then ocpp_sign_in_failures.first_at else ${now} end`,
        last_at: now,
      }),
    )
    .execute();
}

/**
 * Runs `work` holding transaction-level locks on the id and on the address (always in that order),
 * so two sign-ins of the same id or address count one after the other.
 */
export function withSignInLocks<T>(db: Kysely<DB>, chargeBoxId: string, address: string, work: (trx: Executor) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${'ocpp-id:' + chargeBoxId}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${'ocpp-address:' + address}))`.execute(trx);
    return work(trx);
  });
}

/** A station signed in with its password from this address: that address's wrong passwords are forgotten. */
export async function clearSignInFailures(db: Executor, chargeBoxId: string, address: string) {
  await db
    .deleteFrom('ocpp_sign_in_failures')
    .where('charge_box_id', '=', chargeBoxId)
    .where('remote_address', '=', address)
    .where('reason', '=', 'password')
    .execute();
}

/** Removes failure counters that left the window and known places older than `knownBefore`. */
export async function sweepSignInFailures(db: Executor, before: Date, knownBefore: Date) {
  await db
    .deleteFrom('ocpp_sign_in_failures')
    .where((eb) =>
      eb.or([
        eb.and([eb('reason', '!=', 'signed_in'), eb('last_at', '<', before)]),
        eb.and([eb('reason', '=', 'signed_in'), eb('last_at', '<', knownBefore)]),
      ]),
    )
    .execute();
}

export interface ConnectionRecord {
  chargeBoxPk: number;
  connectionId: string;
  nodeId: string;
  protocol: string;
  remoteAddress: string | null;
  connectedAt: Date;
}

/**
 * Marks each station connected through its socket and notes its protocol, in two statements
 * whatever the number of sockets (a reconnect storm writes thousands at once). A record of a newer
 * socket (connected later, possibly on another node) is never overwritten by an older one whose
 * write arrives late; of two sockets of one station in the same call, the later one is kept.
 */
export async function openConnections(db: Executor, records: ConnectionRecord[]) {
  const latest = new Map<number, ConnectionRecord>();
  for (const c of records) {
    const seen = latest.get(c.chargeBoxPk);
    if (!seen || seen.connectedAt.getTime() <= c.connectedAt.getTime()) latest.set(c.chargeBoxPk, c);
  }
  const rows = [...latest.values()];
  if (!rows.length) return;
  await db
    .insertInto('station_connections')
    .values(
      rows.map((c) => ({
        charge_box_pk: c.chargeBoxPk,
        connection_id: c.connectionId,
        node_id: c.nodeId,
        protocol: c.protocol,
        remote_address: c.remoteAddress,
        connected_at: c.connectedAt,
        last_seen_at: c.connectedAt,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('charge_box_pk')
        .doUpdateSet((eb) => ({
          connection_id: eb.ref('excluded.connection_id'),
          node_id: eb.ref('excluded.node_id'),
          protocol: eb.ref('excluded.protocol'),
          remote_address: eb.ref('excluded.remote_address'),
          connected_at: eb.ref('excluded.connected_at'),
          last_seen_at: eb.ref('excluded.last_seen_at'),
        }))
        .whereRef('station_connections.connected_at', '<=', 'excluded.connected_at'),
    )
    .execute();
  const values = rows.map((c) => sql`(${c.chargeBoxPk}::integer, ${c.protocol}::text, ${c.connectedAt.toISOString()}::timestamptz)`);
  await sql`
    update charge_boxes cb set ocpp_protocol = v.protocol, last_heartbeat_timestamp = v.at
      from (values ${sql.join(values)}) as v(charge_box_pk, protocol, at)
     where cb.charge_box_pk = v.charge_box_pk`.execute(db);
}

/** The current connection record of a station, if any. */
export function connectionOf(db: Executor, chargeBoxPk: number) {
  return db
    .selectFrom('station_connections')
    .select(['connection_id', 'node_id', 'last_seen_at'])
    .where('charge_box_pk', '=', chargeBoxPk)
    .executeTakeFirst();
}

/** A socket that closed on this node. */
export interface ClosedSocket {
  chargeBoxPk: number;
  connectionId: string;
  closedAt: Date;
}

/**
 * Removes the records of sockets that closed, in one statement, and returns those removed with
 * their close time as `last_seen_at`. A record a newer socket took over (another connection id)
 * stays. Connection ids are random UUIDs: matching station and id as two lists is exact.
 */
export async function closeConnections(db: Executor, closed: ClosedSocket[]) {
  if (closed.length === 0) return [];
  const removed = await db
    .deleteFrom('station_connections')
    .where(
      'charge_box_pk',
      'in',
      closed.map((c) => c.chargeBoxPk),
    )
    .where(
      'connection_id',
      'in',
      closed.map((c) => c.connectionId),
    )
    .returning(['charge_box_pk', 'connection_id'])
    .execute();
  const closedAt = new Map(closed.map((c) => [c.connectionId, c.closedAt]));
  return removed.map((r) => ({ charge_box_pk: r.charge_box_pk, last_seen_at: closedAt.get(r.connection_id)! }));
}

/** Removes records of a node's sockets (the node restarted: those sockets are gone). */
export async function clearNodeConnections(db: Executor, nodeId: string) {
  return db.deleteFrom('station_connections').where('node_id', '=', nodeId).returning(['charge_box_pk', 'last_seen_at']).execute();
}

/** Removes records not refreshed since `before` (a node died without cleaning up). */
export async function sweepStaleConnections(db: Executor, before: Date) {
  return db.deleteFrom('station_connections').where('last_seen_at', '<', before).returning(['charge_box_pk', 'last_seen_at']).execute();
}

export interface Touch {
  chargeBoxPk: number;
  connectionId: string;
  at: Date;
  /** A message arrived (updates last_heartbeat_timestamp); otherwise only a pong. */
  message: boolean;
}

/**
 * Refreshes liveness of many sockets in one statement. Returns the connection ids whose record
 * was not there any more (closed meanwhile, or swept while the node was slow).
 */
export async function applyTouches(db: Executor, touches: Touch[]): Promise<Set<string>> {
  if (touches.length === 0) return new Set();
  const list = latestTouches(touches);
  const seen = await sql<{ connection_id: string }>`with ${touchesSql(list)} select connection_id from seen`.execute(db);
  const found = new Set(seen.rows.map((r) => r.connection_id));
  return new Set(list.map((t) => t.connectionId).filter((id) => !found.has(id)));
}

/** The latest touch per connection (a message wins over a pong), in station order. */
function latestTouches(touches: Touch[]): Touch[] {
  const latest = new Map<string, Touch>();
  for (const t of touches) {
    const prev = latest.get(t.connectionId);
    if (!prev) latest.set(t.connectionId, t);
    else latest.set(t.connectionId, { ...(t.at >= prev.at ? t : prev), message: t.message || prev.message });
  }
  return [...latest.values()].sort((a, b) => a.chargeBoxPk - b.chargeBoxPk);
}

/**
 * WITH items for touches: the connection's liveness, and the station's last heartbeat for
 * messages; `seen` returns the connection ids whose record is there.
 */
function touchesSql(list: Touch[]) {
  return sql`tv (pk, cid, at, message) as (
      select * from unnest(${list.map((t) => t.chargeBoxPk)}::int[], ${list.map((t) => t.connectionId)}::uuid[],
                           ${list.map((t) => t.at.toISOString())}::timestamptz[], ${list.map((t) => t.message)}::boolean[])
    ),
    heartbeat as (
      update charge_boxes cb set last_heartbeat_timestamp = tv.at
        from tv
       where tv.message and cb.charge_box_pk = tv.pk and (cb.last_heartbeat_timestamp is null or cb.last_heartbeat_timestamp < tv.at)
    ),
    seen as (
      update station_connections sc set last_seen_at = greatest(sc.last_seen_at, tv.at)
        from tv
       where sc.charge_box_pk = tv.pk and sc.connection_id = tv.cid
      returning sc.connection_id
    )`;
}

/** What a BootNotification says of its station, stored for many stations in one statement. */
export async function updateBoots(db: Executor, boots: { chargeBoxPk: number; req: BootNotificationRequest; at: Date }[]) {
  if (!boots.length) return;
  const text = (v: string | undefined) => sql`${v ?? null}::text`;
  const values = boots.map(
    ({ chargeBoxPk, req, at }) =>
      sql`(${chargeBoxPk}::integer, ${text(req.chargePointVendor)}, ${text(req.chargePointModel)}, ${text(req.chargePointSerialNumber)},
           ${text(req.chargeBoxSerialNumber)}, ${text(req.firmwareVersion)}, ${text(req.iccid)}, ${text(req.imsi)},
           ${text(req.meterType)}, ${text(req.meterSerialNumber)}, ${at.toISOString()}::timestamptz)`,
  );
  // A station that booted twice in one call: its later boot is the one kept (the last row wins).
  await sql`
    update charge_boxes cb
       set charge_point_vendor = v.vendor, charge_point_model = v.model, charge_point_serial_number = v.cp_serial,
           charge_box_serial_number = v.cb_serial, fw_version = v.fw, iccid = v.iccid, imsi = v.imsi,
           meter_type = v.meter_type, meter_serial_number = v.meter_serial, registration_status = 'Accepted',
           last_boot_timestamp = v.at, last_heartbeat_timestamp = v.at, updated_at = v.at
      from (select distinct on (charge_box_pk) * from (values ${sql.join(values)})
              as x(charge_box_pk, vendor, model, cp_serial, cb_serial, fw, iccid, imsi, meter_type, meter_serial, at)
             order by charge_box_pk, at desc) v
     where cb.charge_box_pk = v.charge_box_pk`.execute(db);
}

export async function insertDataTransfer(db: Executor, chargeBoxPk: number, vendorId: string, messageId?: string, data?: string) {
  await db
    .insertInto('data_transfers')
    .values({ charge_box_pk: chargeBoxPk, vendor_id: vendorId, message_id: messageId ?? null, data: data ?? null })
    .execute();
}

/** The station's tenant (key and materialised path), its type (PUBLIC or PRIVATE) and whether it takes payments. */
export async function stationTenant(db: Executor, chargeBoxPk: number) {
  return db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as t', 't.tenant_pk', 'cb.tenant_pk')
    .select(['cb.tenant_pk', 't.path', 'cb.type_of', 'cb.has_payment'])
    .where('cb.charge_box_pk', '=', chargeBoxPk)
    .executeTakeFirstOrThrow();
}

/**
 * The station's tenant (as `stationTenant`) and the tag (case-insensitive, with what its status
 * depends on: parent, owner, open transactions; undefined when unknown) in one statement:
 * Authorize, StartTransaction and StopTransaction read both.
 */
export async function stationAndTag(db: Executor, chargeBoxPk: number, idTag: string, lostBefore: Date | null = null) {
  const query = db
    .selectFrom('charge_boxes as cb')
    .innerJoin('tenants as st', 'st.tenant_pk', 'cb.tenant_pk')
    .leftJoinLateral(
      tagRecords(db, lostBefore)
        .where(sql`lower(t.id_tag)`, '=', idTag.toLowerCase())
        .as('g'),
      (j) => j.onTrue(),
    )
    .select([
      'cb.tenant_pk as station_tenant_pk',
      'st.path as station_path',
      'cb.type_of as station_type_of',
      'cb.has_payment as station_has_payment',
    ])
    .selectAll('g')
    .where('cb.charge_box_pk', '=', chargeBoxPk);
  const row = (await preparedRows(db, query))[0];
  if (!row) throw new Error(`station ${chargeBoxPk} not found`);
  const { station_tenant_pk, station_path, station_type_of, station_has_payment, ...tag } = row;
  const station = { tenant_pk: station_tenant_pk, path: station_path, type_of: station_type_of, has_payment: station_has_payment };
  // ocpp_tag_pk is never null in a tag's row: null is the lateral join finding no tag.
  if (tag.ocpp_tag_pk === null) return { station, tag: undefined };
  return { station, tag: { ...(tag as TagRecord), open_transactions: Number(tag.open_transactions) } };
}

/** Whether a user is on a private station's access list: an owner, or a user whose binding is ACCEPTED. */
export async function onStationAccessList(db: Executor, chargeBoxPk: number, userPk: number): Promise<boolean> {
  const row = await db
    .selectFrom('station_user_bindings')
    .select('user_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('user_pk', '=', userPk)
    .where((eb) => eb.or([eb('owner', '=', true), eb('bind_status', '=', 'ACCEPTED')]))
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Connectors and status

/** The connector's key, creating the row when the station reports a connector it was not set up with. */
export async function ensureConnector(db: Executor, chargeBoxPk: number, connectorId: number): Promise<number> {
  const found = await db
    .selectFrom('connectors')
    .select('connector_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('connector_id', '=', connectorId)
    .executeTakeFirst();
  if (found) return found.connector_pk;
  await db
    .insertInto('connectors')
    .values({ charge_box_pk: chargeBoxPk, connector_id: connectorId })
    .onConflict((oc) => oc.columns(['charge_box_pk', 'connector_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('connectors')
    .select('connector_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('connector_id', '=', connectorId)
    .executeTakeFirstOrThrow();
  return row.connector_pk;
}

/**
 * Keys of many (station, connector) pairs, creating missing rows; map key `${pk}:${id}`. One
 * statement in the usual case (every connector known); a row another transaction created while
 * this statement ran is not in its snapshot and is read again.
 */
export async function ensureConnectors(db: Executor, pairs: { chargeBoxPk: number; connectorId: number }[]): Promise<Map<string, number>> {
  const unique = [...new Map(pairs.map((p) => [`${p.chargeBoxPk}:${p.connectorId}`, p])).values()];
  const out = new Map<string, number>();
  if (unique.length === 0) return out;
  const rows = await sql<{ connector_pk: number; charge_box_pk: number; connector_id: number }>`
    with k (cb, cid) as (values ${sql.join(unique.map((p) => sql`(${p.chargeBoxPk}::int, ${p.connectorId}::int)`))}),
    created as (
      insert into connectors (charge_box_pk, connector_id)
      select k.cb, k.cid from k
       where not exists (select 1 from connectors c where c.charge_box_pk = k.cb and c.connector_id = k.cid)
      on conflict (charge_box_pk, connector_id) do nothing
      returning connector_pk, charge_box_pk, connector_id
    )
    select c.connector_pk, c.charge_box_pk, c.connector_id from connectors c join k on c.charge_box_pk = k.cb and c.connector_id = k.cid
    union all
    select connector_pk, charge_box_pk, connector_id from created
  `.execute(db);
  for (const r of rows.rows) out.set(`${r.charge_box_pk}:${r.connector_id}`, r.connector_pk);
  const missing = unique.filter((p) => !out.has(`${p.chargeBoxPk}:${p.connectorId}`));
  if (missing.length) {
    const again = await db
      .selectFrom('connectors')
      .select(['connector_pk', 'charge_box_pk', 'connector_id'])
      .where((eb) => eb.or(missing.map((p) => eb.and([eb('charge_box_pk', '=', p.chargeBoxPk), eb('connector_id', '=', p.connectorId)]))))
      .execute();
    for (const r of again) out.set(`${r.charge_box_pk}:${r.connector_id}`, r.connector_pk);
  }
  return out;
}

export interface StatusChange {
  connectorPk: number;
  previousStatus: string | null;
  previousErrorCode: string | null;
}

/** One status report to store (see applyStatuses). */
export interface StatusReport {
  chargeBoxPk: number;
  req: StatusNotificationRequest;
  at: Date;
}

/**
 * Stores status reports — each connector's last status and the history — in a few set-based
 * statements whatever their number (the write batcher hands over all reports of a batch).
 * Reports are applied in the order given (OCPP stations send one message at a time, and replay
 * queued ones in order), not by the station's clock, which may be wrong: each report's "previous"
 * status is the one before it, also within the same call. Connector rows are locked in key order.
 */
export async function applyStatuses(db: Executor, reports: StatusReport[]): Promise<StatusChange[]> {
  if (reports.length === 0) return [];
  const keys = await ensureConnectors(
    db,
    reports.map((r) => ({ chargeBoxPk: r.chargeBoxPk, connectorId: r.req.connectorId })),
  );
  const pkOf = (r: StatusReport) => keys.get(`${r.chargeBoxPk}:${r.req.connectorId}`)!;
  const current = await db
    .selectFrom('connectors')
    .select(['connector_pk', 'last_status', 'last_error_code'])
    .where('connector_pk', 'in', [...new Set(reports.map(pkOf))])
    .orderBy('connector_pk')
    .forUpdate()
    .execute();
  const state = new Map(current.map((c) => [c.connector_pk, { status: c.last_status, errorCode: c.last_error_code }]));
  const latest = new Map<number, StatusReport>();
  const changes = reports.map((r) => {
    const connectorPk = pkOf(r);
    const before = state.get(connectorPk) ?? { status: null, errorCode: null };
    state.set(connectorPk, { status: r.req.status, errorCode: r.req.errorCode });
    latest.set(connectorPk, r);
    return { connectorPk, previousStatus: before.status, previousErrorCode: before.errorCode };
  });
  const row = (pk: number, r: StatusReport) =>
    sql`(${pk}::int, ${r.req.status}::text, ${r.req.errorCode}::text, ${r.req.info ?? null}::text, ${r.req.vendorId ?? null}::text, ${r.req.vendorErrorCode ?? null}::text, ${r.at.toISOString()}::timestamptz)`;
  await sql`
    update connectors c set last_status = v.status, last_error_code = v.error_code, last_error_info = v.info,
      last_vendor_id = v.vendor_id, last_vendor_error_code = v.vendor_error_code, last_status_timestamp = v.at
    from (values ${sql.join([...latest].map(([pk, r]) => row(pk, r)))}) as v(pk, status, error_code, info, vendor_id, vendor_error_code, at)
    where c.connector_pk = v.pk
  `.execute(db);
  await db
    .insertInto('connector_status_history')
    .values(
      reports.map((r, i) => ({
        connector_pk: changes[i]!.connectorPk,
        status: r.req.status,
        error_code: r.req.errorCode,
        error_info: r.req.info ?? null,
        vendor_id: r.req.vendorId ?? null,
        vendor_error_code: r.req.vendorErrorCode ?? null,
        status_timestamp: r.at,
      })),
    )
    .execute();
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Tags

export interface TagRecord {
  ocpp_tag_pk: number;
  id_tag: string;
  tenant_pk: number;
  tenant_path: string;
  parent_id_tag: string | null;
  owner_user_pk: number | null;
  owner_active: boolean | null;
  expiry_date: Date | null;
  max_active_transaction_count: number;
  inactive: boolean;
  parent_found: boolean;
  parent_inactive: boolean | null;
  parent_expiry_date: Date | null;
  parent_max_active_transaction_count: number | null;
  open_transactions: number;
  /** A network's QR guest tag (qrcode_settings): it charges only where the QR page may start. */
  qr_guest: boolean;
}

/**
 * The tag's open transactions that count against it (ConcurrentTx). With `lostBefore`, an open
 * transaction of a station that has no live connection and from which nothing has been heard since
 * `lostBefore` (its last message and the transaction's start both older) is a lost stop and does not
 * count: the rule and its N minutes are authorization.ts's (LOST_TRANSACTION_MINUTES).
 */
function countedOpenTransactions(lostBefore: Date | null) {
  const lost =
    lostBefore === null
      ? sql`false`
      : sql`(not exists (select 1 from station_connections sc where sc.charge_box_pk = x.charge_box_pk)
             and x.start_timestamp < ${lostBefore}
             and coalesce((select cb.last_heartbeat_timestamp from charge_boxes cb where cb.charge_box_pk = x.charge_box_pk), x.start_timestamp) < ${lostBefore})`;
  return sql<number>`(select count(*) from transactions x where lower(x.id_tag) = lower(t.id_tag) and x.stop_timestamp is null and x.id_tag_status = 'Accepted' and not ${lost})`;
}

function tagRecords(db: Executor, lostBefore: Date | null = null) {
  return db
    .selectFrom('ocpp_tags as t')
    .innerJoin('tenants as tt', 'tt.tenant_pk', 't.tenant_pk')
    .leftJoin('ocpp_tags as p', (j) => j.on(sql`lower(p.id_tag)`, '=', sql`lower(t.parent_id_tag)`))
    .leftJoin('users as u', 'u.user_pk', 't.owner_user_pk')
    .select([
      't.ocpp_tag_pk',
      't.id_tag',
      't.tenant_pk',
      'tt.path as tenant_path',
      't.parent_id_tag',
      't.owner_user_pk',
      'u.active as owner_active',
      't.expiry_date',
      't.max_active_transaction_count',
      't.inactive',
      sql<boolean>`p.ocpp_tag_pk is not null`.as('parent_found'),
      'p.inactive as parent_inactive',
      'p.expiry_date as parent_expiry_date',
      'p.max_active_transaction_count as parent_max_active_transaction_count',
      // Only accepted starts are the tag's transactions (rejected ones are not even stored there since
      // migration 0015; older rows may still be).
      countedOpenTransactions(lostBefore).as('open_transactions'),
      sql<boolean>`exists (select 1 from qrcode_settings q where q.guest_ocpp_tag_pk = t.ocpp_tag_pk)`.as('qr_guest'),
    ]);
}

/**
 * The tags whose network fits a station's (its tenant, an ancestor or a descendant: see
 * authorization.ts), all of them or only these ids, by id; at most `limit`. For local lists.
 */
export async function tagsFittingStation(
  db: Executor,
  stationTenantPath: string,
  opts: { idTags?: string[]; limit: number },
): Promise<TagRecord[]> {
  let q = tagRecords(db).where(sql<boolean>`(${stationTenantPath} like tt.path || '%' or tt.path like ${stationTenantPath} || '%')`);
  if (opts.idTags) {
    if (opts.idTags.length === 0) return [];
    q = q.where(
      sql`lower(t.id_tag)`,
      'in',
      opts.idTags.map((id) => id.toLowerCase()),
    );
  }
  const rows = await q.orderBy('t.id_tag').limit(opts.limit).execute();
  return rows.map((row) => ({ ...row, open_transactions: Number(row.open_transactions) }));
}

/** The users on a private station's access list (owners, or bindings ACCEPTED). */
export async function stationAccessList(db: Executor, chargeBoxPk: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('station_user_bindings')
    .select('user_pk')
    .where('charge_box_pk', '=', chargeBoxPk)
    .where((eb) => eb.or([eb('owner', '=', true), eb('bind_status', '=', 'ACCEPTED')]))
    .execute();
  return new Set(rows.map((r) => r.user_pk));
}

// ---------------------------------------------------------------------------------------------
// Reservations

/** The open reservation a start uses or runs into: ACCEPTED, not expired, on this connector or on the whole station. */
export function openReservationsAt(db: Executor, chargeBoxPk: number, connectorId: number, now: Date) {
  return db
    .selectFrom('reservations')
    .select(['reservation_pk', 'connector_id', 'id_tag', 'parent_id_tag'])
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('connector_id', 'in', [0, connectorId])
    .where('status', '=', 'ACCEPTED')
    .where('expiry_date', '>', now)
    .orderBy('reservation_pk')
    .execute();
}

/** How long a remote start's payment choice waits for its StartTransaction. */
export const REMOTE_START_CLAIM_MS = 15 * 60_000;

/**
 * A started transaction takes the payment type its remote start asked for (the latest unclaimed
 * request for that connector and tag, REMOTE_START_CLAIM_MS at most before the start).
 */
export async function claimRemoteStartPayment(
  db: Executor,
  start: { chargeBoxPk: number; connectorId: number; idTag: string; transactionPk: number },
  now: Date,
): Promise<string | null> {
  const claimed = await sql<{ payment_type: string }>`
    update remote_start_requests set transaction_pk = ${start.transactionPk}
    where request_pk = (
      select request_pk from remote_start_requests
      where charge_box_pk = ${start.chargeBoxPk} and connector_id = ${start.connectorId}
        and lower(id_tag) = lower(${start.idTag}) and transaction_pk is null
        and requested_at > ${new Date(now.getTime() - REMOTE_START_CLAIM_MS)}
      order by requested_at desc
      limit 1
      for update skip locked
    )
    returning payment_type
  `.execute(db);
  const type = claimed.rows[0]?.payment_type ?? null;
  if (type)
    await db.updateTable('transactions').set({ requested_payment_type: type }).where('transaction_pk', '=', start.transactionPk).execute();
  return type;
}

/** A start used the reservation. */
export async function useReservation(db: Executor, reservationPk: number, transactionPk: number) {
  await db
    .updateTable('reservations')
    .set({ status: 'USED', transaction_pk: transactionPk, updated_at: new Date() })
    .where('reservation_pk', '=', reservationPk)
    .where('status', '=', 'ACCEPTED')
    .execute();
}

/** Counts an attempt of a tag nobody registered, per tenant (the station's), with the station. */
export async function recordUnknownTag(db: Executor, idTag: string, tenantPk: number, chargeBoxPk: number) {
  await sql`
    insert into unknown_tags (id_tag, tenant_pk, charge_box_pk) values (${idTag}, ${tenantPk}, ${chargeBoxPk})
    on conflict (lower(id_tag), tenant_pk) do update
      set attempts = unknown_tags.attempts + 1, last_attempt_at = now(), charge_box_pk = excluded.charge_box_pk
  `.execute(db);
}

// ---------------------------------------------------------------------------------------------
// Transactions

/**
 * Holds the station's start key until the database transaction ends: copies of one start sent at
 * once are decided one after the other, so the second finds what the first stored (a transaction
 * or a rejected start) instead of being refused as the tag's second transaction.
 */
export async function lockStartKey(db: Executor, chargeBoxPk: number, startKey: string) {
  await preparedRawRows(db, sql`select pg_advisory_xact_lock(hashtext(${`ocpp-start:${chargeBoxPk}:${startKey}`}))`);
}

/** The transaction — or rejected start — a start message created before (its key, see startKey). */
export async function findTransactionByStartKey(db: Executor, chargeBoxPk: number, startKey: string) {
  // Accepted starts are transactions, refused ones rejected starts (migration 0015): one key is in one of them.
  const query = db
    .selectFrom('transactions')
    .select(['transaction_pk', 'id_tag_status'])
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('start_key', '=', startKey)
    .unionAll(
      db
        .selectFrom('rejected_starts')
        .select(['transaction_pk', 'id_tag_status'])
        .where('charge_box_pk', '=', chargeBoxPk)
        .where('start_key', '=', startKey),
    )
    .limit(1);
  return (await preparedRows(db, query))[0];
}

export interface NewRejectedStart {
  chargeBoxPk: number;
  connectorPk: number;
  connectorId: number;
  tenantPk: number;
  idTag: string;
  idTagStatus: string;
  startTimestamp: string;
  startValueWh: number;
  startKey: string;
}

/**
 * Records a start that was not accepted under a transactionId of the transactions' sequence
 * (migration 0015); undefined when the same start was recorded concurrently.
 */
export async function insertRejectedStart(db: Executor, r: NewRejectedStart) {
  const res = await sql<{ transaction_pk: number }>`
    insert into rejected_starts
      (transaction_pk, charge_box_pk, connector_pk, connector_id, tenant_pk, id_tag, id_tag_status, start_timestamp, start_value_wh, start_key)
    values (nextval(pg_get_serial_sequence('transactions', 'transaction_pk')), ${r.chargeBoxPk}, ${r.connectorPk}, ${r.connectorId},
            ${r.tenantPk}, ${r.idTag}, ${r.idTagStatus}, ${r.startTimestamp}, ${r.startValueWh}, ${r.startKey})
    on conflict (charge_box_pk, start_key) do nothing
    returning transaction_pk`.execute(db);
  const row = res.rows[0];
  return row ? { transaction_pk: Number(row.transaction_pk) } : undefined;
}

/** Closes the station's rejected start on a StopTransaction; false when the id is not one of them. */
export async function stopRejectedStart(db: Executor, transactionPk: number, chargeBoxPk: number): Promise<boolean> {
  if (!isRowKey(transactionPk)) return false;
  const row = await db
    .updateTable('rejected_starts')
    .set({ closed_at: sql`coalesce(closed_at, now())`, close_reason: sql`coalesce(close_reason, 'stop')` })
    .where('transaction_pk', '=', transactionPk)
    .where('charge_box_pk', '=', chargeBoxPk)
    .returning('transaction_pk')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Closes rejected starts left open on connectors that reported Available or Preparing (connector
 * 0: the whole station) after the start, or on a station that rebooted (`connectorId` undefined).
 */
export async function closeRejectedStarts(
  db: Executor,
  reports: { chargeBoxPk: number; connectorId?: number; at: Date }[],
  reason: 'status' | 'boot',
) {
  if (reports.length === 0) return;
  const rows = reports.map((r) => sql`(${r.chargeBoxPk}::integer, ${r.connectorId ?? 0}::integer, ${r.at.toISOString()}::timestamptz)`);
  await sql`
    update rejected_starts r set closed_at = now(), close_reason = ${reason}
      from (values ${sql.join(rows)}) as v(charge_box_pk, connector_id, at)
     where r.closed_at is null
       and r.charge_box_pk = v.charge_box_pk
       and (v.connector_id = 0 or r.connector_id = v.connector_id)
       and r.start_timestamp <= v.at`.execute(db);
}

/** How long a rejected start stays open without a reading on its connector (10 minutes). */
export const REJECTED_START_QUIET_MS = 10 * 60_000;

/**
 * Closes rejected starts older than `quietMs` whose connector sent no reading for that long
 * (the station dropped them without a word). Returns how many.
 */
export async function closeQuietRejectedStarts(db: Executor, quietMs: number): Promise<number> {
  const since = new Date(Date.now() - quietMs).toISOString();
  const res = await sql`
    update rejected_starts r set closed_at = now(), close_reason = 'timeout'
     where r.closed_at is null
       and r.received_at < ${since}::timestamptz
       and not exists (select 1 from meter_values m where m.connector_pk = r.connector_pk and m.value_timestamp >= ${since}::timestamptz)`.execute(
    db,
  );
  return Number(res.numAffectedRows ?? 0);
}

/**
 * What a StartTransaction needs of its connector, in one statement: the connector's key (null when
 * the station never reported that connector: `ensureConnector` creates it), after closing the
 * transactions still open on it that began before the new start (their stop was lost; they end at
 * the new start with its meter reading, and a real StopTransaction arriving later still overwrites
 * that); and whether the station holds an open reservation for that
 * connector or the whole station, and whether a remote start there awaits its transaction — when
 * not, the start skips those look-ups.
 */
export async function startConnector(
  db: Executor,
  start: { chargeBoxPk: number; connectorId: number; timestamp: Date; meterStart: number },
  now: Date,
): Promise<{ connectorPk: number | null; reserved: boolean; remoteStartPending: boolean }> {
  const { chargeBoxPk, connectorId, timestamp, meterStart } = start;
  const rows = await preparedRawRows(
    db,
    sql<{ connector_pk: number | null; reserved: boolean; remote_start_pending: boolean }>`
    with c as (
      select connector_pk from connectors where charge_box_pk = ${chargeBoxPk} and connector_id = ${connectorId}
    ), closed as (
      update transactions
      set stop_timestamp = ${timestamp}, stop_value_wh = greatest(start_value_wh, ${meterStart}::bigint),
          energy_wh = greatest(0, ${meterStart}::bigint - start_value_wh), stop_reason = 'Other',
          stop_event_actor = 'central_system', received_stop_at = ${new Date()}
      where connector_pk = (select connector_pk from c) and stop_timestamp is null and start_timestamp < ${timestamp}
      returning transaction_pk
    )
    select (select connector_pk from c) as connector_pk,
      exists (
        select 1 from reservations r
        where r.charge_box_pk = ${chargeBoxPk} and r.connector_id in (0, ${connectorId}) and r.status = 'ACCEPTED' and r.expiry_date > ${now}
      ) as reserved,
      exists (
        select 1 from remote_start_requests q
        where q.charge_box_pk = ${chargeBoxPk} and q.connector_id = ${connectorId} and q.transaction_pk is null
          and q.requested_at > ${new Date(now.getTime() - REMOTE_START_CLAIM_MS)}
      ) as remote_start_pending`,
  );
  const row = rows[0]!;
  return { connectorPk: row.connector_pk, reserved: row.reserved, remoteStartPending: row.remote_start_pending };
}

export interface NewTransaction {
  chargeBoxPk: number;
  connectorPk: number;
  tenantPk: number;
  idTag: string;
  ocppTagPk: number | null;
  userPk: number | null;
  idTagStatus: string;
  startTimestamp: string;
  startValueWh: number;
  reservationId: number | null;
  startKey: string;
}

/** Inserts the transaction; undefined when the same start key already exists (a concurrent retry). */
export async function insertTransaction(db: Executor, t: NewTransaction) {
  const query = db
    .insertInto('transactions')
    .values({
      charge_box_pk: t.chargeBoxPk,
      connector_pk: t.connectorPk,
      tenant_pk: t.tenantPk,
      id_tag: t.idTag,
      ocpp_tag_pk: t.ocppTagPk,
      user_pk: t.userPk,
      id_tag_status: t.idTagStatus,
      start_timestamp: t.startTimestamp,
      start_value_wh: t.startValueWh,
      reservation_id: t.reservationId,
      start_key: t.startKey,
    })
    .onConflict((oc) => oc.columns(['charge_box_pk', 'start_key']).doNothing())
    .returning('transaction_pk');
  return (await preparedRows(db, query))[0];
}

/** A recharge that already ended, as a station would have started and stopped it (history imports). */
export interface FinishedTransaction extends Omit<NewTransaction, 'startTimestamp' | 'reservationId'> {
  startTimestamp: Date;
  stopTimestamp: Date;
  stopValueWh: number;
  stopReason: string;
}

/**
 * Inserts recharges that started and stopped in the past, in statements of 500 rows, as the start
 * and the stop would have left them (stopped by the station; the energy is meter stop − meter
 * start). The stop trigger queues each for pricing. Returns their keys in the order given.
 */
export async function insertFinishedTransactions(db: Executor, rows: FinishedTransaction[]): Promise<number[]> {
  const pks: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('transactions')
      .values(
        rows.slice(i, i + 500).map((t) => ({
          charge_box_pk: t.chargeBoxPk,
          connector_pk: t.connectorPk,
          tenant_pk: t.tenantPk,
          id_tag: t.idTag,
          ocpp_tag_pk: t.ocppTagPk,
          user_pk: t.userPk,
          id_tag_status: t.idTagStatus,
          start_timestamp: t.startTimestamp,
          start_value_wh: t.startValueWh,
          start_key: t.startKey,
          stop_timestamp: t.stopTimestamp,
          stop_value_wh: t.stopValueWh,
          stop_reason: t.stopReason,
          stop_event_actor: 'station' as const,
          energy_wh: Math.max(0, t.stopValueWh - t.startValueWh),
          received_stop_at: t.stopTimestamp,
        })),
      )
      .returning(['transaction_pk', 'start_key'])
      .execute();
    const byKey = new Map(inserted.map((r) => [r.start_key, r.transaction_pk]));
    pks.push(...rows.slice(i, i + 500).map((t) => byKey.get(t.startKey)!));
  }
  return pks;
}

/** The station's transaction, locked for the stop; undefined when the id is not the station's. */
export function lockTransaction(db: Executor, transactionPk: number, chargeBoxPk: number) {
  if (!isRowKey(transactionPk)) return Promise.resolve(undefined);
  return db
    .selectFrom('transactions as t')
    .innerJoin('connectors as c', 'c.connector_pk', 't.connector_pk')
    .select([
      't.transaction_pk',
      't.connector_pk',
      'c.connector_id',
      't.start_timestamp',
      't.start_value_wh',
      't.stop_timestamp',
      't.stop_event_actor',
      't.user_pk',
      't.id_tag',
    ])
    .where('t.transaction_pk', '=', transactionPk)
    .where('t.charge_box_pk', '=', chargeBoxPk)
    .forUpdate(['t'])
    .executeTakeFirst();
}

export async function stopTransaction(
  db: Executor,
  transactionPk: number,
  stop: { timestamp: string; meterStop: number; reason: string | null; idTag: string | null; energyWh: number },
) {
  await db
    .updateTable('transactions')
    .set({
      stop_timestamp: stop.timestamp,
      stop_value_wh: stop.meterStop,
      stop_reason: stop.reason,
      stop_event_actor: 'station',
      stop_id_tag: stop.idTag,
      energy_wh: stop.energyWh,
      received_stop_at: new Date(),
    })
    .where('transaction_pk', '=', transactionPk)
    .execute();
}

/** Which of these transaction ids belong to the station (MeterValues may name a wrong one). */
export async function transactionsOfStations(
  db: Executor,
  pairs: { chargeBoxPk: number; transactionPk: number }[],
): Promise<Map<string, { stoppedAt: Date | null }>> {
  const ids = [...new Set(pairs.map((p) => p.transactionPk))].filter(isRowKey);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('transactions')
    .select(['transaction_pk', 'charge_box_pk', 'stop_timestamp'])
    .where('transaction_pk', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [`${r.charge_box_pk}:${r.transaction_pk}`, { stoppedAt: r.stop_timestamp }]));
}

// ---------------------------------------------------------------------------------------------
// Meter values

export interface MeterRow {
  transactionPk: number | null;
  connectorPk: number;
  meterValue: MeterValue;
  /** The transaction is stopped: readings stamped after its stop are kept apart (after_stop_transaction_pk). */
  stoppedAt?: Date | null;
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const ROWS_PER_STATEMENT = 2000;

/** One sampled value as its meter_values columns (numbers in `value`, anything else kept raw). */
function sampleColumns(meterValue: MeterValue) {
  return meterValue.sampledValue.map((s) => {
    const numeric = s.format !== 'SignedData' && NUMBER.test(s.value.trim());
    return {
      value_timestamp: meterValue.timestamp,
      measurand: s.measurand ?? 'Energy.Active.Import.Register',
      phase: s.phase ?? null,
      location: s.location ?? null,
      unit: s.unit ?? null,
      context: s.context ?? null,
      format: s.format ?? null,
      value: numeric ? s.value.trim() : null,
      raw_value: numeric ? null : s.value,
    };
  });
}

/** Stores every sampled value as a row of the time series; repeated samples are ignored. */
export async function insertMeterValues(db: Executor, rows: MeterRow[]) {
  const values = rows.flatMap((r) =>
    sampleColumns(r.meterValue).map((c) => {
      const late = r.transactionPk !== null && !!r.stoppedAt && new Date(c.value_timestamp).getTime() > r.stoppedAt.getTime();
      return {
        transaction_pk: late ? null : r.transactionPk,
        after_stop_transaction_pk: late ? r.transactionPk : null,
        connector_pk: r.connectorPk,
        ...c,
      };
    }),
  );
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    await db
      .insertInto('meter_values')
      .values(values.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Readings of one message for `meterAndTouchStatement`: connector key known, transaction id as the station sent it. */
export interface KnownConnectorMeter {
  chargeBoxPk: number;
  connectorPk: number;
  transactionId?: number;
  meterValues: MeterValue[];
}

/**
 * The common write batch — meter readings and liveness only — as ONE statement, so it commits
 * without BEGIN/COMMIT round trips: the readings (a transaction id the station does not own is
 * not trusted: those readings stay on the connector; readings stamped after their transaction's
 * stop are kept apart in after_stop_transaction_pk) and the touches (see applyTouches). Returns
 * the connection ids whose record was missing. A connector key that no longer exists fails the
 * statement (foreign key): nothing is written and the caller takes the transactional path.
 *
 * Each column travels as one array (unnest … with ordinality keeps the readings' order), so the
 * text is the same for every batch — prepared once per connection — and a batch of 2,000 readings
 * is 16 bound values, not 26,000 for Kysely to compile, pg to serialise and PostgreSQL to parse.
 */
export async function meterAndTouchStatement(db: Kysely<DB>, meters: KnownConnectorMeter[], touches: Touch[]): Promise<Set<string>> {
  const cols = {
    cb: [] as number[],
    connector: [] as number[],
    tx: [] as (number | null)[],
    ts: [] as string[],
    measurand: [] as string[],
    phase: [] as (string | null)[],
    location: [] as (string | null)[],
    unit: [] as (string | null)[],
    context: [] as (string | null)[],
    format: [] as (string | null)[],
    value: [] as (string | null)[],
    raw: [] as (string | null)[],
  };
  for (const m of meters) {
    const tx = isRowKey(m.transactionId) ? m.transactionId : null;
    for (const mv of m.meterValues)
      for (const c of sampleColumns(mv)) {
        cols.cb.push(m.chargeBoxPk);
        cols.connector.push(m.connectorPk);
        cols.tx.push(tx);
        cols.ts.push(c.value_timestamp);
        cols.measurand.push(c.measurand);
        cols.phase.push(c.phase);
        cols.location.push(c.location);
        cols.unit.push(c.unit);
        cols.context.push(c.context);
        cols.format.push(c.format);
        cols.value.push(c.value);
        cols.raw.push(c.raw_value);
      }
  }
  const list = latestTouches(touches);
  if (cols.cb.length === 0 && list.length === 0) return new Set();
  const rows = await preparedRawRows(
    db,
    sql<{ connection_id: string }>`
    with v as (
      select * from unnest(${cols.cb}::int[], ${cols.connector}::int[], ${cols.tx}::int[], ${cols.ts}::timestamptz[],
                           ${cols.measurand}::text[], ${cols.phase}::text[], ${cols.location}::text[], ${cols.unit}::text[],
                           ${cols.context}::text[], ${cols.format}::text[], ${cols.value}::numeric[], ${cols.raw}::text[])
             with ordinality as v (cb, connector_pk, tx, ts, measurand, phase, location, unit, context, format, value, raw, n)
    ),
    readings as (
      insert into meter_values (transaction_pk, after_stop_transaction_pk, connector_pk, value_timestamp, measurand, phase, location, unit,
                                context, format, value, raw_value)
      select case when t.stop_timestamp is null or v.ts <= t.stop_timestamp then t.transaction_pk end,
             case when v.ts > t.stop_timestamp then t.transaction_pk end,
             v.connector_pk, v.ts, v.measurand, v.phase, v.location, v.unit, v.context, v.format, v.value, v.raw
        from v left join transactions t on t.transaction_pk = v.tx and t.charge_box_pk = v.cb
       order by v.n
      on conflict do nothing
    ),
    ${touchesSql(list)}
    select connection_id from seen`,
  );
  const found = new Set(rows.map((r) => r.connection_id));
  return new Set(list.map((t) => t.connectionId).filter((id) => !found.has(id)));
}

// ---------------------------------------------------------------------------------------------
// Live view of stations

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/**
 * Stations as the map draws them, with online state (see connections.ts for the rule) and their
 * last firmware and diagnostics reports (the station card).
 */
export async function liveChargePoints(
  db: Executor,
  chargeBoxPks: number[],
  onlineSince: Date,
  opts: { deleted?: boolean } = {},
): Promise<{ tenantPk: number; chargePoint: LiveChargePoint }[]> {
  if (chargeBoxPks.length === 0) return [];
  const rows = await db
    .selectFrom('charge_boxes as cb')
    .leftJoin('station_connections as sc', (j) =>
      j.onRef('sc.charge_box_pk', '=', 'cb.charge_box_pk').on('sc.last_seen_at', '>', onlineSince),
    )
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.tenant_pk',
      'cb.description',
      'cb.active',
      'cb.location_latitude',
      'cb.location_longitude',
      'cb.origin',
      'cb.ocpp_protocol',
      'cb.charge_point_vendor',
      'cb.last_heartbeat_timestamp',
      'cb.firmware_status',
      'cb.firmware_timestamp',
      'cb.diagnostics_status',
      'cb.diagnostics_timestamp',
      sql<boolean>`sc.charge_box_pk is not null`.as('online'),
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('connectors as c')
            .leftJoin('connector_types as ct', 'ct.connector_type_pk', 'c.connector_type_pk')
            .select(['c.connector_id', 'ct.name as type_name', 'c.last_status', 'c.unusual_status'])
            .whereRef('c.charge_box_pk', '=', 'cb.charge_box_pk')
            .where('c.connector_id', '>', 0)
            .orderBy('c.connector_id'),
        ).as('connectors'),
    ])
    .where('cb.charge_box_pk', 'in', chargeBoxPks)
    .where('cb.deleted_at', opts.deleted ? 'is not' : 'is', null)
    .execute();
  return rows.map((r) => ({
    tenantPk: r.tenant_pk,
    chargePoint: {
      chargeBoxPk: r.charge_box_pk,
      chargeBoxId: r.charge_box_id,
      description: r.description,
      active: r.active,
      locationLatitude: r.location_latitude,
      locationLongitude: r.location_longitude,
      origin: r.origin,
      ocppProtocol: r.ocpp_protocol,
      chargePointVendor: r.charge_point_vendor,
      online: Boolean(r.online),
      lastHeartbeatTimestamp: iso(r.last_heartbeat_timestamp),
      firmwareStatus: r.firmware_status,
      firmwareStatusTimestamp: iso(r.firmware_timestamp),
      diagnosticsStatus: r.diagnostics_status,
      diagnosticsStatusTimestamp: iso(r.diagnostics_timestamp),
      connectors: r.connectors.map((c) => ({
        connectorId: c.connector_id,
        connectorType: c.type_name,
        lastStatus: { status: c.unusual_status ?? c.last_status },
      })),
    },
  }));
}
