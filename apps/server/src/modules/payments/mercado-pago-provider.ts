import type { PaymentType } from '@recarga/contracts/payments';
import { AppError } from '../../platform/errors';
import {
  ProviderRefusal,
  providerNotConfigured,
  type ChargeRequest,
  type PaymentProvider,
  type ProviderOutcome,
  type RefundOptions,
} from './payment-provider';

/** The adapter's settings (config.ts: MERCADO_PAGO_*). */
export interface MercadoPagoSettings {
  /** Bearer access token of the seller's account; without it every call answers 503 and nothing changes. */
  accessToken?: string;
  /** https://api.mercadopago.com, or a local fake in tests. */
  baseUrl: string;
  timeoutMs: number;
}

/** A payment as Mercado Pago describes it (GET /v1/payments/{id}), the fields we read. */
export interface MercadoPagoPayment {
  id: number | string;
  status: string;
  status_detail?: string | null;
  /** Major units (e.g. 50.25). */
  transaction_amount: number;
  currency_id: string;
  external_reference?: string | null;
  payment_method_id?: string | null;
  payment_type_id?: string | null;
  date_approved?: string | null;
  payer?: { email?: string | null } | null;
}

/** Mercado Pago's statuses as the ledger's (refunds are made from the dashboard, not read back). */
export function ledgerStatusOf(status: string): 'approved' | 'in_process' | 'rejected' | 'cancelled' {
  if (status === 'approved') return 'approved';
  if (status === 'pending' || status === 'in_process' || status === 'authorized' || status === 'in_mediation') return 'in_process';
  if (status === 'cancelled') return 'cancelled';
  return 'rejected';
}

/** Minor units (hundredths) ↔ Mercado Pago's decimal amounts. */
export const toMajor = (minor: number) => Math.round(minor) / 100;
export const toMinor = (major: number) => Math.round(major * 100);

/** A failure whose outcome at Mercado Pago is unknown (no answer, a timeout, a 5xx): ask again under the same key. */
const failed = (message: string) => new AppError(502, 'PAYMENT_PROVIDER_FAILED', `Mercado Pago: ${message}.`.slice(0, 300));
/** Mercado Pago answered and refused (a 4xx, a refund it rejected, an id that is not its own): nothing was done there. */
const refused = (message: string) => new ProviderRefusal(`Mercado Pago: ${message}; nothing was changed.`);
/** Client errors that say the request may be tried again as it is (timeout, a concurrent request, too many). */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * Mercado Pago through its documented REST API: payments (`POST /v1/payments`), refunds (`POST
 * /v1/payments/{id}/refunds`, with `amount` for a partial refund, none for a total one) and payment
 * look-ups (`GET /v1/payments/{id}`), with the seller's Bearer access token and an
 * `X-Idempotency-Key` on every write. One instance per payment type (card, Pix, Checkout Pro);
 * movements record the provider name `mercado_pago`. Every failure is an AppError: 503 without
 * credentials, 502 when Mercado Pago refuses, fails or cannot be reached.
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercado_pago';
  readonly configured: boolean;

  constructor(
    readonly type: Extract<PaymentType, 'MERCADO_PAGO_PRO' | 'MERCADO_PAGO_CARD' | 'MERCADO_PAGO_PIX'>,
    private readonly settings: MercadoPagoSettings,
  ) {
    this.configured = !!settings.accessToken;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string | null): Promise<T> {
    if (!this.settings.accessToken) throw providerNotConfigured(this.type);
    const headers: Record<string, string> = { authorization: `Bearer ${this.settings.accessToken}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(new URL(path, this.settings.baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError';
      throw failed(timeout ? `no answer within ${this.settings.timeoutMs} ms` : 'the service could not be reached');
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const said = (json as { message?: unknown } | null)?.message;
      const what = `answered ${res.status}${typeof said === 'string' && said ? ` (${said.slice(0, 120)})` : ''}`;
      throw res.status < 500 && !RETRYABLE_4XX.has(res.status) ? refused(what) : failed(what);
    }
    if (json === null || typeof json !== 'object') throw failed('answered something that is not JSON');
    return json as T;
  }

  async charge(req: ChargeRequest): Promise<ProviderOutcome> {
    const p = await this.call<MercadoPagoPayment>(
      'POST',
      '/v1/payments',
      {
        transaction_amount: toMajor(req.amount),
        description: req.description,
        external_reference: req.reference,
        installments: 1,
        ...(this.type === 'MERCADO_PAGO_PIX' ? { payment_method_id: 'pix' } : { token: req.cardToken ?? undefined }),
        payer: { email: req.payer.email ?? undefined },
      },
      req.reference,
    );
    const status = ledgerStatusOf(p.status);
    return { status: status === 'cancelled' ? 'rejected' : status, externalId: String(p.id), detail: p.status_detail ?? p.status };
  }

  async refund(externalId: string, amount: number, opts: RefundOptions = {}): Promise<{ reference: string }> {
    if (!/^\d{1,20}$/.test(externalId)) throw refused(`"${externalId.slice(0, 40)}" is not a Mercado Pago payment id`);
    // A total refund is asked without an amount; a partial one with the amount in major units.
    const r = await this.call<{ id: number | string; status?: string }>(
      'POST',
      `/v1/payments/${externalId}/refunds`,
      opts.total ? {} : { amount: toMajor(amount) },
      opts.idempotencyKey ?? `refund-${externalId}-${amount}-${Date.now()}`,
    );
    if (r.status && r.status !== 'approved' && r.status !== 'in_process') throw refused(`the refund is ${r.status}`);
    return { reference: String(r.id) };
  }

  /** The payment as Mercado Pago has it now. */
  async payment(externalId: string): Promise<MercadoPagoPayment> {
    if (!/^\d{1,20}$/.test(externalId)) throw failed(`"${externalId.slice(0, 40)}" is not a Mercado Pago payment id`);
    return this.call<MercadoPagoPayment>('GET', `/v1/payments/${externalId}`);
  }

  async status(externalId: string): Promise<ProviderOutcome> {
    const p = await this.payment(externalId);
    const status = ledgerStatusOf(p.status);
    return { status: status === 'cancelled' ? 'rejected' : status, externalId: String(p.id), detail: p.status_detail ?? p.status };
  }
}
