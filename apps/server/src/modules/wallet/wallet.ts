import type { Transaction } from 'kysely';
import type { DB } from '../../db/db';
import type { WalletEntryKind } from '../../db/schema-billing';

/**
 * Wallet balances. A balance changes only inside a database transaction that holds the wallet
 * row's lock (`select … for update`) and writes the matching wallet entry, so concurrent debits
 * can never spend the same money twice and the entries always add up to the balance.
 */

export interface WalletChange {
  userPk: number;
  /** Positive credits, negative debits (minor units). */
  amount: number;
  kind: WalletEntryKind;
  movementPk?: number | null;
  refundPk?: number | null;
}

/** The user's wallet row, locked for the rest of the transaction; undefined when the user has none. */
export function lockWallet(trx: Transaction<DB>, userPk: number) {
  return trx.selectFrom('wallets').select(['user_pk', 'currency', 'balance']).where('user_pk', '=', userPk).forUpdate().executeTakeFirst();
}

/** Creates the wallet if missing (currency of the user's tenant) and returns it locked. */
export async function ensureWallet(trx: Transaction<DB>, userPk: number) {
  const existing = await lockWallet(trx, userPk);
  if (existing) return existing;
  const user = await trx
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select(['t.currency'])
    .where('u.user_pk', '=', userPk)
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('wallets')
    .values({ user_pk: userPk, currency: user.currency })
    .onConflict((oc) => oc.column('user_pk').doNothing())
    .execute();
  return (await lockWallet(trx, userPk))!;
}

/**
 * Applies a change to a locked wallet. A debit larger than the balance is refused (returns
 * false, nothing written): the caller decides what happens (e.g. the bill stays pending).
 */
export async function applyWalletChange(trx: Transaction<DB>, change: WalletChange): Promise<{ ok: boolean; balance: number }> {
  const wallet = await lockWallet(trx, change.userPk);
  if (!wallet) return { ok: false, balance: 0 };
  const balance = Number(wallet.balance) + change.amount;
  if (balance < 0) return { ok: false, balance: Number(wallet.balance) };
  await trx.updateTable('wallets').set({ balance, updated_at: new Date() }).where('user_pk', '=', change.userPk).execute();
  await trx
    .insertInto('wallet_entries')
    .values({
      user_pk: change.userPk,
      movement_pk: change.movementPk ?? null,
      refund_pk: change.refundPk ?? null,
      kind: change.kind,
      amount: change.amount,
      balance_after: balance,
    })
    .execute();
  return { ok: true, balance };
}
