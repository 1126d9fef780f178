import { sql } from 'kysely';
import type { Notification } from '@recarga/contracts/notifications';
import type { Executor } from '../../db/db';
import type { NotificationType } from '../../db/schema-ocpp';
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
    ])
    .expression(
      sql`select cb.tenant_pk, v.charge_box_pk, v.connector_id, v.type, v.ts, v.user_pk, v.transaction_pk, v.error_code, v.error_msg
          from (values ${sql.join(
            rows.map(
              (r, i) =>
                sql`(${r.chargeBoxPk}::int, ${r.connectorId ?? null}::int, ${r.type}::text, ${(r.timestamp ?? new Date()).toISOString()}::timestamptz, ${r.userPk ?? null}::int, ${r.transactionPk ?? null}::int, ${r.errorCode ?? null}::text, ${r.errorMsg ?? null}::text, ${i}::int)`,
            ),
          )}) as v(charge_box_pk, connector_id, type, ts, user_pk, transaction_pk, error_code, error_msg, ord)
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
  const rows = await q.orderBy('n.notification_timestamp', 'desc').orderBy('n.notification_pk', 'desc').limit(filter.limit).execute();
  return rows.map(toNotification);
}

/** Events by key with their tenant, for publishing after commit (internal use, not scoped). */
export async function notificationsByPk(db: Executor, pks: number[]): Promise<{ tenantPk: number; notification: Notification }[]> {
  if (pks.length === 0) return [];
  const rows = await baseQuery(db).where('n.notification_pk', 'in', pks).orderBy('n.notification_pk').execute();
  return rows.map((r) => ({ tenantPk: r.tenant_pk, notification: toNotification(r) }));
}
