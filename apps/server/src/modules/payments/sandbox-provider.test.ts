import { describe, expect, it } from 'vitest';
import { SandboxProvider } from './sandbox-provider';

describe('the sandbox card provider', () => {
  it('a refund, when asked again under the same idempotency key, answers the first reference and refunds nothing more', async () => {
    const sandbox = new SandboxProvider();
    const paid = await sandbox.charge({
      amount: 5000,
      currency: 'BRL',
      reference: 'movement-1',
      description: 'd',
      payer: { userPk: null, email: null },
    });
    expect(paid.status).toBe('approved');
    const first = await sandbox.refund(paid.externalId, 1200, { idempotencyKey: 'recarga-refund-7' });
    const again = await sandbox.refund(paid.externalId, 1200, { idempotencyKey: 'recarga-refund-7' });
    expect(again).toEqual(first);
    expect(sandbox.refundedOf(paid.externalId)).toBe(1200);
    // Another key is another refund.
    await sandbox.refund(paid.externalId, 300, { idempotencyKey: 'recarga-refund-8' });
    expect(sandbox.refundedOf(paid.externalId)).toBe(1500);
  });

  it('a refund of a payment it never took, when asked, is refused (a 400: nothing was done)', async () => {
    await expect(new SandboxProvider().refund('mp_123', 100)).rejects.toMatchObject({ status: 400 });
  });
});
