import { sql } from 'kysely';
import type { Executor } from '../../db/db';
import type { TaskErrorCode } from '@recarga/contracts/operations';
import type { TaskOrigin, TaskResultStatus } from '../../db/schema-operations';
import { stationSearchConditions } from '../../db/sql/station-search';
import { idTagContains, onGramIndex } from '../../db/sql/tag-id-search';
import { ownedStation } from '../../db/sql/owned-stations';
import type { TenantScope } from '../../platform/auth/context';

/** A station in the caller's scope, as a command needs it. */
export interface ScopedStation {
  charge_box_pk: number;
  charge_box_id: string;
  description: string | null;
  tenant_pk: number;
  has_payment: boolean;
  ocpp_protocol: 'ocpp1.6' | 'ocpp1.5' | null;
  /** The station takes reservations (its form's 'Reservation enabled'). */
  reservation: boolean;
  online: boolean;
}

/** A station never booted has no protocol yet: it is listed with the 1.6 ones (docs/decisions.md). */
const protocolOf = (version: '1.5' | '1.6') =>
  version === '1.5' ? sql<boolean>`cb.ocpp_protocol = 'ocpp1.5'` : sql<boolean>`coalesce(cb.ocpp_protocol, 'ocpp1.6') = 'ocpp1.6'`;

function scopedStations(db: Executor, scope: TenantScope) {
  return db
    .selectFrom('charge_boxes as cb')
    .leftJoin('station_connections as sc', 'sc.charge_box_pk', 'cb.charge_box_pk')
    .where('cb.deleted_at', 'is', null)
    .where('cb.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'cb.charge_box_pk'))
    .select([
      'cb.charge_box_pk',
      'cb.charge_box_id',
      'cb.description',
      'cb.tenant_pk',
      'cb.has_payment',
      'cb.ocpp_protocol',
      'cb.reservation',
      sql<boolean>`sc.charge_box_pk is not null`.as('online'),
    ]);
}

/**
 * The stations of one protocol version in scope that match the search, online first, then by id;
 * at most `limit` of them (paged in the database), all without one.
 */
export function stationsOfVersion(
  db: Executor,
  scope: TenantScope,
  version: '1.5' | '1.6',
  opts: { search?: string; limit?: number } = {},
): Promise<ScopedStation[]> {
  let q = scopedStations(db, scope).where(protocolOf(version));
  for (const condition of stationSearchConditions(opts.search)) q = q.where(condition);
  q = q.orderBy(sql`sc.charge_box_pk is null`).orderBy('cb.charge_box_id');
  return (opts.limit === undefined ? q : q.limit(opts.limit)).execute();
}

/** How many stations of one protocol version in scope match the search. */
export async function countStationsOfVersion(
  db: Executor,
  scope: TenantScope,
  version: '1.5' | '1.6',
  search: string | undefined,
): Promise<number> {
  let q = db
    .selectFrom('charge_boxes as cb')
    .where('cb.deleted_at', 'is', null)
    .where('cb.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'cb.charge_box_pk'))
    .where(protocolOf(version));
  for (const condition of stationSearchConditions(search)) q = q.where(condition);
  const row = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** These stations of one protocol version, where they are in scope (the others are simply absent), online first, then by id. */
export function stationsOfVersionByIds(db: Executor, scope: TenantScope, version: '1.5' | '1.6', ids: string[]): Promise<ScopedStation[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return scopedStations(db, scope)
    .where(protocolOf(version))
    .where('cb.charge_box_id', 'in', ids)
    .orderBy(sql`sc.charge_box_pk is null`)
    .orderBy('cb.charge_box_id')
    .execute();
}

/** These stations, where they are in scope (the others are simply absent). */
export function stationsByIds(db: Executor, scope: TenantScope, ids: string[]): Promise<ScopedStation[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return scopedStations(db, scope).where('cb.charge_box_id', 'in', ids).execute();
}

/** Connector ids per station (connector 0, the station itself, excluded). */
export async function connectorIds(db: Executor, chargeBoxPks: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (chargeBoxPks.length === 0) return out;
  const rows = await db
    .selectFrom('connectors')
    .select(['charge_box_pk', 'connector_id'])
    .where('charge_box_pk', 'in', chargeBoxPks)
    .where('connector_id', '>', 0)
    .orderBy('charge_box_pk')
    .orderBy('connector_id')
    .execute();
  for (const r of rows) (out.get(r.charge_box_pk) ?? out.set(r.charge_box_pk, []).get(r.charge_box_pk)!).push(r.connector_id);
  return out;
}

/** Running transactions per station: pk and connector. */
export async function openTransactions(db: Executor, chargeBoxPks: number[]) {
  if (chargeBoxPks.length === 0) return [];
  return db
    .selectFrom('transactions as x')
    .innerJoin('connectors as c', 'c.connector_pk', 'x.connector_pk')
    .select(['x.transaction_pk', 'x.charge_box_pk', 'c.connector_id'])
    .where('x.charge_box_pk', 'in', chargeBoxPks)
    .where('x.stop_timestamp', 'is', null)
    .where('x.id_tag_status', '=', 'Accepted')
    .orderBy('x.transaction_pk', 'desc')
    .execute();
}

/**
 * Running recharges per station with who charges (tag, the tag owner's name), the connector and the
 * start: what the remote stop offers, so a stop is chosen by driver rather than by a bare number.
 */
export async function runningTransactions(db: Executor, chargeBoxPks: number[]) {
  if (chargeBoxPks.length === 0) return [];
  return db
    .selectFrom('transactions as x')
    .innerJoin('connectors as c', 'c.connector_pk', 'x.connector_pk')
    .leftJoin('users as u', 'u.user_pk', 'x.user_pk')
    .select([
      'x.transaction_pk',
      'x.charge_box_pk',
      'c.connector_id',
      'x.id_tag',
      'x.start_timestamp',
      sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('user_name'),
    ])
    .where('x.charge_box_pk', 'in', chargeBoxPks)
    .where('x.stop_timestamp', 'is', null)
    .where('x.id_tag_status', '=', 'Accepted')
    .orderBy('x.charge_box_pk')
    .orderBy('c.connector_id')
    .orderBy('x.transaction_pk', 'desc')
    .execute();
}

/** An open recharge of the scope with its station, for a stop sent from the recharge itself. */
export function openTransactionInScope(db: Executor, scope: TenantScope, transactionPk: number) {
  return db
    .selectFrom('transactions as x')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'x.charge_box_pk')
    .select(['x.transaction_pk', 'x.stop_timestamp', 'cb.charge_box_id', 'cb.ocpp_protocol'])
    .where('x.transaction_pk', '=', transactionPk)
    .where('x.id_tag_status', '=', 'Accepted')
    .where('x.tenant_pk', 'in', scope.tenantPks)
    .where('cb.deleted_at', 'is', null)
    .where(ownedStation(scope, 'x.charge_box_pk'))
    .executeTakeFirst();
}

/** Tag ids of the scope containing a text (remote start's picker), active ones, newest first. */
export async function tagIdsContaining(db: Executor, scope: TenantScope, text: string | null, limit: number) {
  const newest = (on: Executor) => {
    const active = on
      .selectFrom('ocpp_tags as t')
      .select('t.id_tag')
      .where('t.tenant_pk', 'in', scope.tenantPks)
      .where('t.inactive', '=', false);
    return (text ? active.where(idTagContains('t.id_tag', text)) : active).orderBy('t.ocpp_tag_pk', 'desc').limit(limit);
  };
  const rows = await (text ? onGramIndex(db, (trx) => newest(trx).execute()) : newest(db).execute());
  return rows.map((r) => r.id_tag);
}

/** A tag of the scope by its id (case as stored). */
export function tagInScope(db: Executor, scope: TenantScope, idTag: string) {
  return db
    .selectFrom('ocpp_tags as t')
    .select(['t.id_tag', 't.tenant_pk', 't.parent_id_tag'])
    .where('t.tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`lower(t.id_tag) = lower(${idTag})`)
    .executeTakeFirst();
}

/** The tag of the user of the scope with this document (their own USER tag first, then a card they own). */
export function tagOfDocument(db: Executor, scope: TenantScope, docDigits: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('ocpp_tags as t', 't.owner_user_pk', 'u.user_pk')
    .select(['t.id_tag', 't.tenant_pk'])
    .where('u.tenant_pk', 'in', scope.tenantPks)
    .where(sql<boolean>`regexp_replace(coalesce(u.doc_number, ''), '\\D', '', 'g') = ${docDigits}`)
    .where('t.inactive', '=', false)
    .orderBy(sql`t.type = 'USER'`, 'desc')
    .orderBy('t.ocpp_tag_pk')
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Tasks

export interface NewTask {
  origin: TaskOrigin;
  issuerUserPk: number | null;
  issuer: string;
  ocppVersion: '1.5' | '1.6';
  operationName: string;
  parameters: unknown;
  nodeId: string;
}

/** Records a task and one pending result per station; returns the task id. */
export async function insertTask(
  db: Executor,
  task: NewTask,
  stations: { charge_box_pk: number; charge_box_id: string; tenant_pk: number }[],
) {
  const { task_pk } = await db
    .insertInto('operation_tasks')
    .values({
      origin: task.origin,
      issuer_user_pk: task.issuerUserPk,
      issuer: task.issuer,
      ocpp_version: task.ocppVersion,
      operation_name: task.operationName,
      parameters: JSON.stringify(task.parameters),
      node_id: task.nodeId,
    })
    .returning('task_pk')
    .executeTakeFirstOrThrow();
  if (stations.length > 0) {
    await db
      .insertInto('operation_task_results')
      .values(stations.map((s) => ({ task_pk, charge_box_pk: s.charge_box_pk, charge_box_id: s.charge_box_id, tenant_pk: s.tenant_pk })))
      .execute();
  }
  return task_pk;
}

export interface ResultUpdate {
  status: Exclude<TaskResultStatus, 'pending'>;
  response: string | null;
  errorCode: TaskErrorCode | null;
  errorMessage: string | null;
  detail: unknown;
}

export function recordResult(db: Executor, taskPk: number, chargeBoxPk: number, r: ResultUpdate) {
  return db
    .updateTable('operation_task_results')
    .set({
      status: r.status,
      response: r.response,
      error_code: r.errorCode,
      error_message: r.errorMessage,
      detail: r.detail === undefined || r.detail === null ? null : JSON.stringify(r.detail),
      finished_at: new Date(),
    })
    .where('task_pk', '=', taskPk)
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('status', '=', 'pending')
    .execute();
}

export function touchTasks(db: Executor, taskPks: number[]) {
  if (taskPks.length === 0) return Promise.resolve();
  return db
    .updateTable('operation_tasks')
    .set({ heartbeat_at: new Date() })
    .where('task_pk', 'in', taskPks)
    .where('end_timestamp', 'is', null)
    .execute();
}

export function finishTask(db: Executor, taskPk: number) {
  return db
    .updateTable('operation_tasks')
    .set({ end_timestamp: new Date() })
    .where('task_pk', '=', taskPk)
    .where('end_timestamp', 'is', null)
    .execute();
}

/**
 * Closes unfinished tasks as interrupted — those whose node stopped beating (it died while they
 * ran), or these ones (their node is shutting down): pending results become 'interrupted'.
 * Returns the closed task ids. One statement: a task is never closed with its results left pending
 * (the node closing it may die too, or the results' write fail).
 */
export async function closeTasks(db: Executor, which: { staleBefore: Date } | { taskPks: number[] }): Promise<number[]> {
  if ('taskPks' in which && which.taskPks.length === 0) return [];
  const now = new Date();
  const closed = await db
    .with('closed', (qb) =>
      qb
        .updateTable('operation_tasks')
        .set({ end_timestamp: now, interrupted: true })
        .where('end_timestamp', 'is', null)
        .$if('staleBefore' in which, (q) => q.where('heartbeat_at', '<', (which as { staleBefore: Date }).staleBefore))
        .$if('taskPks' in which, (q) => q.where('task_pk', 'in', (which as { taskPks: number[] }).taskPks))
        .returning('task_pk'),
    )
    .with('results', (qb) =>
      qb
        .updateTable('operation_task_results')
        .set({
          status: 'interrupted',
          error_code: 'INTERRUPTED',
          error_message: 'the node running the command stopped',
          finished_at: now,
        })
        .where('task_pk', 'in', (eb) => eb.selectFrom('closed').select('closed.task_pk'))
        .where('status', '=', 'pending')
        .returning('operation_task_results.task_pk'),
    )
    .selectFrom('closed')
    .select('closed.task_pk')
    .execute();
  return closed.map((r) => r.task_pk);
}

/** Tasks with at least one station in scope, newest first. */
function tasksInScope(db: Executor, scope: TenantScope) {
  return db.selectFrom('operation_tasks as ot').where((eb) =>
    eb.exists(
      eb
        .selectFrom('operation_task_results as r')
        .select(sql`1`.as('one'))
        .whereRef('r.task_pk', '=', 'ot.task_pk')
        .where('r.tenant_pk', 'in', scope.tenantPks)
        .where(ownedStation(scope, 'r.charge_box_pk')),
    ),
  );
}

export function listTasks(db: Executor, scope: TenantScope, page: { limit: number; offset: number }) {
  return tasksInScope(db, scope)
    .selectAll('ot')
    .orderBy('ot.start_timestamp', 'desc')
    .orderBy('ot.task_pk', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countTasks(db: Executor, scope: TenantScope): Promise<number> {
  const row = await tasksInScope(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function taskInScope(db: Executor, scope: TenantScope, taskPk: number) {
  return tasksInScope(db, scope).selectAll('ot').where('ot.task_pk', '=', taskPk).executeTakeFirst();
}

/** Results of these tasks, for the stations in scope. */
export function resultsOf(db: Executor, scope: TenantScope, taskPks: number[]) {
  if (taskPks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('operation_task_results as r')
    .select([
      'r.task_pk',
      'r.charge_box_id',
      'r.status',
      'r.response',
      'r.error_code',
      'r.error_message',
      sql<boolean>`r.detail is not null`.as('has_detail'),
    ])
    .where('r.task_pk', 'in', taskPks)
    .where('r.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'r.charge_box_pk'))
    .orderBy('r.charge_box_id')
    .execute();
}

export function resultDetail(db: Executor, scope: TenantScope, taskPk: number, chargeBoxId: string) {
  return db
    .selectFrom('operation_task_results as r')
    .select(['r.detail', 'r.status'])
    .where('r.task_pk', '=', taskPk)
    .where('r.charge_box_id', '=', chargeBoxId)
    .where('r.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'r.charge_box_pk'))
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Reservations

/** Records the reservations of a ReserveNow (REQUESTED), one per station; their ids by station key. */
export async function insertReservations(
  db: Executor,
  rows: {
    chargeBoxPk: number;
    tenantPk: number;
    connectorId: number;
    idTag: string;
    parentIdTag: string | null;
    expiry: Date;
    taskPk: number;
  }[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db
    .insertInto('reservations')
    .values(
      rows.map((r) => ({
        charge_box_pk: r.chargeBoxPk,
        tenant_pk: r.tenantPk,
        connector_id: r.connectorId,
        id_tag: r.idTag,
        parent_id_tag: r.parentIdTag,
        expiry_date: r.expiry,
        task_pk: r.taskPk,
      })),
    )
    .returning(['reservation_pk', 'charge_box_pk'])
    .execute();
  return new Map(inserted.map((r) => [r.charge_box_pk, r.reservation_pk]));
}

/** The station's answer to a ReserveNow: ACCEPTED, or REFUSED with what it said (or why it was not sent). */
export async function answerReservation(db: Executor, reservationPk: number, accepted: boolean, stationAnswer: string | null) {
  await db
    .updateTable('reservations')
    .set({ status: accepted ? 'ACCEPTED' : 'REFUSED', station_answer: stationAnswer, updated_at: new Date() })
    .where('reservation_pk', '=', reservationPk)
    .where('status', '=', 'REQUESTED')
    .execute();
}

export async function cancelReservation(db: Executor, reservationPk: number, chargeBoxPk: number) {
  await db
    .updateTable('reservations')
    .set({ status: 'CANCELLED', updated_at: new Date() })
    .where('reservation_pk', '=', reservationPk)
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('status', 'in', ['REQUESTED', 'ACCEPTED'])
    .execute();
}

/** Open (requested or accepted, not expired) reservations of these stations. */
export function openReservations(db: Executor, chargeBoxPks: number[], now: Date) {
  if (chargeBoxPks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reservations')
    .select(['reservation_pk', 'charge_box_pk', 'connector_id', 'id_tag', 'expiry_date', 'status'])
    .where('charge_box_pk', 'in', chargeBoxPks)
    .where('status', 'in', ['REQUESTED', 'ACCEPTED'])
    .where('expiry_date', '>', now)
    .orderBy('expiry_date')
    .execute() as Promise<
    {
      reservation_pk: number;
      charge_box_pk: number;
      connector_id: number;
      id_tag: string;
      expiry_date: Date;
      status: 'REQUESTED' | 'ACCEPTED';
    }[]
  >;
}

/** The job: open reservations past their expiry become EXPIRED. Returns how many. */
export async function expireReservations(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .updateTable('reservations')
    .set({ status: 'EXPIRED', updated_at: now })
    .where('status', 'in', ['REQUESTED', 'ACCEPTED'])
    .where('expiry_date', '<=', now)
    .returning('reservation_pk')
    .execute();
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Local authorization lists

/** The local list each of these stations holds, as last sent or reported. */
export function localLists(db: Executor, chargeBoxPks: number[]) {
  if (chargeBoxPks.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('station_local_lists')
    .select(['charge_box_pk', 'list_version', 'entries', 'reported_version'])
    .where('charge_box_pk', 'in', chargeBoxPks)
    .execute();
}

/**
 * The next list version for a station: one past the greater of what we sent and what it reported.
 * Reserved at once (an upsert), so two sends to one station never share a version.
 */
export async function nextLocalListVersion(db: Executor, chargeBoxPk: number): Promise<number> {
  const row = await sql<{ v: number }>`
    insert into station_local_lists (charge_box_pk, list_version) values (${chargeBoxPk}, 1)
    on conflict (charge_box_pk) do update
      set list_version = greatest(station_local_lists.list_version, coalesce(station_local_lists.reported_version, 0)) + 1
    returning list_version as v
  `.execute(db);
  return Number(row.rows[0]!.v);
}

/** The station accepted a list: its version, and the size of a full one (`entries` counts the last full list). */
export async function recordLocalListSent(db: Executor, chargeBoxPk: number, version: number, fullEntries: number | null) {
  const now = new Date();
  await db
    .updateTable('station_local_lists')
    .set({ ...(fullEntries !== null ? { entries: fullEntries } : {}), sent_at: now, reported_version: version, reported_at: now })
    .where('charge_box_pk', '=', chargeBoxPk)
    .execute();
}

/** What GetLocalListVersion answered. */
export async function recordLocalListReported(db: Executor, chargeBoxPk: number, version: number) {
  await db
    .insertInto('station_local_lists')
    .values({ charge_box_pk: chargeBoxPk, reported_version: version, reported_at: new Date() })
    .onConflict((oc) => oc.column('charge_box_pk').doUpdateSet({ reported_version: version, reported_at: new Date() }))
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Remote start payment generation

/** The payment type chosen for the recharge a remote start makes, per station (before sending). */
export async function insertRemoteStartRequests(
  db: Executor,
  rows: { taskPk: number; chargeBoxPk: number; connectorId: number; idTag: string; paymentType: string }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('remote_start_requests')
    .values(
      rows.map((r) => ({
        task_pk: r.taskPk,
        charge_box_pk: r.chargeBoxPk,
        connector_id: r.connectorId,
        id_tag: r.idTag,
        payment_type: r.paymentType,
      })),
    )
    .execute();
}

/** The station did not take the remote start: its payment choice must not wait for another start. */
export async function dropRemoteStartRequest(db: Executor, taskPk: number, chargeBoxPk: number) {
  await db
    .deleteFrom('remote_start_requests')
    .where('task_pk', '=', taskPk)
    .where('charge_box_pk', '=', chargeBoxPk)
    .where('transaction_pk', 'is', null)
    .execute();
}
