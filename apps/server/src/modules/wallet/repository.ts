import type { Executor } from '../../db/db';
import type { WalletEntryKind } from '../../db/schema-billing';

/** The user's wallet row, locked for the rest of the transaction; undefined when the user has none. */
export function lockWallet(db: Executor, userPk: number) {
  return db.selectFrom('wallets').select(['user_pk', 'currency', 'balance']).where('user_pk', '=', userPk).forUpdate().executeTakeFirst();
}

/** The currency of the user's tenant (a new wallet's currency). */
export function tenantCurrencyOfUser(db: Executor, userPk: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select(['t.currency'])
    .where('u.user_pk', '=', userPk)
    .executeTakeFirstOrThrow();
}

/** Creates the user's wallet unless another transaction did it first. */
export function insertWalletIfMissing(db: Executor, userPk: number, currency: string) {
  return db
    .insertInto('wallets')
    .values({ user_pk: userPk, currency })
    .onConflict((oc) => oc.column('user_pk').doNothing())
    .execute();
}

export function setBalance(db: Executor, userPk: number, balance: number) {
  return db.updateTable('wallets').set({ balance, updated_at: new Date() }).where('user_pk', '=', userPk).execute();
}

export function insertEntry(
  db: Executor,
  entry: {
    userPk: number;
    movementPk: number | null;
    refundPk: number | null;
    kind: WalletEntryKind;
    amount: number;
    balanceAfter: number;
  },
) {
  return db
    .insertInto('wallet_entries')
    .values({
      user_pk: entry.userPk,
      movement_pk: entry.movementPk,
      refund_pk: entry.refundPk,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
    })
    .execute();
}

/** Entries of a past already settled (a history import), each with its own time, in statements of 500 rows. */
export async function insertEntries(
  db: Executor,
  entries: { userPk: number; movementPk: number; kind: WalletEntryKind; amount: number; balanceAfter: number; at: Date }[],
) {
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto('wallet_entries')
      .values(
        entries.slice(i, i + 500).map((e) => ({
          user_pk: e.userPk,
          movement_pk: e.movementPk,
          refund_pk: null,
          kind: e.kind,
          amount: e.amount,
          balance_after: e.balanceAfter,
          created_at: e.at,
        })),
      )
      .execute();
  }
}
