import type { Insertable, Kysely } from 'kysely';
import type { DB, Executor } from '../../db/db';
import type { PushNotificationsTable } from '../../db/schema-support';

const num = (v: unknown) => Number(v ?? 0);

/** The tenant's brand name (the notification's title). */
export function tenantName(db: Executor, tenantPk: number) {
  return db.selectFrom('tenants').select(['name']).where('tenant_pk', '=', tenantPk).executeTakeFirst();
}

/** The registered devices of the tenant's active app users. */
export function devicesOfTenant(db: Executor, tenantPk: number) {
  return db
    .selectFrom('push_devices as d')
    .innerJoin('users as u', 'u.user_pk', 'd.user_pk')
    .select(['d.token', 'd.user_pk'])
    .where('u.tenant_pk', '=', tenantPk)
    .where('u.active', '=', true)
    .orderBy('d.push_device_pk')
    .execute();
}

export async function insertNotification(db: Executor, row: Insertable<PushNotificationsTable>) {
  const r = await db.insertInto('push_notifications').values(row).returning('push_notification_pk').executeTakeFirstOrThrow();
  return r.push_notification_pk;
}

const columns = [
  'push_notification_pk',
  'created_at',
  'sender_name',
  'message',
  'recipients',
  'devices',
  'delivered',
  'provider',
  'status',
  'error',
] as const;

/** Records the outcome, and forgets the tokens the provider no longer knows — in one transaction. */
export function finishNotification(
  db: Kysely<DB>,
  pk: number,
  outcome: { status: 'sent' | 'partial' | 'failed'; delivered: number; error: string | null; at: Date; unregistered: string[] },
) {
  return db.transaction().execute(async (trx) => {
    if (outcome.unregistered.length) await trx.deleteFrom('push_devices').where('token', 'in', outcome.unregistered).execute();
    return trx
      .updateTable('push_notifications')
      .set({
        status: outcome.status,
        delivered: outcome.delivered,
        error: outcome.error,
        sent_at: outcome.status === 'failed' ? null : outcome.at,
      })
      .where('push_notification_pk', '=', pk)
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
}

/** The tenant's notifications, newest first, one page. */
export async function listNotifications(db: Executor, tenantPk: number, page: number, size: number) {
  const base = db.selectFrom('push_notifications').where('tenant_pk', '=', tenantPk);
  const [rows, total] = await Promise.all([
    base
      .select(columns)
      .orderBy('created_at', 'desc')
      .orderBy('push_notification_pk', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: num(total.n) };
}
