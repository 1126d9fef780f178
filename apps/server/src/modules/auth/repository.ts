import { sql, type Kysely } from 'kysely';
import type { PermissionEntry } from '@recarga/contracts/auth';
import type { DB, Executor } from '../../db/db';
import type { RecoveryCounterKind } from '../../db/schema';

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
      't.module_monetization',
      't.module_vouchers',
      't.module_smart_charging',
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

/** The sign-in counters of an e-mail and an address (failures since `since`). */
export interface LoginCounts {
  /** Failures of this e-mail from this address. */
  pair: { failures: number; lastAt: Date | null };
  /** Failures from this address, any e-mail. */
  address: { failures: number; lastAt: Date | null };
  /** Failures of this e-mail, from anywhere. */
  email: { failures: number; lastAt: Date | null };
  /** This address signed in to this e-mail since `knownSince`: a place its owner uses. */
  knownAddress: boolean;
}

export async function loginCounts(db: Executor, emailLc: string, ip: string, since: Date, knownSince: Date): Promise<LoginCounts> {
  const failed = sql`not success and attempted_at > ${since}`;
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where ${failed} and email_lc = ${emailLc} and ip = ${ip})`.as('pair'),
      sql<Date | null>`max(attempted_at) filter (where ${failed} and email_lc = ${emailLc} and ip = ${ip})`.as('pair_last'),
      sql<number>`count(*) filter (where ${failed} and ip = ${ip})`.as('by_ip'),
      sql<Date | null>`max(attempted_at) filter (where ${failed} and ip = ${ip})`.as('ip_last'),
      sql<number>`count(*) filter (where ${failed} and email_lc = ${emailLc})`.as('by_email'),
      sql<Date | null>`max(attempted_at) filter (where ${failed} and email_lc = ${emailLc})`.as('email_last'),
      sql<boolean>`coalesce(bool_or(success and email_lc = ${emailLc} and ip = ${ip}), false)`.as('known'),
    ])
    .where('attempted_at', '>', knownSince < since ? knownSince : since)
    .where((eb) => eb.or([eb('email_lc', '=', emailLc), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  return {
    pair: { failures: Number(row.pair), lastAt: date(row.pair_last) },
    address: { failures: Number(row.by_ip), lastAt: date(row.ip_last) },
    email: { failures: Number(row.by_email), lastAt: date(row.email_last) },
    knownAddress: Boolean(row.known),
  };
}

export type Reservation = { attemptPk: number } | { retryAfterSec: number };

/**
 * Reserves one sign-in check for the e-mail and the address, atomically: under a transaction-level
 * lock per e-mail and per address (always taken in that order, so two sign-ins never wait on each
 * other in a circle), the counters are read and `wait` decides; when no wait is due a failure is
 * recorded at once. So no more checks than the rule allows are ever made, however many guesses
 * arrive together.
 */
export async function reserveAttempt(
  db: Kysely<DB>,
  emailLc: string,
  ip: string,
  now: Date,
  wait: (counts: LoginCounts) => number | null,
  windows: { since: Date; knownSince: Date },
): Promise<Reservation> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${'login-email:' + emailLc}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtext(${'login-ip:' + ip}))`.execute(trx);
    const retryAfterSec = wait(await loginCounts(trx, emailLc, ip, windows.since, windows.knownSince));
    if (retryAfterSec !== null) return { retryAfterSec };
    const row = await trx
      .insertInto('login_attempts')
      .values({ email_lc: emailLc, ip, success: false, attempted_at: now })
      .returning('attempt_pk')
      .executeTakeFirstOrThrow();
    return { attemptPk: row.attempt_pk };
  });
}

/** Gives back a reserved check that never reached the password (the captcha failed). */
export async function releaseAttempt(db: Executor, attemptPk: number) {
  await db.deleteFrom('login_attempts').where('attempt_pk', '=', attemptPk).execute();
}

/**
 * The reserved check succeeded: it is recorded as a success (the address becomes a known place of
 * the e-mail) and the failures of this e-mail from this address are cleared. Failures from other
 * addresses stay: a stranger's guesses are not forgiven because the owner signed in.
 */
export async function attemptSucceeded(db: Executor, attemptPk: number, emailLc: string, ip: string) {
  await db.updateTable('login_attempts').set({ success: true }).where('attempt_pk', '=', attemptPk).execute();
  await db.deleteFrom('login_attempts').where('email_lc', '=', emailLc).where('ip', '=', ip).where('success', '=', false).execute();
}

/** Forgets failures that left the window and successes older than the known-address memory. */
export async function sweepLoginAttempts(db: Executor, failuresBefore: Date, successesBefore: Date) {
  await db
    .deleteFrom('login_attempts')
    .where((eb) =>
      eb.or([
        eb.and([eb('success', '=', false), eb('attempted_at', '<', failuresBefore)]),
        eb.and([eb('success', '=', true), eb('attempted_at', '<', successesBefore)]),
      ]),
    )
    .execute();
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

/**
 * Counts one recovery request or code check against a key (an e-mail or a client address) and
 * answers the count of the current window, in one statement: parallel requests cannot read the
 * same count. A window older than `windowStart` starts again at 1.
 */
export async function bumpRecoveryCounter(db: Executor, kind: RecoveryCounterKind, key: string, now: Date, windowStart: Date) {
  const row = await db
    .insertInto('recovery_counters')
    .values({ kind, key, window_start: now, count: 1, last_at: now })
    .onConflict((oc) =>
      oc.columns(['kind', 'key']).doUpdateSet({
        last_at: now,
        count: sql<number>`case when recovery_counters.window_start < ${windowStart} then 1 else recovery_counters.count + 1 end`,
        window_start: sql<Date>`case when recovery_counters.window_start < ${windowStart} then ${now} else recovery_counters.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** When a key was last counted (null: not within the kept windows). */
export async function lastRecoveryAt(db: Executor, kind: RecoveryCounterKind, key: string): Promise<Date | null> {
  const row = await db.selectFrom('recovery_counters').select('last_at').where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
  return row?.last_at ?? null;
}

export async function sweepRecoveryCounters(db: Executor, before: Date) {
  await db.deleteFrom('recovery_counters').where('window_start', '<', before).execute();
}
