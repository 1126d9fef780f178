import { sql } from 'kysely';
import {
  alertNotificationTypes,
  BELL_LIMIT,
  BELL_UNREAD_CAP,
  defaultToastTypes,
  STATION_CLOCK_AHEAD_MS,
  type AlertSortKey,
  type AlertSeverity,
} from '@recarga/contracts/notification-types';
import type { Alert, BellItem, Notification } from '@recarga/contracts/notifications';
import type { Executor } from '../../db/db';
import type { NotificationType } from '../../db/schema-ocpp';
import { countUpTo } from '../../db/sql/count-up-to';
import { folded, likeContains } from '../../db/sql/like';
import { ownedStation } from '../../db/sql/owned-stations';
import type { TenantScope } from '../../platform/auth/context';

export interface NewNotification {
  chargeBoxPk: number;
  type: NotificationType;
  connectorId?: number | null;
  timestamp?: Date;
  userPk?: number | null;
  transactionPk?: number | null;
  errorCode?: string | null;
  errorMsg?: string | null;
  /** When the central system received it; the database's now() when absent. */
  receivedAt?: Date;
}

/**
 * Stores station events. The tenant is the station's at the time of the event (read in the same
 * statement), so a later move of the station does not move its history. Returns the new keys.
 */
export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('notifications')
    .columns([
      'tenant_pk',
      'charge_box_pk',
      'connector_id',
      'type',
      'notification_timestamp',
      'user_pk',
      'transaction_pk',
      'connector_error_code',
      'connector_error_msg',
      'received_at',
    ])
    .expression(
      sql`select cb.tenant_pk, v.charge_box_pk, v.connector_id, v.type, v.ts, v.user_pk, v.transaction_pk, v.error_code, v.error_msg, coalesce(v.received_at, now())
          from (values ${sql.join(
            rows.map(
              (r, i) =>
                sql`(${r.chargeBoxPk}::int, ${r.connectorId ?? null}::int, ${r.type}::text, ${(r.timestamp ?? new Date()).toISOString()}::timestamptz, ${r.userPk ?? null}::int, ${r.transactionPk ?? null}::int, ${r.errorCode ?? null}::text, ${r.errorMsg ?? null}::text, ${r.receivedAt?.toISOString() ?? null}::timestamptz, ${i}::int)`,
            ),
          )}) as v(charge_box_pk, connector_id, type, ts, user_pk, transaction_pk, error_code, error_msg, received_at, ord)
          join charge_boxes cb on cb.charge_box_pk = v.charge_box_pk
          order by v.ord`,
    )
    .returning('notification_pk')
    .execute();
  return inserted.map((r) => r.notification_pk);
}

function baseQuery(db: Executor) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('charge_boxes as cb', 'cb.charge_box_pk', 'n.charge_box_pk')
    .leftJoin('users as u', 'u.user_pk', 'n.user_pk')
    .select([
      'n.notification_pk',
      'n.tenant_pk',
      'cb.charge_box_id',
      'cb.description',
      'n.connector_id',
      'n.type',
      'n.notification_timestamp',
      'u.first_name',
      'u.last_name',
      'n.transaction_pk',
      'n.connector_error_msg',
      'n.connector_error_code',
      'cb.state',
      'cb.city',
      'cb.street',
      'n.received_at',
      'n.severity',
      'n.acknowledged_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function toNotification(r: Row): Notification {
  const userName = r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim();
  return {
    chargeBoxId: r.charge_box_id,
    chargeBoxName: r.description || r.charge_box_id,
    connectorId: r.connector_id,
    type: r.type,
    notificationTimestampDT: r.notification_timestamp.toISOString(),
    userName,
    transactionId: r.transaction_pk,
    connectorErrorMsg: r.connector_error_msg,
    connectorErrorCode: r.connector_error_code,
    addressState: r.state,
    addressCity: r.city,
    addressStreet: r.street,
  };
}

/** Newest first, only events of tenants in scope. */
export async function listNotifications(
  db: Executor,
  scope: TenantScope,
  filter: { chargeBoxIds?: string[]; userPk?: number; limit: number },
): Promise<Notification[]> {
  if (scope.tenantPks.length === 0) return [];
  let q = baseQuery(db).where('n.tenant_pk', 'in', scope.tenantPks).where(ownedStation(scope, 'n.charge_box_pk'));
  if (filter.chargeBoxIds?.length) q = q.where('cb.charge_box_id', 'in', filter.chargeBoxIds);
  if (filter.userPk !== undefined) q = q.where('n.user_pk', '=', filter.userPk);
  // By the time received: a station whose clock runs ahead does not pin its events to the top.
  const rows = await q.orderBy('n.received_at', 'desc').orderBy('n.notification_pk', 'desc').limit(filter.limit).execute();
  return rows.map(toNotification);
}

/** Events by key with their tenant, for publishing after commit (internal use, not scoped). */
export async function notificationsByPk(db: Executor, pks: number[]): Promise<{ tenantPk: number; notification: Notification }[]> {
  if (pks.length === 0) return [];
  const rows = await baseQuery(db).where('n.notification_pk', 'in', pks).orderBy('n.notification_pk').execute();
  return rows.map((r) => ({ tenantPk: r.tenant_pk, notification: toNotification(r) }));
}

/** The alert fields of a row (the acknowledger's name read beside it). */
function toAlert(r: Row & { ack_first_name: string | null; ack_last_name: string | null }): Alert {
  const ackBy = r.ack_first_name === null ? null : `${r.ack_first_name} ${r.ack_last_name ?? ''}`.trim();
  return {
    ...toNotification(r),
    notificationId: r.notification_pk,
    severity: r.severity,
    receivedAtDT: r.received_at.toISOString(),
    stationClockAhead: r.notification_timestamp.getTime() - r.received_at.getTime() > STATION_CLOCK_AHEAD_MS,
    acknowledgedAtDT: r.acknowledged_at?.toISOString() ?? null,
    acknowledgedBy: r.acknowledged_at === null ? null : ackBy,
  };
}

function alertQuery(db: Executor, scope: TenantScope) {
  return baseQuery(db)
    .leftJoin('users as ack', 'ack.user_pk', 'n.acknowledged_by')
    .select(['ack.first_name as ack_first_name', 'ack.last_name as ack_last_name'])
    .where('n.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'n.charge_box_pk'));
}

export interface AlertFilter {
  search?: string;
  severity?: AlertSeverity[];
  type?: NotificationType[];
  chargeBoxPk?: number;
  from?: Date;
  to?: Date;
  acknowledged?: boolean;
}

type AlertQuery = ReturnType<typeof alertQuery>;

function applyAlertFilter(q: AlertQuery, f: AlertFilter): AlertQuery {
  let out = q;
  if (f.severity?.length) out = out.where('n.severity', 'in', f.severity);
  if (f.type?.length) out = out.where('n.type', 'in', f.type);
  if (f.chargeBoxPk !== undefined) out = out.where('n.charge_box_pk', '=', f.chargeBoxPk);
  if (f.from) out = out.where('n.received_at', '>=', f.from);
  if (f.to) out = out.where('n.received_at', '<', f.to);
  if (f.acknowledged !== undefined) out = out.where('n.acknowledged_at', f.acknowledged ? 'is not' : 'is', null);
  // 000 §5: the search ignores spaces and case (and accents), in the station's name or ChargeBox ID.
  const term = (f.search ?? '').replace(/\s+/g, '');
  if (term) {
    const p = likeContains(term);
    out = out.where((eb) =>
      eb.or([
        eb(folded(sql<string>`replace(cb.charge_box_id, ' ', '')`), 'like', p),
        eb(folded(sql<string>`replace(coalesce(cb.description, ''), ' ', '')`), 'like', p),
      ]),
    );
  }
  return out;
}

/** The largest total an alerts list counts to; beyond it the pager shows this many. */
const ALERTS_COUNT_CAP = 100_000;

/**
 * A page of the scope's alerts, filtered, ordered and paged in SQL. The default order — newest
 * received first — reads notifications_tenant_received_idx (or the severity index with a severity).
 */
export async function listAlerts(
  db: Executor,
  scope: TenantScope,
  filter: AlertFilter,
  page: { offset: number; limit: number; sort: AlertSortKey; order: 'asc' | 'desc' },
): Promise<{ rows: Alert[]; total: number }> {
  if (scope.tenantPks.length === 0) return { rows: [], total: 0 };
  const filtered = applyAlertFilter(alertQuery(db, scope), filter);
  const dir = page.order;
  // Case and accents ignored (as the interface's collator would), blanks last either way.
  const text = (col: string) => sql`nullif(btrim(${folded(sql.ref(col))}), '') ${sql.raw(dir)} nulls last`;
  let q = filtered;
  switch (page.sort) {
    case 'station':
      q = q.orderBy(sql`${folded(sql`coalesce(nullif(cb.description, ''), cb.charge_box_id)`)} ${sql.raw(dir)}`);
      break;
    case 'state':
      q = q.orderBy(text('cb.state'));
      break;
    case 'city':
      q = q.orderBy(text('cb.city'));
      break;
    case 'place':
      q = q.orderBy(text('cb.street'));
      break;
    case 'event':
      q = q.orderBy('n.type', dir);
      break;
    default:
      break;
  }
  q = q.orderBy('n.received_at', page.sort === 'date' ? dir : 'desc').orderBy('n.notification_pk', page.sort === 'date' ? dir : 'desc');
  const [rows, total] = await Promise.all([
    q.limit(page.limit).offset(page.offset).execute(),
    countUpTo(db, applyAlertFilter(alertQuery(db, scope), filter).clearSelect().select('n.notification_pk'), ALERTS_COUNT_CAP),
  ]);
  return { rows: rows.map(toAlert), total: Math.min(total, ALERTS_COUNT_CAP) };
}

/** Of these keys, the ones of the scope's alerts. */
export async function alertPksInScope(db: Executor, scope: TenantScope, pks: number[]): Promise<number[]> {
  if (scope.tenantPks.length === 0 || pks.length === 0) return [];
  const rows = await db
    .selectFrom('notifications as n')
    .select('n.notification_pk')
    .where('n.notification_pk', 'in', pks)
    .where('n.tenant_pk', 'in', scope.tenantPks)
    .where(ownedStation(scope, 'n.charge_box_pk'))
    .execute();
  return rows.map((r) => r.notification_pk);
}

/** Acknowledges alerts by this user at `at`; one already acknowledged keeps its first who and when. */
export async function acknowledgeAlerts(db: Executor, pks: number[], userPk: number, at: Date): Promise<void> {
  if (pks.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ acknowledged_at: at, acknowledged_by: userPk })
    .where('notification_pk', 'in', pks)
    .where('acknowledged_at', 'is', null)
    .execute();
}

/** Alerts by key, in the scope, newest received first. */
export async function alertsByPk(db: Executor, scope: TenantScope, pks: number[]): Promise<Alert[]> {
  if (pks.length === 0 || scope.tenantPks.length === 0) return [];
  const rows = await alertQuery(db, scope)
    .where('n.notification_pk', 'in', pks)
    .orderBy('n.received_at', 'desc')
    .orderBy('n.notification_pk', 'desc')
    .execute();
  return rows.map(toAlert);
}

/** The user's bell settings, or the defaults when they never changed them. */
export async function userSettings(db: Executor, userPk: number): Promise<{ readUpTo: number; toastTypes: NotificationType[] }> {
  const row = await db
    .selectFrom('notification_user_settings')
    .select(['read_up_to', 'toast_types'])
    .where('user_pk', '=', userPk)
    .executeTakeFirst();
  return {
    readUpTo: Number(row?.read_up_to ?? 0),
    toastTypes: (row?.toast_types ?? [...defaultToastTypes]) as NotificationType[],
  };
}

export async function saveToastTypes(db: Executor, userPk: number, toastTypes: NotificationType[]): Promise<void> {
  await db
    .insertInto('notification_user_settings')
    .values({ user_pk: userPk, toast_types: toastTypes })
    .onConflict((oc) => oc.column('user_pk').doUpdateSet({ toast_types: toastTypes, updated_at: new Date() }))
    .execute();
}

/** Bell events (Failure, Warning, Disconnected) of the scope. */
function bellEvents(db: Executor, scope: TenantScope) {
  return alertQuery(db, scope).where('n.type', 'in', [...alertNotificationTypes]);
}

/** Whether `userPk` has read the row `n`: under their read_up_to or read one by one. */
const readByUser = (userPk: number, readUpTo: number) =>
  sql<boolean>`(n.notification_pk <= ${readUpTo} or exists (select 1 from notification_reads r where r.user_pk = ${userPk} and r.notification_pk = n.notification_pk))`;

/** The user's bell: the newest bell events with their read state, and how many are unread (up to the cap + 1). */
export async function bell(db: Executor, scope: TenantScope, userPk: number): Promise<{ list: BellItem[]; unread: number }> {
  if (scope.tenantPks.length === 0) return { list: [], unread: 0 };
  const { readUpTo } = await userSettings(db, userPk);
  const [rows, unread] = await Promise.all([
    bellEvents(db, scope)
      .select(readByUser(userPk, readUpTo).as('read'))
      .orderBy('n.received_at', 'desc')
      .orderBy('n.notification_pk', 'desc')
      .limit(BELL_LIMIT)
      .execute(),
    countUpTo(
      db,
      bellEvents(db, scope)
        .clearSelect()
        .select('n.notification_pk')
        .where('n.notification_pk', '>', readUpTo)
        .where(sql<boolean>`not ${readByUser(userPk, readUpTo)}`),
      BELL_UNREAD_CAP,
    ),
  ]);
  return { list: rows.map((r) => ({ ...toAlert(r), read: Boolean(r.read) })), unread };
}

/** Marks events read by the user (keys already checked to be in scope); again is harmless. */
export async function markRead(db: Executor, userPk: number, pks: number[]): Promise<void> {
  if (pks.length === 0) return;
  await db
    .insertInto('notification_reads')
    .values(pks.map((notification_pk) => ({ user_pk: userPk, notification_pk })))
    .onConflict((oc) => oc.columns(['user_pk', 'notification_pk']).doNothing())
    .execute();
}

/**
 * Marks every bell event of the scope read by the user: read_up_to moves to the newest one's key
 * (never back), and the one-by-one reads under it are no longer needed.
 */
export async function markAllRead(db: Executor, scope: TenantScope, userPk: number): Promise<void> {
  if (scope.tenantPks.length === 0) return;
  const newest = await bellEvents(db, scope)
    .clearSelect()
    .select((eb) => eb.fn.max('n.notification_pk').as('pk'))
    .executeTakeFirst();
  const upTo = Number(newest?.pk ?? 0);
  if (!upTo) return;
  await db
    .insertInto('notification_user_settings')
    .values({ user_pk: userPk, read_up_to: upTo })
    .onConflict((oc) =>
      oc
        .column('user_pk')
        .doUpdateSet({ read_up_to: sql`greatest(notification_user_settings.read_up_to, excluded.read_up_to)`, updated_at: new Date() }),
    )
    .execute();
  await db.deleteFrom('notification_reads').where('user_pk', '=', userPk).where('notification_pk', '<=', upTo).execute();
}
