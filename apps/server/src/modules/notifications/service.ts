import type { Kysely } from 'kysely';
import type { NotificationListQuery, NotificationListResponse } from '@recarga/contracts/notifications';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import * as repo from './repository';

export type { NewNotification } from './repository';

/**
 * Stores station events in the caller's transaction: the OCPP central system writes them beside the
 * message that caused them, and its write path batches many messages in one transaction. Returns
 * the new keys, to be published once the transaction commits.
 */
export function recordNotifications(trx: Executor, events: repo.NewNotification[]): Promise<number[]> {
  return repo.insertNotifications(trx, events);
}

/** Committed notifications with their tenant, for the live dashboards. */
export function notificationsForLive(db: Executor, notificationPks: number[]) {
  return repo.notificationsByPk(db, notificationPks);
}

/** Station events (alerts): listing for the dashboard. The OCPP central system writes them. */
export class NotificationService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(ctx: RequestContext, query: NotificationListQuery): Promise<NotificationListResponse> {
    const notificationList = await repo.listNotifications(this.db, ctx.tenantScope, {
      chargeBoxIds: query.chargeBoxIds,
      userPk: query.userPk,
      limit: query.limit,
    });
    return { notificationList };
  }
}
