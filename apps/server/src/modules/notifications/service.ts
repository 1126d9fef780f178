import type { Kysely } from 'kysely';
import type {
  AcknowledgeAlertsResponse,
  AlertListQuery,
  AlertListResponse,
  BellResponse,
  NotificationListQuery,
  NotificationListResponse,
  NotificationPreferences,
} from '@recarga/contracts/notifications';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { notFound } from '../../platform/errors';
import * as repo from './repository';

/** Some of the asked keys are not alerts the caller may see: nothing is written. */
const alertNotFound = () => notFound('Alerta não encontrado.', 'ALERT_NOT_FOUND');

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
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(ctx: RequestContext, query: NotificationListQuery): Promise<NotificationListResponse> {
    const notificationList = await repo.listNotifications(this.db, ctx.tenantScope, {
      chargeBoxIds: query.chargeBoxIds,
      userPk: query.userPk,
      limit: query.limit,
    });
    return { notificationList };
  }

  /** The alerts screen: filtered, ordered by the time received (or a column) and paged in SQL. */
  async alerts(ctx: RequestContext, query: AlertListQuery): Promise<AlertListResponse> {
    const { rows, total } = await repo.listAlerts(
      this.db,
      ctx.tenantScope,
      {
        search: query.search,
        severity: query.severity,
        type: query.type,
        chargeBoxPk: query.chargeBoxPk,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        acknowledged: query.acknowledged === undefined ? undefined : query.acknowledged === 'true',
      },
      { offset: (query.page - 1) * query.size, limit: query.size, sort: query.sort, order: query.order },
    );
    return { content: rows, totalElements: total };
  }

  /**
   * Acknowledges alerts for the caller's tenant, recording who and when. Every key must be an alert
   * the caller may see, or nothing is written; acknowledging again keeps the first who and when.
   */
  async acknowledge(ctx: RequestContext, notificationIds: number[]): Promise<AcknowledgeAlertsResponse> {
    const wanted = [...new Set(notificationIds)];
    const inScope = await repo.alertPksInScope(this.db, ctx.tenantScope, wanted);
    if (inScope.length !== wanted.length) throw alertNotFound();
    await repo.acknowledgeAlerts(this.db, wanted, ctx.user.userPk, this.now());
    return { content: await repo.alertsByPk(this.db, ctx.tenantScope, wanted) };
  }

  /** The caller's bell: newest Failure, Warning and Disconnected events, read state and unread count. */
  async bell(ctx: RequestContext): Promise<BellResponse> {
    const { list, unread } = await repo.bell(this.db, ctx.tenantScope, ctx.user.userPk);
    return { notificationList: list, unreadCount: unread };
  }

  /** Marks events read by the caller (only events the caller may see; again is harmless). */
  async markRead(ctx: RequestContext, notificationIds: number[]): Promise<BellResponse> {
    const wanted = [...new Set(notificationIds)];
    const inScope = await repo.alertPksInScope(this.db, ctx.tenantScope, wanted);
    if (inScope.length !== wanted.length) throw alertNotFound();
    await repo.markRead(this.db, ctx.user.userPk, inScope);
    return this.bell(ctx);
  }

  async markAllRead(ctx: RequestContext): Promise<BellResponse> {
    await repo.markAllRead(this.db, ctx.tenantScope, ctx.user.userPk);
    return this.bell(ctx);
  }

  async preferences(ctx: RequestContext): Promise<NotificationPreferences> {
    const { toastTypes } = await repo.userSettings(this.db, ctx.user.userPk);
    return { toastTypes };
  }

  async savePreferences(ctx: RequestContext, prefs: NotificationPreferences): Promise<NotificationPreferences> {
    await repo.saveToastTypes(this.db, ctx.user.userPk, [...new Set(prefs.toastTypes)]);
    return this.preferences(ctx);
  }
}
