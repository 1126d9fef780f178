import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { versionPermission, type OcppVersionPath } from '@recarga/contracts/operations';
import {
  qrErrorCodes,
  qrGuestWelcomeAt,
  qrMessages,
  qrPagePath,
  type QrCommandAnswer,
  type QrStartBody,
  type QrStopBody,
} from '@recarga/contracts/qrcode';
import type { DashboardRoute } from '@recarga/contracts/routes';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import type { Captcha } from '../../platform/captcha/captcha';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { OperationService } from '../operations/service';
import * as repo from './repository';

/** Calls per client address, and per station, in one window. */
export interface QrThrottle {
  windowMs: number;
  perClient: number;
  perStation: number;
}

/** 10 calls per address and 30 per station every 10 minutes: a driver needs 2 (start, stop). */
export const DEFAULT_QR_THROTTLE: QrThrottle = { windowMs: 10 * 60_000, perClient: 10, perStation: 30 };

/** Throttle windows kept this long after they end (the sweep job drops older ones). */
export const THROTTLE_KEEP_MS = 60 * 60_000;

interface Deps {
  captcha: Captcha;
  operations: OperationService;
  throttle?: QrThrottle;
  now?: () => Date;
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The public QR start/stop page (001 §2, §7; docs/decisions.md 2026-11-25 'QR page'):
 * - every call is counted first, per client address and per station (429 past the limit);
 * - the token must be the QR token of the station's own network;
 * - a start needs the robot check, a station that is public and priced at nothing, and uses the
 *   network's guest tag (no owner, free recharge): it charges no wallet and is recorded for the
 *   operator as a PRICELESS recharge;
 * - a stop stops only a recharge the QR page started on that connector;
 * - both go through the operations service as a task of origin QR_PAGE, and answer once the
 *   station answered.
 */
export class QrCodeService {
  private readonly throttle: QrThrottle;
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly deps: Deps,
  ) {
    this.throttle = deps.throttle ?? DEFAULT_QR_THROTTLE;
    this.now = deps.now ?? (() => new Date());
  }

  async start(body: QrStartBody, clientIp: string): Promise<QrCommandAnswer> {
    const station = await this.admit(body, clientIp);
    if (!(await this.deps.captcha.verify(body.recaptchaResponse, clientIp)))
      throw badRequest(qrMessages.captchaInvalid, { recaptchaResponse: qrMessages.captchaInvalid }, qrErrorCodes.captchaInvalid);
    if (!qrGuestWelcomeAt(station)) throw new AppError(409, qrErrorCodes.notAllowed, qrMessages.notAllowed);
    const settings = await repo.ensureSettings(this.db, station.tenant_pk, true);
    // An operator gave the guest tag an owner or a price (tags screen): a QR start would bill
    // someone, so the QR page stops starting until the tag is anonymous and free again.
    if (!settings.guestIsAnonymousAndFree) throw new AppError(409, qrErrorCodes.notAllowed, qrMessages.notAllowed);
    const { ctx, version } = this.contextFor(station);
    const sent = await this.deps.operations.send(
      ctx,
      version,
      'remote_start_transaction',
      { chargePointSelectList: [station.charge_box_id], connectorId: body.connectorId, idTag: settings.guestIdTag! },
      'QR_PAGE',
    );
    return this.answer(ctx, sent.taskId, qrMessages.startSent, qrMessages.startFailed);
  }

  async stop(body: QrStopBody, clientIp: string): Promise<QrCommandAnswer> {
    const station = await this.admit(body, clientIp);
    const settings = await repo.settingsOf(this.db, station.tenant_pk);
    const open =
      settings?.guestTagPk != null
        ? await repo.openGuestTransaction(this.db, station.charge_box_pk, body.connectorId, settings.guestTagPk)
        : undefined;
    if (!open) throw new AppError(409, qrErrorCodes.noTransaction, qrMessages.noTransaction);
    const { ctx, version } = this.contextFor(station);
    const sent = await this.deps.operations.send(
      ctx,
      version,
      'remote_stop_transaction',
      { chargePointSelectList: [station.charge_box_id], transactionId: open.transaction_pk },
      'QR_PAGE',
    );
    return this.answer(ctx, sent.taskId, qrMessages.stopSent, qrMessages.stopFailed);
  }

  /**
   * What both calls check first: the throttle (every call counts, so guessing tokens is throttled
   * too), the station, the token of its network, the connector.
   */
  private async admit(body: { chargeBoxId: string; connectorId: number; token: string }, clientIp: string) {
    await this.count(`ip:${clientIp}`, this.throttle.perClient);
    await this.count(`cb:${body.chargeBoxId.toLowerCase()}`, this.throttle.perStation);
    const station = await repo.stationById(this.db, body.chargeBoxId);
    if (!station) throw notFound(qrMessages.stationNotFound, qrErrorCodes.stationNotFound);
    const settings = await repo.settingsOf(this.db, station.tenant_pk);
    if (!settings || !sameToken(settings.token, body.token))
      throw new AppError(403, qrErrorCodes.tokenInvalid, qrMessages.tokenInvalid, { token: qrMessages.tokenInvalid });
    if (!(await repo.hasConnector(this.db, station.charge_box_pk, body.connectorId)))
      throw notFound(qrMessages.connectorNotFound, qrErrorCodes.connectorNotFound);
    return station;
  }

  private async count(bucket: string, limit: number) {
    const now = this.now().getTime();
    const windowStart = Math.floor(now / this.throttle.windowMs) * this.throttle.windowMs;
    const hits = await repo.hit(this.db, bucket, new Date(windowStart));
    if (hits > limit) {
      const retryAfter = Math.max(1, Math.ceil((windowStart + this.throttle.windowMs - now) / 1000));
      throw new AppError(429, qrErrorCodes.throttled, qrMessages.throttled, undefined, { 'retry-after': String(retryAfter) });
    }
  }

  /**
   * The context a QR command runs in: no user (the task's issuer is 'QR page'), the station's own
   * network as the scope, and the one operations permission the station's OCPP version needs.
   */
  private contextFor(station: repo.QrStation): { ctx: RequestContext; version: OcppVersionPath } {
    const version: OcppVersionPath = station.ocpp_protocol === 'ocpp1.5' ? 'v1.5' : 'v1.6';
    const permitted = new Set<DashboardRoute>([versionPermission[version]]);
    const ctx: RequestContext = {
      user: {
        userPk: 0,
        name: 'QR page',
        email: 'QR page',
        tenantPk: station.tenant_pk,
        theme: '',
        permissions: [],
        permitted,
        roles: new Set(),
      },
      tenantScope: { tenantPk: station.tenant_pk, path: station.tenant_path, tenantPks: [station.tenant_pk] },
      sessionId: '',
    };
    return { ctx, version };
  }

  private async answer(ctx: RequestContext, taskId: number, sent: string, failed: string): Promise<QrCommandAnswer> {
    const [result] = await this.deps.operations.outcome(ctx, taskId);
    if (result?.status === 'answered' && result.response === 'Accepted') return { taskId, status: result.response, message: sent };
    throw new AppError(502, qrErrorCodes.stationFailed, failed, undefined);
  }

  /**
   * The address a connector's QR code carries: the QR page on a host of the station's network
   * (the one the operator is on when it is one of them), with the network's token.
   */
  async link(ctx: RequestContext, chargeBoxPk: number, connectorId: number, origin: { protocol: string; host: string }) {
    const station = await repo.stationByPk(this.db, ctx.tenantScope, chargeBoxPk);
    if (!station) throw notFound(qrMessages.stationNotFound, qrErrorCodes.stationNotFound);
    if (!(await repo.hasConnector(this.db, station.charge_box_pk, connectorId)))
      throw notFound(qrMessages.connectorNotFound, qrErrorCodes.connectorNotFound);
    const settings = await repo.ensureSettings(this.db, station.tenant_pk, false);
    const hosts = await repo.tenantHosts(this.db, station.tenant_pk);
    const requestHost = origin.host.toLowerCase();
    const bare = requestHost.replace(/:\d+$/, '');
    const host = hosts.length === 0 || hosts.includes(bare) ? requestHost : hosts[0]!;
    const url = `${origin.protocol}://${host}${qrPagePath(station.charge_box_id, connectorId)}?token=${encodeURIComponent(settings.token)}`;
    return { url, chargeBoxId: station.charge_box_id };
  }

  /** The network's QR token (null until a QR code or a rotation first made one), for /config. */
  async tokenOf(tenantPk: number, db: Executor = this.db): Promise<string | null> {
    return (await repo.settingsOf(db, tenantPk))?.token ?? null;
  }

  /**
   * A new QR token for the network (/config, in the caller's transaction): from then on only QR
   * codes carrying the new one start or stop a recharge.
   */
  rotateToken(tenantPk: number, db: Executor = this.db): Promise<{ before: string | null; after: string }> {
    return repo.rotateToken(db, tenantPk);
  }

  /** The job: drops throttle windows that ended more than an hour ago. */
  sweep(): Promise<number> {
    return repo.sweepThrottle(this.db, new Date(this.now().getTime() - THROTTLE_KEEP_MS - this.throttle.windowMs));
  }
}
