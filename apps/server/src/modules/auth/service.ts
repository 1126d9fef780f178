import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChangePasswordRequest, LoginRequest, LoginResponse, RecoveryResponse, SendCodeRequest } from '@recarga/contracts/auth';
import type { DB } from '../../db/db';
import type { Bus } from '../../platform/bus';
import { announceSessionEnded } from '../../platform/auth/session-ended';
import type { Captcha } from '../../platform/captcha/captcha';
import { AppError, badRequest, unauthorized, forbidden } from '../../platform/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/auth/password';
import type { TokenSigner } from '../../platform/auth/tokens';
import type { RequestContext } from '../../platform/auth/context';
import type { Mailer } from '../../platform/mail/mailer';
import { t } from '../../platform/i18n';
import { SIGN_IN_WINDOW_MS, retryAfterSeconds } from '../../platform/auth/sign-in-backoff';
import * as repo from './repository';

const LOGIN_WINDOW_MS = SIGN_IN_WINDOW_MS;
/** Failures allowed before a wait: of one e-mail from one address, from one address, of one e-mail from anywhere. */
export const FREE_FAILURES = { pair: 5, address: 30, email: 5 } as const;
/** How long an address stays a known place of an e-mail after signing in to it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
const RESET_CODE_TTL_MS = 15 * 60_000;
const MAX_RESET_ATTEMPTS = 5;
const MAX_CODES_PER_WINDOW = 5;

export interface AuthDeps {
  db: Kysely<DB>;
  captcha: Captcha;
  mailer: Mailer;
  signer: TokenSigner;
  sessionTtlMs: number;
  codeSecret: string;
  /** Where the end of sessions is announced to every node (their live sockets close). */
  bus: Bus;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

const tooMany = (message: string, retryAfterSec?: number) =>
  new AppError(429, 'TOO_MANY_ATTEMPTS', message, undefined, retryAfterSec ? { 'retry-after': String(retryAfterSec) } : undefined);

/**
 * How long a sign-in must wait, if at all. Guesses are slowed per (e-mail, address) and per address;
 * the e-mail's own counter (guesses from anywhere) does not hold back an address the account
 * signed in from before, so a stranger's guesses never keep the owner out of their usual places.
 */
export function loginWait(c: repo.LoginCounts, now: Date): number | null {
  const counters = [
    { ...c.pair, free: FREE_FAILURES.pair },
    { ...c.address, free: FREE_FAILURES.address },
    ...(c.knownAddress ? [] : [{ ...c.email, free: FREE_FAILURES.email }]),
  ];
  return retryAfterSeconds(counters, now);
}

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private async requireCaptcha(response: string, ip: string) {
    if (!(await this.deps.captcha.verify(response, ip))) {
      throw badRequest('Human verification failed', { recaptchaResponse: 'Human verification failed' }, 'CAPTCHA_INVALID');
    }
  }

  async login(input: LoginRequest, meta: ClientMeta): Promise<LoginResponse> {
    const { db } = this.deps;
    const emailLc = input.email.trim().toLowerCase();
    // The check is reserved (and counted as a failure) before the password is looked at.
    const now = new Date();
    const reserved = await repo.reserveAttempt(db, emailLc, meta.ip, now, (c) => loginWait(c, now), {
      since: new Date(now.getTime() - LOGIN_WINDOW_MS),
      knownSince: new Date(now.getTime() - KNOWN_ADDRESS_MS),
    });
    if ('retryAfterSec' in reserved) throw tooMany('Too many failed sign-in attempts. Try again later.', reserved.retryAfterSec);
    const attempt = reserved.attemptPk;
    try {
      await this.requireCaptcha(input.recaptchaResponse, meta.ip);
    } catch (err) {
      await repo.releaseAttempt(db, attempt);
      throw err;
    }

    const user = await repo.findUserByEmail(db, emailLc);
    const passwordOk = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !passwordOk) throw unauthorized('E-mail or password is incorrect', 'INVALID_CREDENTIALS');
    if (!user.active) throw forbidden('User is blocked', 'USER_BLOCKED');
    const permissions = await repo.permissionsOf(db, user.profile_pk);
    if (!permissions.some((p) => p.status)) throw unauthorized('User has no dashboard permission', 'NO_PERMISSION');
    const expiresAt = new Date(Date.now() + this.deps.sessionTtlMs);
    const sessionId = await db.transaction().execute(async (trx) => {
      await repo.attemptSucceeded(trx, attempt, emailLc, meta.ip);
      return repo.createSession(trx, user.user_pk, expiresAt, meta.ip, meta.userAgent);
    });
    return {
      token: this.deps.signer.sign(sessionId, expiresAt),
      user: {
        id: user.user_pk,
        name: `${user.first_name} ${user.last_name}`.trim(),
        tenant_pk: user.tenant_pk,
        permissions,
      },
    };
  }

  /** Forgets sign-in failures that left the window and known places unused for KNOWN_ADDRESS_MS. */
  async sweepAttempts(now = new Date()) {
    await repo.sweepLoginAttempts(this.deps.db, new Date(now.getTime() - LOGIN_WINDOW_MS), new Date(now.getTime() - KNOWN_ADDRESS_MS));
  }

  async logout(ctx: RequestContext) {
    await repo.revokeSession(this.deps.db, ctx.sessionId);
    announceSessionEnded(this.deps.bus, { sessionId: ctx.sessionId });
  }

  private hashCode(userPk: number, code: string) {
    return createHmac('sha256', this.deps.codeSecret).update(`${userPk}:${code}`).digest('base64url');
  }

  async sendCode(input: SendCodeRequest, meta: ClientMeta): Promise<RecoveryResponse> {
    await this.requireCaptcha(input.recaptchaResponse, meta.ip);
    const { db } = this.deps;
    const user = await repo.findUserByEmail(db, input.email);
    if (!user || !user.active) return { data: { error: true, message: 'E-mail not found' } };
    if ((await repo.countResetCodesSince(db, user.user_pk, new Date(Date.now() - LOGIN_WINDOW_MS))) >= MAX_CODES_PER_WINDOW) {
      throw tooMany('Too many codes requested. Try again in 15 minutes.');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await db
      .transaction()
      .execute((trx) =>
        repo.replaceResetCode(trx, user.user_pk, this.hashCode(user.user_pk, code), new Date(Date.now() + RESET_CODE_TTL_MS)),
      );
    const lang = user.language;
    await this.deps.mailer.send({
      to: user.email,
      subject: t(lang, 'mail.recovery.subject'),
      text: t(lang, 'mail.recovery.body', { name: user.first_name, code, minutes: RESET_CODE_TTL_MS / 60_000 }),
    });
    return { data: { error: false, message: 'Code sent' } };
  }

  async changePassword(input: ChangePasswordRequest, meta: ClientMeta): Promise<RecoveryResponse> {
    await this.requireCaptcha(input.recaptchaResponse, meta.ip);
    const { db } = this.deps;
    const user = await repo.findUserByEmail(db, input.email);
    if (!user) throw new AppError(404, 'CODE_NOT_FOUND', 'No recovery code was requested for this e-mail');
    const newHash = await hashPassword(input.password);
    // Outcome decided and written in one transaction, so parallel guesses cannot exceed the limit.
    const outcome = await db.transaction().execute(async (trx) => {
      const reset = await repo.latestResetCode(trx, user.user_pk);
      if (!reset) return 'not-found' as const;
      if (reset.expires_at.getTime() <= Date.now()) return 'expired' as const;
      if (reset.attempts >= MAX_RESET_ATTEMPTS) return 'too-many' as const;
      if (reset.code_hash !== this.hashCode(user.user_pk, input.code)) {
        const attempts = await repo.bumpResetAttempts(trx, reset.reset_pk);
        return attempts >= MAX_RESET_ATTEMPTS ? ('too-many' as const) : ('wrong' as const);
      }
      await repo.consumeResetCode(trx, reset.reset_pk);
      await repo.setPassword(trx, user.user_pk, newHash);
      await repo.revokeUserSessions(trx, user.user_pk);
      return 'changed' as const;
    });
    switch (outcome) {
      case 'not-found':
        throw new AppError(404, 'CODE_NOT_FOUND', 'No recovery code was requested for this e-mail');
      case 'expired':
        throw new AppError(410, 'CODE_EXPIRED', 'The code has expired');
      case 'too-many':
        throw tooMany('Exceeded number of attempts');
      case 'wrong':
        throw badRequest('The code is not valid', { code: 'The code is not valid' }, 'CODE_INVALID');
      case 'changed':
        announceSessionEnded(this.deps.bus, { userPk: user.user_pk });
        return { data: { error: false, message: 'Password changed' } };
    }
  }
}
