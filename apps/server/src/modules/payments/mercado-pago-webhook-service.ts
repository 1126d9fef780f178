import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PaymentType } from '@recarga/contracts/payments';
import type { DB } from '../../db/db';
import { AppError } from '../../platform/errors';
import type { Ledger } from './ledger-service';
import { ledgerStatusOf, toMinor, type MercadoPagoPayment, type MercadoPagoProvider } from './mercado-pago-provider';

export interface MercadoPagoWebhookDeps {
  db: Kysely<DB>;
  ledger: Ledger;
  /** Reads payments (GET /v1/payments/{id}). */
  provider: MercadoPagoProvider;
  /** The webhook's secret (MERCADO_PAGO_WEBHOOK_SECRET); without it every notification answers 503. */
  secret?: string;
  /** Notifications whose signed ts is older than this are refused (0 = no limit). */
  maxAgeSec: number;
  log: { warn(obj: object, msg: string): void };
}

/** What a notification carries that matters here (query string, headers, body). */
export interface MercadoPagoNotification {
  signature: string | undefined;
  requestId: string | undefined;
  /** `data.id` of the query string, else of the body. */
  dataId: string | undefined;
  /** `type` (or the older `topic`): only `payment` is processed. */
  topic: string | undefined;
}

const unauthorized = (message: string) => new AppError(401, 'INVALID_SIGNATURE', message);

/** The `x-signature` header's parts: `ts=1704908010,v1=<hex>`. */
function signatureParts(header: string): { ts: string; v1: string } | null {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return i < 0 ? [p.trim(), ''] : [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  return parts.ts && parts.v1 ? { ts: parts.ts, v1: parts.v1 } : null;
}

/**
 * The manifest Mercado Pago signs (its "Webhooks" documentation):
 * `id:{data.id};request-id:{x-request-id};ts:{ts};`, a part left out when its value is absent, an
 * alphanumeric data.id in lower case.
 */
export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  let manifest = '';
  if (dataId) manifest += `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  return `${manifest}ts:${ts};`;
}

export const signManifest = (secret: string, manifest: string) => createHmac('sha256', secret).update(manifest).digest('hex');

/** Our reference of a wallet top-up: `deposit-<userPk>` (optionally `-<anything>`). */
const DEPOSIT_REFERENCE = /^deposit-(\d{1,10})(?:-.*)?$/;
/** Our reference of a recharge bill paid through the provider (Ledger.payWithProvider). */
const MOVEMENT_REFERENCE = /^movement-\d{1,19}$/;

function paymentTypeOf(p: MercadoPagoPayment): PaymentType {
  if (p.payment_method_id === 'pix' || p.payment_type_id === 'bank_transfer') return 'MERCADO_PAGO_PIX';
  if (p.payment_type_id === 'credit_card' || p.payment_type_id === 'debit_card') return 'MERCADO_PAGO_CARD';
  return 'MERCADO_PAGO_PRO';
}

/**
 * Mercado Pago payment notifications (POST /webhooks/mercado-pago): wallet top-ups paid outside
 * the dashboard. Each notification's `x-signature` is checked (HMAC-SHA256 of the manifest with the
 * configured secret); the payment is then read from Mercado Pago (never from the notification's
 * body) and recorded through the ledger, which credits a payment id once however often it is
 * notified. A request id already processed is answered without being processed again.
 */
export class MercadoPagoWebhookService {
  constructor(private readonly deps: MercadoPagoWebhookDeps) {}

  /** Throws 401 unless the signature is Mercado Pago's for this notification. */
  verify(n: MercadoPagoNotification, now = Date.now()): void {
    // A request without a well-formed signature is not Mercado Pago's, configured or not; a signed
    // one that this server cannot check (no secret) says so, and Mercado Pago retries it later.
    if (!n.signature) throw unauthorized('Missing x-signature header.');
    const parts = signatureParts(n.signature);
    if (!parts || !/^\d{1,16}$/.test(parts.ts) || !/^[0-9a-f]{64}$/i.test(parts.v1)) throw unauthorized('Malformed x-signature header.');
    if (!this.deps.secret)
      throw new AppError(
        503,
        'WEBHOOK_NOT_CONFIGURED',
        'Mercado Pago notifications are not configured on this server (MERCADO_PAGO_WEBHOOK_SECRET).',
      );
    const expected = Buffer.from(signManifest(this.deps.secret, signatureManifest(n.dataId, n.requestId, parts.ts)), 'hex');
    const given = Buffer.from(parts.v1.toLowerCase(), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw unauthorized('The notification signature does not match.');
    if (this.deps.maxAgeSec > 0) {
      const ts = Number(parts.ts);
      const atMs = ts > 1e12 ? ts : ts * 1000;
      if (Math.abs(now - atMs) > this.deps.maxAgeSec * 1000) throw unauthorized('The notification is too old.');
    }
  }

  /** Verifies and processes a notification; answers what was done. */
  async handle(n: MercadoPagoNotification, now = Date.now()): Promise<{ result: string }> {
    this.verify(n, now);
    if (n.topic !== 'payment') return { result: 'ignored: not a payment notification' };
    if (!n.dataId || !/^\d{1,20}$/.test(n.dataId)) throw new AppError(400, 'VALIDATION', 'Invalid request', { 'data.id': 'A payment id.' });
    const requestId = n.requestId?.slice(0, 200);
    if (requestId) {
      const seen = await this.deps.db
        .selectFrom('payment_notifications')
        .select('result')
        .where('provider', '=', this.deps.provider.name)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      if (seen) return { result: `replayed: ${seen.result ?? ''}`.trim() };
    }
    const result = await this.process(n.dataId);
    if (requestId) {
      await this.deps.db
        .insertInto('payment_notifications')
        .values({ provider: this.deps.provider.name, request_id: requestId, topic: n.topic, resource_id: n.dataId, result })
        .onConflict((oc) => oc.columns(['provider', 'request_id']).doNothing())
        .execute();
    }
    return { result };
  }

  private async process(paymentId: string): Promise<string> {
    // The payment as Mercado Pago has it (502 when unreachable: Mercado Pago retries the notification).
    const p = await this.deps.provider.payment(paymentId);
    const reference = p.external_reference ?? '';
    if (MOVEMENT_REFERENCE.test(reference)) {
      const settled = await this.deps.ledger.settleInProcess();
      return `settled ${settled} payment(s) in process`;
    }
    const deposit = DEPOSIT_REFERENCE.exec(reference);
    if (!deposit) return 'ignored: not a reference of ours';
    const amount = toMinor(Number(p.transaction_amount));
    if (!Number.isSafeInteger(amount) || amount <= 0) return 'ignored: no amount';
    try {
      const { movement, credited } = await this.deps.ledger.recordProviderDeposit({
        userPk: Number(deposit[1]),
        amount,
        currency: String(p.currency_id ?? ''),
        type: paymentTypeOf(p),
        provider: this.deps.provider.name,
        externalId: String(p.id),
        status: ledgerStatusOf(p.status),
        detail: p.status_detail ?? p.status,
        paidAt: p.date_approved ? new Date(p.date_approved) : null,
      });
      return credited
        ? `credited movement ${movement.movement_pk}`
        : `recorded movement ${movement.movement_pk} (${movement.payment_status})`;
    } catch (err) {
      // A reference to a user we do not have, or a currency the wallet does not hold: retrying will
      // not help, so the notification is answered (and logged) rather than refused.
      if (err instanceof AppError && (err.status === 404 || err.status === 400)) {
        this.deps.log.warn({ paymentId, reference, err: err.message }, 'mercado pago deposit ignored');
        return `ignored: ${err.message}`;
      }
      throw err;
    }
  }
}
