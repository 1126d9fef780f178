import type { Kysely } from 'kysely';
import type { NotificationListQuery, NotificationListResponse } from '@recarga/contracts/notifications';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import * as repo from './repository';

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
