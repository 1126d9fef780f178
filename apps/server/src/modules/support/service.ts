import type { Kysely } from 'kysely';
import {
  supportMessages,
  type ContactInput,
  type SupportMailInput,
  type SupportListQuery,
  type SupportListResponse,
  type SupportMessage,
  type SupportSendResponse,
  type SupportSubject,
} from '@recarga/contracts/support';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import type { Captcha } from '../../platform/captcha/captcha';
import { AppError, badRequest } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/mailer';
import * as repo from './repository';
import { supportMail } from './support-mail';

/**
 * How many messages one sender may send per window: a signed-in user (support form) and a client
 * address (public contact form). Failed attempts count too: a script cannot mail-bomb the address.
 */
export const SUPPORT_LIMITS = { perUser: 5, perClient: 3, windowMs: 15 * 60_000 } as const;

export interface SupportDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  captcha: Captcha;
  /** SUPPORT_MAIL_TO: the platform's address when neither the tenant nor an ancestor set one. */
  platformAddress?: string;
  now?: () => Date;
}

interface Outgoing {
  tenantPk: number;
  origin: 'dashboard' | 'contact';
  subject: SupportSubject;
  message: string;
  sender: { name: string; email: string; phone: string | null; userPk: number | null };
  clientAddress: string | null;
  throttle: repo.ThrottleKey;
  max: number;
}

const tooMany = () =>
  new AppError(429, 'TOO_MANY_MESSAGES', supportMessages.throttled, undefined, { 'retry-after': String(SUPPORT_LIMITS.windowMs / 1000) });

const asMessage = (r: {
  support_message_pk: number;
  subject: SupportSubject;
  message: string;
  status: SupportMessage['status'];
  created_at: Date;
}) => ({
  id: r.support_message_pk,
  subject: r.subject,
  message: r.message,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Support mail and the contact form: one path — throttle, store, mail, record the outcome. */
export class SupportService {
  private readonly now: () => Date;
  constructor(private readonly deps: SupportDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** POST settings/supportMail: the signed-in user writes to their network's support. */
  async send(ctx: RequestContext, input: SupportMailInput): Promise<SupportSendResponse> {
    const row = await this.deliver({
      tenantPk: ctx.user.tenantPk,
      origin: 'dashboard',
      subject: input.subject,
      message: input.message,
      sender: { name: ctx.user.name, email: ctx.user.email, phone: null, userPk: ctx.user.userPk },
      clientAddress: null,
      throttle: { kind: 'user', userPk: ctx.user.userPk },
      max: SUPPORT_LIMITS.perUser,
    });
    return { message: supportMessages.sent, supportMessage: asMessage(row) };
  }

  /** The caller's own messages, newest first. */
  async list(ctx: RequestContext, query: SupportListQuery): Promise<SupportListResponse> {
    const { rows, total } = await repo.listOwnMessages(this.deps.db, ctx.user.userPk, ctx.user.tenantPk, query.page, query.size);
    return { content: rows.map(asMessage), totalElements: total };
  }

  /** POST contact: a signed-out visitor writes to the support of the network the page belongs to. */
  async contact(input: ContactInput, meta: { ip: string; apiKey?: string; host: string }): Promise<{ message: string }> {
    if (!(await this.deps.captcha.verify(input.recaptchaResponse, meta.ip))) {
      throw badRequest(supportMessages.captcha, { recaptchaResponse: supportMessages.captcha }, 'CAPTCHA_INVALID');
    }
    const tenant = await repo.tenantForPublicCall(this.deps.db, meta.apiKey, meta.host);
    if (!tenant) throw badRequest(supportMessages.unknownTenant, undefined, 'UNKNOWN_TENANT');
    await this.deliver({
      tenantPk: tenant.tenant_pk,
      origin: 'contact',
      subject: input.subject,
      message: input.message,
      sender: { name: `${input.firstName} ${input.lastName}`, email: input.email, phone: input.phone ?? null, userPk: null },
      clientAddress: meta.ip,
      throttle: { kind: 'client', address: meta.ip },
      max: SUPPORT_LIMITS.perClient,
    });
    return { message: supportMessages.sent };
  }

  private async deliver(m: Outgoing) {
    const { db } = this.deps;
    const at = this.now();
    const target = await repo.supportTarget(db, m.tenantPk);
    if (!target) throw badRequest(supportMessages.unknownTenant, undefined, 'UNKNOWN_TENANT');
    const pk = await repo.reserveMessage(
      db,
      {
        tenant_pk: m.tenantPk,
        user_pk: m.sender.userPk,
        origin: m.origin,
        sender_name: m.sender.name,
        sender_email: m.sender.email,
        sender_phone: m.sender.phone,
        subject: m.subject,
        message: m.message,
        recipient: null,
        error: null,
        client_address: m.clientAddress,
        created_at: at,
        sent_at: null,
      },
      m.throttle,
      m.max,
      new Date(at.getTime() - SUPPORT_LIMITS.windowMs),
    );
    if (pk === null) throw tooMany();

    const to = target.supportEmail ?? this.deps.platformAddress ?? null;
    if (!to) {
      await repo.finishMessage(db, pk, { status: 'failed', recipient: null, error: 'No support address configured', at });
      throw new AppError(503, 'SUPPORT_ADDRESS_MISSING', supportMessages.noAddress);
    }
    try {
      await this.deps.mailer.send(
        supportMail({
          to,
          origin: m.origin,
          subject: m.subject,
          message: m.message,
          sender: m.sender,
          tenant: target,
          at,
        }),
      );
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'Mail delivery failed';
      await repo.finishMessage(db, pk, { status: 'failed', recipient: to, error: reason, at });
      throw new AppError(502, 'MAIL_FAILED', supportMessages.mailFailed);
    }
    return repo.finishMessage(db, pk, { status: 'sent', recipient: to, error: null, at });
  }
}
