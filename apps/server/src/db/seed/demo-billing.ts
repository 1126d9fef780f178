import type { Transaction } from 'kysely';
import type { DB } from '../db';
import { ledgerStatusDetails } from '@recarga/contracts/financial-constants';

/** Demo wallet deposits (minor units): the demo driver can pay recharges from the wallet. */
const deposits: { email: string; amount: number }[] = [
  { email: 'motorista@move.com.br', amount: 200_00 },
  { email: 'pedro.lima@sol.com.br', amount: 50_00 },
];

/**
 * Past top-ups that leave the balances above as they are, so that the deposits tab of the
 * financial screen has history in several states: a Pix top-up refunded in full, a card top-up
 * the provider rejected, a Pix charge that expired unpaid (minor units; days before the seed).
 */
const depositHistory: {
  email: string;
  amount: number;
  type: 'MERCADO_PAGO_PIX' | 'MERCADO_PAGO_CARD';
  status: 'refunded' | 'rejected' | 'cancelled';
  detail: string;
  daysAgo: number;
  externalId: string;
}[] = [
  {
    email: 'motorista@move.com.br',
    amount: 50_00,
    type: 'MERCADO_PAGO_PIX',
    status: 'refunded',
    detail: 'accredited',
    daysAgo: 18,
    externalId: '90000000001',
  },
  {
    email: 'motorista@move.com.br',
    amount: 80_00,
    type: 'MERCADO_PAGO_CARD',
    status: 'rejected',
    detail: 'cc_rejected_insufficient_amount',
    daysAgo: 9,
    externalId: '90000000002',
  },
  {
    email: 'pedro.lima@sol.com.br',
    amount: 30_00,
    type: 'MERCADO_PAGO_PIX',
    status: 'cancelled',
    detail: 'expired',
    daysAgo: 3,
    externalId: '90000000003',
  },
];

/**
 * Demo idle price (table `idle_pricing`, minor units per minute after the grace minutes): one
 * station, so the demo shows an idle amount and its cancellation next to stations without one.
 * MOVE-SP-002 (Shopping Eldorado): a mall car park where a car left on the charger blocks it.
 */
const demoIdlePrices: { chargeBoxId: string; moneyPerMinute: number; graceMinutes: number }[] = [
  { chargeBoxId: 'MOVE-SP-002', moneyPerMinute: 1_00, graceMinutes: 10 },
];

/** Idle prices of the demo stations (inside the demo seed transaction; the stations exist). */
export async function seedDemoIdlePricing(trx: Transaction<DB>): Promise<void> {
  for (const p of demoIdlePrices) {
    const station = await trx
      .selectFrom('charge_boxes')
      .select('charge_box_pk')
      .where('charge_box_id', '=', p.chargeBoxId)
      .executeTakeFirst();
    if (!station) continue;
    await trx
      .insertInto('idle_pricing')
      .values({ charge_box_pk: station.charge_box_pk, money_per_minute: p.moneyPerMinute, grace_minutes: p.graceMinutes })
      .execute();
  }
}

/** The past top-ups of `depositHistory`, with the refund rows and wallet entries of the refunded one. */
async function seedDemoDepositHistory(trx: Transaction<DB>): Promise<void> {
  const day = 86_400_000;
  for (const d of depositHistory) {
    const user = await trx
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
      .select(['u.user_pk', 'u.tenant_pk', 't.currency'])
      .where('u.email', '=', d.email)
      .executeTakeFirst();
    if (!user) continue;
    const at = new Date(Date.now() - d.daysAgo * day);
    const paid = d.status === 'refunded';
    const m = await trx
      .insertInto('financial_movements')
      .values({
        tenant_pk: user.tenant_pk,
        target_type: 'USER',
        transaction_pk: null,
        user_pk: user.user_pk,
        payment_type: d.type,
        payment_status: d.status,
        payment_status_detail: d.detail,
        amount: d.amount,
        refunded_amount: paid ? d.amount : 0,
        currency: user.currency,
        provider: 'mercado_pago',
        external_id: d.externalId,
        voucher_unit_pk: null,
        actor_user_pk: null,
        created_at: at,
        paid_at: paid ? at : null,
        updated_at: at,
      })
      .returning('movement_pk')
      .executeTakeFirstOrThrow();
    if (!paid) continue;
    const refundedAt = new Date(at.getTime() + day);
    const refund = await trx
      .insertInto('payment_refunds')
      .values({
        movement_pk: m.movement_pk,
        amount: d.amount,
        actor_user_pk: null,
        provider_reference: `${d.externalId}-r1`,
        reason: 'demo: refunded at the customer’s request',
        created_at: refundedAt,
      })
      .returning('refund_pk')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('wallet_entries')
      .values([
        {
          user_pk: user.user_pk,
          movement_pk: m.movement_pk,
          refund_pk: null,
          kind: 'DEPOSIT',
          amount: d.amount,
          balance_after: d.amount,
          created_at: at,
        },
        {
          user_pk: user.user_pk,
          movement_pk: m.movement_pk,
          refund_pk: refund.refund_pk,
          kind: 'DEPOSIT_REFUND',
          amount: -d.amount,
          balance_after: 0,
          created_at: refundedAt,
        },
      ])
      .execute();
  }
}

/** Wallets with one approved MANUAL_DASHBOARD deposit each, after a past history of top-ups (inside the demo seed transaction). */
export async function seedDemoWallets(trx: Transaction<DB>): Promise<void> {
  await seedDemoDepositHistory(trx);
  for (const d of deposits) {
    const user = await trx
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
      .select(['u.user_pk', 'u.tenant_pk', 't.currency'])
      .where('u.email', '=', d.email)
      .executeTakeFirst();
    if (!user) continue;
    const m = await trx
      .insertInto('financial_movements')
      .values({
        tenant_pk: user.tenant_pk,
        target_type: 'USER',
        transaction_pk: null,
        user_pk: user.user_pk,
        payment_type: 'MANUAL_DASHBOARD',
        payment_status: 'approved',
        payment_status_detail: ledgerStatusDetails.demoDeposit,
        amount: d.amount,
        currency: user.currency,
        provider: 'manual',
        external_id: null,
        voucher_unit_pk: null,
        actor_user_pk: null,
        paid_at: new Date(),
      })
      .returning('movement_pk')
      .executeTakeFirstOrThrow();
    await trx.insertInto('wallets').values({ user_pk: user.user_pk, currency: user.currency, balance: d.amount }).execute();
    await trx
      .insertInto('wallet_entries')
      .values({
        user_pk: user.user_pk,
        movement_pk: m.movement_pk,
        refund_pk: null,
        kind: 'DEPOSIT',
        amount: d.amount,
        balance_after: d.amount,
      })
      .execute();
  }
}
