import type { Transaction } from 'kysely';
import type { DB } from '../db';

/** Demo wallet deposits (minor units): the demo driver can pay recharges from the wallet. */
const deposits: { email: string; amount: number }[] = [
  { email: 'motorista@move.com.br', amount: 200_00 },
  { email: 'pedro.lima@sol.com.br', amount: 50_00 },
];

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
      .values({ user_pk: user.user_pk, movement_pk: m.movement_pk, refund_pk: null, kind: 'DEPOSIT', amount: d.amount, balance_after: d.amount })
      .execute();
  }
}
