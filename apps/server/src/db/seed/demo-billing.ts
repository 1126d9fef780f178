import type { Transaction } from 'kysely';
import type { DB } from '../db';

/** Demo wallet deposits (minor units): the demo driver can pay recharges from the wallet. */
const deposits: { email: string; amount: number }[] = [
  { email: 'motorista@move.com.br', amount: 200_00 },
  { email: 'pedro.lima@sol.com.br', amount: 50_00 },
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

/** Wallets with one approved MANUAL_DASHBOARD deposit each (inside the demo seed transaction). */
export async function seedDemoWallets(trx: Transaction<DB>): Promise<void> {
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
        payment_status_detail: 'demo deposit',
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
