import { randomUUID } from 'node:crypto';
import { badRequest } from '../../platform/errors';
import type { ChargeRequest, PaymentProvider, ProviderOutcome } from './payment-provider';

/**
 * The local, deterministic card provider (payment type SANDBOX_CARD), the default when no real
 * provider is configured. Outcomes:
 * - card token `tok_approved`, `tok_in_process` or `tok_rejected` decides;
 * - otherwise the amount's last two digits (minor units): `…01` rejected
 *   (cc_rejected_insufficient_amount), `…02` in_process (pending_contingency), anything else approved.
 * A payment left in_process is approved by the next status check (as a real provider settles
 * it later). Refunds always succeed up to the charged amount. Nothing leaves the machine.
 */
export class SandboxProvider implements PaymentProvider {
  readonly type = 'SANDBOX_CARD' as const;
  readonly name = 'sandbox';
  readonly configured = true;
  private readonly refunds = new Map<string, number>();

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

  async refund(externalId: string, amount: number): Promise<{ reference: string }> {
    if (!externalId.startsWith('sbx_')) throw badRequest('Unknown sandbox payment.');
    this.refunds.set(externalId, (this.refunds.get(externalId) ?? 0) + amount);
    return { reference: `sbx_refund_${randomUUID()}` };
  }

  async status(externalId: string): Promise<ProviderOutcome> {
    if (!externalId.startsWith('sbx_')) throw badRequest('Unknown sandbox payment.');
    const rejected = externalId.startsWith('sbx_rejected_');
    return rejected
      ? { status: 'rejected', externalId, detail: 'cc_rejected_insufficient_amount' }
      : { status: 'approved', externalId, detail: 'accredited' };
  }
}
