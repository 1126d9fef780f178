import type { Kysely } from 'kysely';
import {
  pushMessages,
  type PushListQuery,
  type PushListResponse,
  type PushNotification,
  type PushSendResponse,
} from '@recarga/contracts/push';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, badRequest } from '../../platform/errors';
import { PushProviderError, type PushProvider } from './push-provider';
import * as repo from './repository';

export interface PushDeps {
  db: Kysely<DB>;
  /** The provider of a network's pushes (its own FCM account, else the server's provider). */
  providerOf: (tenantPk: number) => Promise<PushProvider>;
  now?: () => Date;
}

type Row = Awaited<ReturnType<typeof repo.finishNotification>>;

const asNotification = (r: Row): PushNotification => ({
  id: r.push_notification_pk,
  createdAt: new Date(r.created_at).toISOString(),
  senderName: r.sender_name,
  message: r.message,
  recipients: r.recipients,
  devices: r.devices,
  delivered: r.delivered,
  provider: r.provider,
  status: r.status,
  error: r.error,
});

/**
 * Push notifications to the app users of the sender's own network (those with a registered
 * device): stored in the outbox first, then handed to the provider, the outcome recorded.
 */
export class PushService {
  private readonly now: () => Date;
  constructor(private readonly deps: PushDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async send(ctx: RequestContext, input: { message: string }): Promise<PushSendResponse> {
    const { db } = this.deps;
    const tenantPk = ctx.user.tenantPk;
    const provider = await this.deps.providerOf(tenantPk);
    const tenant = await repo.tenantName(db, tenantPk);
    if (!tenant) throw badRequest('Unknown tenant');
    const devices = await repo.devicesOfTenant(db, tenantPk);
    if (!devices.length) throw new AppError(422, 'NO_RECIPIENTS', pushMessages.noRecipients);
    const at = this.now();
    const pk = await repo.insertNotification(db, {
      tenant_pk: tenantPk,
      sender_user_pk: ctx.user.userPk,
      sender_name: ctx.user.name,
      message: input.message,
      provider: provider.name,
      recipients: new Set(devices.map((d) => d.user_pk)).size,
      devices: devices.length,
      error: null,
      created_at: at,
      sent_at: null,
    });

    let row: Row;
    try {
      const deliveries = await provider.send(
        { title: tenant.name, body: input.message },
        devices.map((d) => d.token),
      );
      const delivered = deliveries.filter((d) => d.ok).length;
      const firstError = deliveries.find((d) => !d.ok)?.error ?? null;
      row = await repo.finishNotification(db, pk, {
        status: delivered === deliveries.length ? 'sent' : delivered > 0 ? 'partial' : 'failed',
        delivered,
        error: firstError?.slice(0, 500) ?? null,
        at: this.now(),
        unregistered: deliveries.filter((d) => d.unregistered).map((d) => d.token),
      });
    } catch (err) {
      if (!(err instanceof PushProviderError)) {
        await repo.finishNotification(db, pk, {
          status: 'failed',
          delivered: 0,
          error: 'Internal error',
          at: this.now(),
          unregistered: [],
        });
        throw err;
      }
      await repo.finishNotification(db, pk, {
        status: 'failed',
        delivered: 0,
        error: err.message.slice(0, 500),
        at: this.now(),
        unregistered: [],
      });
      throw new AppError(502, 'PUSH_FAILED', `${pushMessages.providerFailed} ${err.message}`.slice(0, 300));
    }
    if (row.status === 'failed')
      throw new AppError(502, 'PUSH_FAILED', `${pushMessages.providerFailed} ${row.error ?? ''}`.trim().slice(0, 300));
    return { message: pushMessages.sent, notification: asNotification(row) };
  }

  async list(ctx: RequestContext, query: PushListQuery): Promise<PushListResponse> {
    const { rows, total } = await repo.listNotifications(this.deps.db, ctx.user.tenantPk, query.page, query.size);
    return { content: rows.map(asNotification), totalElements: total };
  }
}
