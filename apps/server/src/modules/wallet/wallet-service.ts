import type { Transaction } from 'kysely';
import type { DB } from '../../db/db';
import type { WalletEntryKind } from '../../db/schema-billing';
import * as repo from './repository';

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
  return repo.lockWallet(trx, userPk);
}

/** Creates the wallet if missing (currency of the user's tenant) and returns it locked. */
export async function ensureWallet(trx: Transaction<DB>, userPk: number) {
  const existing = await repo.lockWallet(trx, userPk);
  if (existing) return existing;
  const user = await repo.tenantCurrencyOfUser(trx, userPk);
  await repo.insertWalletIfMissing(trx, userPk, user.currency);
  return (await repo.lockWallet(trx, userPk))!;
}

/**
 * Applies a change to a locked wallet. A debit larger than the balance is refused (returns
 * false, nothing written): the caller decides what happens (e.g. the bill stays pending).
 */
export async function applyWalletChange(trx: Transaction<DB>, change: WalletChange): Promise<{ ok: boolean; balance: number }> {
  const wallet = await repo.lockWallet(trx, change.userPk);
  if (!wallet) return { ok: false, balance: 0 };
  const balance = Number(wallet.balance) + change.amount;
  if (balance < 0) return { ok: false, balance: Number(wallet.balance) };
  await repo.setBalance(trx, change.userPk, balance);
  await repo.insertEntry(trx, {
    userPk: change.userPk,
    movementPk: change.movementPk ?? null,
    refundPk: change.refundPk ?? null,
    kind: change.kind,
    amount: change.amount,
    balanceAfter: balance,
  });
  return { ok: true, balance };
}

/**
 * Records a wallet's past (a history import), each change at its own time, and moves the balance
 * by their sum: the caller holds the wallet's lock (`ensureWallet`) and has checked that the
 * balance never went below zero along the way (`balanceAfter` of each entry).
 */
export async function recordWalletHistory(
  trx: Transaction<DB>,
  userPk: number,
  entries: { movementPk: number; kind: WalletEntryKind; amount: number; balanceAfter: number; at: Date }[],
): Promise<void> {
  if (entries.length === 0) return;
  const wallet = await repo.lockWallet(trx, userPk);
  if (!wallet) throw new Error(`wallet of user ${userPk} is missing`);
  if (entries.some((e) => e.balanceAfter < 0)) throw new Error('a wallet history cannot go below zero');
  await repo.insertEntries(
    trx,
    entries.map((e) => ({ ...e, userPk })),
  );
  await repo.setBalance(trx, userPk, Number(wallet.balance) + entries.reduce((sum, e) => sum + e.amount, 0));
}
