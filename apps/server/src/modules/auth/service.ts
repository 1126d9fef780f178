import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  recoveryMessages,
  type ChangePasswordRequest,
  type LoginRequest,
  type LoginResponse,
  type RecoveryResponse,
  type SendCodeRequest,
} from '@recarga/contracts/auth';
import { applyTenantModules } from '@recarga/contracts/permissions';
import type { DB } from '../../db/db';
import { tenantModulesOf } from '../../platform/auth/access-plugin';
import type { Bus } from '../../platform/bus';
import { announceSessionEnded } from '../../platform/auth/session-ended';
import type { Captcha } from '../../platform/captcha/captcha';
import { AppError, badRequest, unauthorized, forbidden } from '../../platform/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../platform/auth/password';
import type { TokenSigner } from '../../platform/auth/tokens';
import type { RequestContext } from '../../platform/auth/context';
import type { Mailer } from '../../platform/mail/mailer';
import { SIGN_IN_WINDOW_MS, retryAfterSeconds } from '../../platform/auth/sign-in-backoff';
import type { TenantLog } from '../logs/tenant-log-service';
import { recoveryMail } from './recovery-mail';
import * as repo from './repository';

const LOGIN_WINDOW_MS = SIGN_IN_WINDOW_MS;
/** Failures allowed before a wait: of one e-mail from one address, from one address, of one e-mail from anywhere. */
export const FREE_FAILURES = { pair: 5, address: 30, email: 5 } as const;
/** How long an address stays a known place of an e-mail after signing in to it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
const RESET_CODE_TTL_MS = 15 * 60_000;
/**
 * Recovery limits per 15-minute window, the same whether or not the e-mail has an account: codes
 * sent to one e-mail, requests from one client, code checks for one e-mail, checks from one client.
 */
export const RECOVERY_LIMITS = { sendPerEmail: 3, sendPerClient: 10, checkPerEmail: 5, checkPerClient: 20 } as const;
const RECOVERY_WINDOW_MS = 15 * 60_000;

export interface AuthDeps {
  db: Kysely<DB>;
  captcha: Captcha;
  mailer: Mailer;
  signer: TokenSigner;
  sessionTtlMs: number;
  codeSecret: string;
  /** The built web app (the brand wordmarks attached to e-mails). */
  webDist: string;
  /** Where the end of sessions is announced to every node (their live sockets close). */
  bus: Bus;
  /** The per-tenant operational log: sign-ins of the tenant's users, and refused ones (never the password). */
  tenantLog?: Pick<TenantLog, 'signIn'>;
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
    if (user && !passwordOk) this.deps.tenantLog?.signIn(user.tenant_pk, emailLc, meta.ip, 'INVALID_CREDENTIALS');
    if (!user || !passwordOk) throw unauthorized('E-mail or password is incorrect', 'INVALID_CREDENTIALS');
    if (!user.active) this.deps.tenantLog?.signIn(user.tenant_pk, emailLc, meta.ip, 'USER_BLOCKED');
    if (!user.active) throw forbidden('User is blocked', 'USER_BLOCKED');
    // The web receives the permissions as the server applies them: without a switched-off module's.
    const permissions = applyTenantModules(await repo.permissionsOf(db, user.profile_pk), tenantModulesOf(user));
    if (!permissions.some((p) => p.status)) this.deps.tenantLog?.signIn(user.tenant_pk, emailLc, meta.ip, 'NO_PERMISSION');
    if (!permissions.some((p) => p.status)) throw unauthorized('User has no dashboard permission', 'NO_PERMISSION');
    const expiresAt = new Date(Date.now() + this.deps.sessionTtlMs);
    const sessionId = await db.transaction().execute(async (trx) => {
      await repo.attemptSucceeded(trx, attempt, emailLc, meta.ip);
      return repo.createSession(trx, user.user_pk, expiresAt, meta.ip, meta.userAgent);
    });
    this.deps.tenantLog?.signIn(user.tenant_pk, emailLc, meta.ip, 'SUCCESS');
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
    await repo.sweepRecoveryCounters(this.deps.db, new Date(now.getTime() - RECOVERY_WINDOW_MS));
  }

  async logout(ctx: RequestContext) {
    await repo.revokeSession(this.deps.db, ctx.sessionId);
    announceSessionEnded(this.deps.bus, { sessionId: ctx.sessionId });
  }

  private hashCode(userPk: number, code: string) {
    return createHmac('sha256', this.deps.codeSecret).update(`${userPk}:${code}`).digest('base64url');
  }

  /** Counts a recovery request or code check for this e-mail and this client; past a limit, 429 for every e-mail alike. */
  private async countRecovery(kind: 'send' | 'check', emailLc: string, ip: string) {
    const now = new Date();
    const windowStart = new Date(now.getTime() - RECOVERY_WINDOW_MS);
    const [byEmail, byClient] = await Promise.all([
      repo.bumpRecoveryCounter(this.deps.db, `${kind}_email`, emailLc, now, windowStart),
      repo.bumpRecoveryCounter(this.deps.db, `${kind}_client`, ip, now, windowStart),
    ]);
    const [emailLimit, clientLimit] =
      kind === 'send'
        ? [RECOVERY_LIMITS.sendPerEmail, RECOVERY_LIMITS.sendPerClient]
        : [RECOVERY_LIMITS.checkPerEmail, RECOVERY_LIMITS.checkPerClient];
    if (byEmail > emailLimit || byClient > clientLimit) {
      throw tooMany(
        kind === 'send' ? 'Too many codes requested. Try again in 15 minutes.' : 'Exceeded number of attempts',
        RECOVERY_WINDOW_MS / 1000,
      );
    }
  }

  /**
   * Sends a recovery code. The answer is the same for every e-mail, with or without an account (no
   * account discovery); only an active account gets a mail, in its tenant's brand and language.
   */
  async sendCode(input: SendCodeRequest, meta: ClientMeta): Promise<RecoveryResponse> {
    await this.requireCaptcha(input.recaptchaResponse, meta.ip);
    const { db } = this.deps;
    const emailLc = input.email.trim().toLowerCase();
    await this.countRecovery('send', emailLc, meta.ip);
    const user = await repo.findUserByEmail(db, emailLc);
    if (user?.active) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db
        .transaction()
        .execute((trx) =>
          repo.replaceResetCode(trx, user.user_pk, this.hashCode(user.user_pk, code), new Date(Date.now() + RESET_CODE_TTL_MS)),
        );
      await this.deps.mailer.send(
        recoveryMail({
          to: user.email,
          themeName: user.theme,
          language: user.language,
          name: user.first_name,
          code,
          minutes: RESET_CODE_TTL_MS / 60_000,
          webDist: this.deps.webDist,
        }),
      );
    }
    return { data: { error: false, message: 'Code sent' } };
  }

  /**
   * Changes a password with a recovery code (000 §"Password change"). No code asked for this e-mail
   * within a code's lifetime — and an expired or used-up code is one — answers 410 'The code has
   * expired.'; otherwise a code that does not match answers 400 'Check that the entered code is
   * valid.'. The test is the last request for the e-mail, counted whether or not it has an account,
   * so an e-mail without one answers exactly as one with an account would; checks are counted per
   * e-mail and per client the same way for every e-mail.
   */
  async changePassword(input: ChangePasswordRequest, meta: ClientMeta): Promise<RecoveryResponse> {
    await this.requireCaptcha(input.recaptchaResponse, meta.ip);
    const { db } = this.deps;
    const emailLc = input.email.trim().toLowerCase();
    await this.countRecovery('check', emailLc, meta.ip);
    // Hashed before the lookup, so an unknown e-mail takes as long as a known one.
    const newHash = await hashPassword(input.password);
    const [user, lastSend] = await Promise.all([repo.findUserByEmail(db, emailLc), repo.lastRecoveryAt(db, 'send_email', emailLc)]);
    const asked = lastSend !== null && lastSend.getTime() > Date.now() - RESET_CODE_TTL_MS;
    // Outcome decided and written in one transaction, so parallel guesses cannot exceed the limit.
    const outcome = !user
      ? ('none' as const)
      : await db.transaction().execute(async (trx) => {
          const reset = await repo.latestResetCode(trx, user.user_pk);
          if (!reset || reset.expires_at.getTime() <= Date.now() || reset.attempts >= RECOVERY_LIMITS.checkPerEmail) return 'none' as const;
          if (reset.code_hash !== this.hashCode(user.user_pk, input.code)) {
            await repo.bumpResetAttempts(trx, reset.reset_pk);
            return 'wrong' as const;
          }
          await repo.consumeResetCode(trx, reset.reset_pk);
          await repo.setPassword(trx, user.user_pk, newHash);
          await repo.revokeUserSessions(trx, user.user_pk);
          return 'changed' as const;
        });
    if (outcome === 'none' && !asked) throw new AppError(410, 'CODE_EXPIRED', recoveryMessages.expired, { code: recoveryMessages.expired });
    if (outcome !== 'changed' || !user) throw badRequest(recoveryMessages.invalid, { code: recoveryMessages.invalid }, 'CODE_INVALID');
    announceSessionEnded(this.deps.bus, { userPk: user.user_pk });
    return { data: { error: false, message: 'Password changed' } };
  }
}
