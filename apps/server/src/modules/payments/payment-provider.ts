import type { PaymentType } from '@recarga/contracts/payments';
import { AppError } from '../../platform/errors';

/** What a provider answers about a charge. */
export interface ProviderOutcome {
  status: 'approved' | 'in_process' | 'rejected';
  /** The provider's reference of the payment. */
  externalId: string;
  /** The provider's status detail (reason of a rejection, state of a pending payment). */
  detail: string | null;
}

export interface ChargeRequest {
  /** Minor units. */
  amount: number;
  currency: string;
  /** Our reference (idempotency key at the provider): `movement-<pk>`. */
  reference: string;
  description: string;
  /** Card token from the app (provider-specific); PIX and wallet-like providers ignore it. */
  cardToken?: string | null;
  payer: { userPk: number | null; email: string | null };
}

export interface RefundOptions {
  idempotencyKey?: string | null;
  total?: boolean;
}

/**
 * A payment provider adapter (Mercado Pago, PagBank, Pagos Terpel…). Every call either does what
 * it says or throws an AppError; an adapter never pretends to succeed.
 */
export interface PaymentProvider {
  /** The payment type movements charged through this provider get. */
  readonly type: PaymentType;
  /** Stored in financial_movements.provider. */
  readonly name: string;
  readonly configured: boolean;
  charge(req: ChargeRequest): Promise<ProviderOutcome>;
  /**
   * Refunds (part of) a payment; answers the provider's refund reference. `idempotencyKey`, when
   * given, is passed to the provider so that a retried refund is made once there too; `total` says
   * the whole payment is refunded (nothing was refunded before).
   */
  refund(externalId: string, amount: number, opts?: RefundOptions): Promise<{ reference: string }>;
  /** The current state of a payment (used to settle payments left in_process). */
  status(externalId: string): Promise<ProviderOutcome>;
}

/**
 * The provider answered and refused: nothing was done there, and the same call again would be
 * refused again. Any other failure of a call that reached out (no answer, a timeout, a 5xx) leaves
 * the outcome unknown: the caller keeps what it reserved and asks again under the same
 * idempotency key.
 */
export class ProviderRefusal extends AppError {
  constructor(message: string) {
    super(502, 'PAYMENT_PROVIDER_FAILED', message.slice(0, 300));
  }
}

/** Whether a provider call's failure says for sure that nothing was done at the provider. */
export function refusedForSure(err: unknown): boolean {
  return err instanceof ProviderRefusal || (err instanceof AppError && err.status < 500);
}

export const providerNotConfigured = (type: string) =>
  new AppError(
    503,
    'PAYMENT_PROVIDER_NOT_CONFIGURED',
    `The payment provider ${type} is not configured on this server; use another payment type or configure the provider.`,
  );

/** A provider type the product knows but this server has no credentials for: every call says so. */
class UnconfiguredProvider implements PaymentProvider {
  readonly configured = false;
  readonly name: string;
  constructor(readonly type: PaymentType) {
    this.name = type.toLowerCase();
  }
  async charge(): Promise<ProviderOutcome> {
    throw providerNotConfigured(this.type);
  }
  async refund(): Promise<{ reference: string }> {
    throw providerNotConfigured(this.type);
  }
  async status(): Promise<ProviderOutcome> {
    throw providerNotConfigured(this.type);
  }
}

/** The providers of this server by payment type (card/PIX types only; WALLET, MANUAL_DASHBOARD and VOUCHER are the ledger's own). */
export class PaymentProviders {
  private readonly byType = new Map<PaymentType, PaymentProvider>();

  constructor(providers: PaymentProvider[]) {
    for (const t of ['MERCADO_PAGO_PRO', 'MERCADO_PAGO_CARD', 'MERCADO_PAGO_PIX', 'PAGBANK_CARD', 'PAGOS_TERPEL', 'TICKET_LOG'] as const) {
      this.byType.set(t, new UnconfiguredProvider(t));
    }
    for (const p of providers) this.byType.set(p.type, p);
  }

  /** The provider of a payment type; undefined for the ledger's own types. */
  of(type: PaymentType): PaymentProvider | undefined {
    return this.byType.get(type);
  }

  byName(name: string): PaymentProvider | undefined {
    return [...this.byType.values()].find((p) => p.name === name);
  }

  /** Types of the providers that can take payments now. */
  configuredTypes(): PaymentType[] {
    return [...this.byType.values()].filter((p) => p.configured).map((p) => p.type);
  }
}
