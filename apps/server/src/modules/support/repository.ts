import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, Executor } from '../../db/db';
import type { SupportMessagesTable } from '../../db/schema-support';

/** Count results are strings from `pg` and numbers from PGlite. */
const num = (v: unknown) => Number(v ?? 0);

/** The tenant's brand and where its support mail goes: its own address, else the nearest ancestor's. */
export async function supportTarget(db: Executor, tenantPk: number) {
  const tenant = await db
    .selectFrom('tenants')
    .select(['tenant_pk', 'name', 'alias', 'path', 'language'])
    .where('tenant_pk', '=', tenantPk)
    .executeTakeFirst();
  if (!tenant) return undefined;
  // Ancestors are the tenants whose path is a prefix of this one's; the longest path is the nearest.
  const address = await db
    .selectFrom('tenants')
    .select('support_email')
    .where('support_email', 'is not', null)
    .where('support_email', '<>', '')
    .where(sql<boolean>`${tenant.path} like path || '%'`)
    .orderBy(sql`length(path)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...tenant, supportEmail: address?.support_email ?? null };
}

/** The tenant whose api key the public form sent, or (no key) the one of the host name ('*' as fallback). */
export async function tenantForPublicCall(db: Executor, apiKey: string | undefined, host: string) {
  if (apiKey) {
    return db.selectFrom('tenants').select('tenant_pk').where('api_key', '=', apiKey).executeTakeFirst();
  }
  const rows = await db.selectFrom('tenant_hosts').select(['host', 'tenant_pk']).where('host', 'in', [host, '*']).execute();
  return rows.find((r) => r.host === host) ?? rows.find((r) => r.host === '*');
}

export type ThrottleKey = { kind: 'user'; userPk: number } | { kind: 'client'; address: string };

/**
 * Records a message about to be mailed, unless its sender already wrote `max` messages since
 * `since`. The count and the insert run under one advisory lock per sender, so parallel requests
 * cannot exceed the limit. Answers the new row's key, or null when over the limit.
 */
export async function reserveMessage(
  db: Kysely<DB>,
  row: Insertable<SupportMessagesTable>,
  throttle: ThrottleKey,
  max: number,
  since: Date,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const lockKey = throttle.kind === 'user' ? `support-user:${throttle.userPk}` : `support-client:${throttle.address}`;
    await sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`.execute(trx);
    let count = trx
      .selectFrom('support_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '>=', since);
    count =
      throttle.kind === 'user'
        ? count.where('user_pk', '=', throttle.userPk)
        : count.where('client_address', '=', throttle.address).where('user_pk', 'is', null);
    const { n } = await count.executeTakeFirstOrThrow();
    if (num(n) >= max) return null;
    const inserted = await trx.insertInto('support_messages').values(row).returning('support_message_pk').executeTakeFirstOrThrow();
    return inserted.support_message_pk;
  });
}

/** The outcome of the mail. */
export async function finishMessage(
  db: Executor,
  pk: number,
  outcome: { status: 'sent' | 'failed'; recipient: string | null; error: string | null; at: Date },
) {
  return db
    .updateTable('support_messages')
    .set({
      status: outcome.status,
      recipient: outcome.recipient,
      error: outcome.error,
      sent_at: outcome.status === 'sent' ? outcome.at : null,
    })
    .where('support_message_pk', '=', pk)
    .returning(['support_message_pk', 'subject', 'message', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** A user's own messages, newest first, one page. */
export async function listOwnMessages(db: Executor, userPk: number, tenantPk: number, page: number, size: number) {
  const base = db.selectFrom('support_messages').where('user_pk', '=', userPk).where('tenant_pk', '=', tenantPk);
  const [rows, total] = await Promise.all([
    base
      .select(['support_message_pk', 'subject', 'message', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('support_message_pk', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: num(total.n) };
}
