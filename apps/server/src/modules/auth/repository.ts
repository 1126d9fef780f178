import { sql } from 'kysely';
import type { PermissionEntry } from '@recarga/contracts/auth';
import type { Executor } from '../../db/db';

/** Sign-in data. Lookups here are by e-mail across tenants: an e-mail is one account. */
export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select([
      'u.user_pk',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.password_hash',
      'u.active',
      'u.tenant_pk',
      'u.profile_pk',
      't.theme',
      't.language',
    ])
    .where(sql`lower(u.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function permissionsOf(db: Executor, profilePk: number | null): Promise<PermissionEntry[]> {
  if (profilePk === null) return [];
  const rows = await db
    .selectFrom('access_profile_entries')
    .select(['route', 'role_id', 'status'])
    .where('profile_pk', '=', profilePk)
    .orderBy('entry_pk')
    .execute();
  return rows.map((r) => ({
    ...(r.route !== null ? { route: r.route } : {}),
    ...(r.role_id !== null ? { role_id: r.role_id } : {}),
    status: r.status,
  }));
}

export async function recentFailures(db: Executor, emailLc: string, ip: string, since: Date) {
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where email_lc = ${emailLc})`.as('by_email'),
      sql<number>`count(*) filter (where ip = ${ip})`.as('by_ip'),
    ])
    .where('success', '=', false)
    .where('attempted_at', '>', since)
    .where((eb) => eb.or([eb('email_lc', '=', emailLc), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return { byEmail: Number(row.by_email), byIp: Number(row.by_ip) };
}

export async function recordAttempt(db: Executor, emailLc: string, ip: string, success: boolean) {
  await db.insertInto('login_attempts').values({ email_lc: emailLc, ip, success }).execute();
  if (success) {
    // A successful sign-in clears the e-mail's failure streak.
    await db.deleteFrom('login_attempts').where('email_lc', '=', emailLc).where('success', '=', false).execute();
  }
}

export async function createSession(db: Executor, userPk: number, expiresAt: Date, ip: string, userAgent: string | undefined) {
  const row = await db
    .insertInto('sessions')
    .values({ user_pk: userPk, expires_at: expiresAt, ip, user_agent: userAgent?.slice(0, 300) ?? null })
    .returning('session_id')
    .executeTakeFirstOrThrow();
  return row.session_id;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(db: Executor, userPk: number) {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_pk', '=', userPk).where('revoked_at', 'is', null).execute();
}

export function latestResetCode(db: Executor, userPk: number) {
  return db
    .selectFrom('password_reset_codes')
    .selectAll()
    .where('user_pk', '=', userPk)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('reset_pk', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function countResetCodesSince(db: Executor, userPk: number, since: Date) {
  const row = await db
    .selectFrom('password_reset_codes')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_pk', '=', userPk)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function replaceResetCode(db: Executor, userPk: number, codeHash: string, expiresAt: Date) {
  await db
    .updateTable('password_reset_codes')
    .set({ consumed_at: new Date() })
    .where('user_pk', '=', userPk)
    .where('consumed_at', 'is', null)
    .execute();
  await db.insertInto('password_reset_codes').values({ user_pk: userPk, code_hash: codeHash, expires_at: expiresAt }).execute();
}

export async function bumpResetAttempts(db: Executor, resetPk: number) {
  const row = await db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('reset_pk', '=', resetPk)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function consumeResetCode(db: Executor, resetPk: number) {
  await db.updateTable('password_reset_codes').set({ consumed_at: new Date() }).where('reset_pk', '=', resetPk).execute();
}

export async function setPassword(db: Executor, userPk: number, hash: string) {
  await db.updateTable('users').set({ password_hash: hash, updated_at: new Date() }).where('user_pk', '=', userPk).execute();
}
