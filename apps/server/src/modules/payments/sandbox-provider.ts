import { randomUUID } from 'node:crypto';
import { badRequest } from '../../platform/errors';
import type { ChargeRequest, PaymentProvider, ProviderOutcome, RefundOptions } from './payment-provider';

/**
 * The local, deterministic card provider (payment type SANDBOX_CARD), the default when no real
 * provider is configured. Outcomes:
 * - card token `tok_approved`, `tok_in_process` or `tok_rejected` decides;
 * - otherwise the amount's last two digits (minor units): `…01` rejected
 *   (cc_rejected_insufficient_amount), `…02` in_process (pending_contingency), anything else approved.
 * A payment left in_process is approved by the next status check (as a real provider settles
 * it later). Refunds always succeed; one asked again under the same idempotency key answers the
 * first one's reference and refunds nothing more, as a real provider does. Nothing leaves the machine.
 */
export class SandboxProvider implements PaymentProvider {
  readonly type = 'SANDBOX_CARD' as const;
  readonly name = 'sandbox';
  readonly configured = true;
  private readonly refunds = new Map<string, number>();
  private readonly refundsByKey = new Map<string, string>();

  outcomeFor(amount: number, cardToken?: string | null): ProviderOutcome['status'] {
    if (cardToken === 'tok_approved') return 'approved';
    if (cardToken === 'tok_in_process') return 'in_process';
    if (cardToken === 'tok_rejected') return 'rejected';
    const cents = amount % 100;
    if (cents === 1) return 'rejected';
    if (cents === 2) return 'in_process';
    return 'approved';
  }

  async charge(req: ChargeRequest): Promise<ProviderOutcome> {
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0) throw badRequest('The amount must be a positive number of minor units.');
    const status = this.outcomeFor(req.amount, req.cardToken);
    const externalId = `sbx_${status}_${randomUUID()}`;
    const detail =
      status === 'approved' ? 'accredited' : status === 'in_process' ? 'pending_contingency' : 'cc_rejected_insufficient_amount';
    return { status, externalId, detail };
  }

  async refund(externalId: string, amount: number, opts: RefundOptions = {}): Promise<{ reference: string }> {
    if (!externalId.startsWith('sbx_')) throw badRequest('Unknown sandbox payment.');
    const known = opts.idempotencyKey ? this.refundsByKey.get(opts.idempotencyKey) : undefined;
    if (known) return { reference: known };
    this.refunds.set(externalId, (this.refunds.get(externalId) ?? 0) + amount);
    const reference = `sbx_refund_${randomUUID()}`;
    if (opts.idempotencyKey) this.refundsByKey.set(opts.idempotencyKey, reference);
    return { reference };
  }

  /** Minor units refunded of a payment so far. */
  refundedOf(externalId: string): number {
    return this.refunds.get(externalId) ?? 0;
  }

  async status(externalId: string): Promise<ProviderOutcome> {
    if (!externalId.startsWith('sbx_')) throw badRequest('Unknown sandbox payment.');
    const rejected = externalId.startsWith('sbx_rejected_');
    return rejected
      ? { status: 'rejected', externalId, detail: 'cc_rejected_insufficient_amount' }
      : { status: 'approved', externalId, detail: 'accredited' };
  }
}
