import type { Kysely, Transaction } from 'kysely';
import type { PaymentType } from '@recarga/contracts/payments';
import { ledgerStatusDetails } from '@recarga/contracts/financial-constants';
import type { DB } from '../../db/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { applyWalletChange, ensureWallet, lockWallet, recordWalletHistory } from '../wallet/wallet-service';
import { providerNotConfigured, refusedForSure, type PaymentProviders, type ProviderOutcome } from './payment-provider';
import * as repo from './repository';
import type { Movement } from './repository';

/**
 * The one ledger of financial movements (financial_movements): recharge bills, idle payments,
 * wallet deposits, manual approvals and refunds. Every change of a movement happens here, under
 * the movement's row lock; a wallet changes under its own row lock in the same transaction.
 * Lock order everywhere: the recharge's billing row, then the movement, then the wallet.
 */

export type { Movement } from './repository';

/** Called inside the transaction that approved a recharge bill (not an idle payment): the invoice request. */
export type RechargePaidHook = (trx: Transaction<DB>, movement: Movement) => Promise<void>;

/** Called inside the transaction that refunded a recharge bill (not an idle payment): the invoice is cancelled or corrected. */
export type RechargeRefundedHook = (trx: Transaction<DB>, movement: Movement, total: boolean) => Promise<void>;

/** Called inside the transaction that refunded a recharge bill (not an idle payment): a voucher's use is given back (modules/vouchers). */
export type VoucherRefundedHook = (trx: Transaction<DB>, movement: Movement, total: boolean) => Promise<void>;

export interface LedgerDeps {
  db: Kysely<DB>;
  providers: PaymentProviders;
  onRechargePaid?: RechargePaidHook;
  onRechargeRefunded?: RechargeRefundedHook;
  onVoucherRefunded?: VoucherRefundedHook;
}

export interface RefundRequest {
  movementPk: number;
  /** Minor units; absent = what remains (total refund). */
  amount?: number;
  actorUserPk: number | null;
  reason?: string | null;
  tenantPks?: number[];
  /** The request's Idempotency-Key (per actor): the same key answers the same refund. */
  idempotencyKey?: string | null;
}

export interface RefundOutcome {
  movement: Movement;
  refundPk: number;
  /** Minor units refunded by this refund. */
  amount: number;
  /** The key named a refund already made: nothing new was refunded. */
  replayed: boolean;
}

/** What a provider says about a payment it took (a deposit's webhook). */
export interface ProviderDeposit {
  userPk: number;
  /** Minor units. */
  amount: number;
  currency: string;
  type: PaymentType;
  provider: string;
  externalId: string;
  status: 'approved' | 'in_process' | 'rejected' | 'cancelled';
  detail: string | null;
  paidAt: Date | null;
}

/** Movements whose money the ledger moves itself: refunded without a provider. */
const LEDGER_PROVIDERS = new Set(['wallet', 'manual', 'none', 'voucher']);

/** Types an operator may record as a manual approval: anything but the wallet (that moves a balance) and the sandbox. */
const MANUAL_TYPES = new Set<PaymentType>([
  'MANUAL_DASHBOARD',
  'MERCADO_PAGO_PRO',
  'MERCADO_PAGO_CARD',
  'MERCADO_PAGO_PIX',
  'PAGBANK_CARD',
  'PAGOS_TERPEL',
  'VOUCHER',
  'TICKET_LOG',
]);

const ledgerMessages = {
  keyReused: 'This Idempotency-Key was already used for another refund.',
  providerFailed: 'The payment provider refused or failed the refund; nothing was changed.',
  providerUnconfirmed:
    'The payment provider did not confirm the refund. It is kept and will be sent again under the same key, so the money goes back once; do not refund again.',
  refundInFlight: 'A refund of this movement is still on its way to the payment provider.',
  notPayable: 'Only recharges that are not paid can be approved.',
  inProcess: 'A payment of this recharge is being processed.',
  refundNotApproved: 'Only approved payments can be refunded.',
  refundTooLarge: 'The partial amount cannot be greater than the remaining value.',
  refundWalletLow: 'The wallet balance is lower than the deposit refund.',
  walletLow: ledgerStatusDetails.walletLow,
} as const;

export interface BillRequest {
  transactionPk: number;
  tenantPk: number;
  userPk: number | null;
  amount: number;
  currency: string;
  isIdle: boolean;
  /** Payment type a new pending bill gets when the wallet cannot pay it. */
  pendingType: PaymentType;
  /**
   * The payment type the recharge's remote start asked for (payment generation). WALLET, or none:
   * the wallet pays when it can. Any other: the wallet is left alone and the bill waits, pending,
   * to be paid that way (MANUAL_DASHBOARD by the operator, a provider type by the app).
   */
  requestedType?: PaymentType;
}

/** One event of a ledger's past (`Ledger.recordHistory`), at its own time. */
export type LedgerHistoryItem =
  | {
      kind: 'deposit';
      userPk: number;
      /** Minor units. */
      amount: number;
      at: Date;
      type: PaymentType;
      provider: string;
      externalId: string;
    }
  | {
      kind: 'bill';
      transactionPk: number;
      tenantPk: number;
      /** The recharge's station (the movement's, written with it). */
      chargeBoxPk: number;
      userPk: number | null;
      amount: number;
      currency: string;
      at: Date;
      pendingType: PaymentType;
      /** An operator recorded its payment (confirm_payments) when the wallet did not pay it. */
      approval?: { at: Date; actorUserPk: number };
    };

export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  set onRechargePaid(hook: RechargePaidHook | undefined) {
    this.deps.onRechargePaid = hook;
  }

  set onVoucherRefunded(hook: VoucherRefundedHook | undefined) {
    this.deps.onVoucherRefunded = hook;
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  /** Types of the providers that can take payments now. */
  configuredProviderTypes(): PaymentType[] {
    return this.deps.providers.configuredTypes();
  }

  lockMovement(trx: Transaction<DB>, movementPk: number) {
    return repo.lockMovement(trx, movementPk);
  }

  /** The live bill (not rejected or cancelled) of a recharge or of its idle time, locked. */
  private liveBill(trx: Transaction<DB>, transactionPk: number, isIdle: boolean) {
    return repo.lockLiveBill(trx, transactionPk, isIdle);
  }

  /** Locks the recharge's billing row first (lock order: billing row, movement, wallet). */
  lockBillingRow(trx: Transaction<DB>, transactionPk: number | null) {
    if (transactionPk === null) return Promise.resolve(undefined);
    return repo.lockBillingRow(trx, transactionPk);
  }

  /**
   * Points the recharge's billing row at its current bill (the live one, else the latest attempt)
   * and records its revenue status (001 §4): PRICELESS without payment or income, PAID when the
   * bill is approved with a paid time, else UNPAID. Called after every change of a recharge bill.
   */
  async syncRecharge(trx: Transaction<DB>, transactionPk: number) {
    await repo.syncRecharge(trx, transactionPk);
  }

  private async synced(trx: Transaction<DB>, m: Movement): Promise<Movement> {
    if (m.transaction_pk !== null && !m.is_idle_payment) await this.syncRecharge(trx, m.transaction_pk);
    return m;
  }

  /**
   * The live bill, or — when the last attempt was rejected — a new pending bill for the same
   * amount (the rejected one stays as history). Undefined when there is nothing to pay.
   */
  async openBill(trx: Transaction<DB>, transactionPk: number, isIdle: boolean): Promise<Movement | undefined> {
    const live = await this.liveBill(trx, transactionPk, isIdle);
    if (live) return live;
    const rejected = await repo.latestRejectedBill(trx, transactionPk, isIdle);
    if (!rejected) return undefined;
    return repo.insertMovement(trx, {
      tenant_pk: rejected.tenant_pk,
      target_type: 'TRANSACTION',
      transaction_pk: transactionPk,
      user_pk: rejected.user_pk,
      is_idle_payment: isIdle,
      payment_type: rejected.payment_type,
      payment_status: 'pending',
      payment_status_detail: null,
      amount: rejected.amount,
      currency: rejected.currency,
      provider: 'none',
      external_id: null,
      voucher_unit_pk: rejected.voucher_unit_pk,
      actor_user_pk: null,
      paid_at: null,
    });
  }

  // -------------------------------------------------------------------------------------------
  // Bills

  /**
   * Bills a priced recharge (or its idle time): the driver's wallet pays at once when it holds
   * enough in the same currency; otherwise the bill stays pending for the app (or an operator)
   * to pay. An existing live bill is kept: still pending, its amount follows a re-pricing; paid,
   * it is left alone. Returns the live bill.
   */
  async bill(trx: Transaction<DB>, req: BillRequest): Promise<Movement> {
    const existing = await this.liveBill(trx, req.transactionPk, req.isIdle);
    if (existing) {
      if (existing.payment_status === 'pending' && Number(existing.amount) !== req.amount) {
        return this.synced(trx, await repo.updateMovement(trx, existing.movement_pk, { amount: req.amount, updated_at: new Date() }));
      }
      return this.synced(trx, existing);
    }
    const walletFirst = !req.requestedType || req.requestedType === 'WALLET';
    const wallet = req.userPk !== null && walletFirst ? await lockWallet(trx, req.userPk) : undefined;
    const base = {
      tenant_pk: req.tenantPk,
      target_type: 'TRANSACTION' as const,
      transaction_pk: req.transactionPk,
      user_pk: req.userPk,
      is_idle_payment: req.isIdle,
      amount: req.amount,
      currency: req.currency,
      external_id: null,
      voucher_unit_pk: null,
      actor_user_pk: null,
      payment_status_detail: null,
    };
    if (wallet && wallet.currency === req.currency && Number(wallet.balance) >= req.amount) {
      const m = await repo.insertMovement(trx, {
        ...base,
        payment_type: 'WALLET',
        payment_status: 'approved',
        provider: 'wallet',
        paid_at: new Date(),
        payment_status_detail: ledgerStatusDetails.accredited,
      });
      const debit = await applyWalletChange(trx, { userPk: req.userPk!, amount: -req.amount, kind: 'DEBIT', movementPk: m.movement_pk });
      if (!debit.ok) throw new Error('wallet debit failed under lock');
      await this.approved(trx, m);
      return this.synced(trx, m);
    }
    const pending = await repo.insertMovement(trx, {
      ...base,
      payment_type: wallet ? 'WALLET' : walletFirst ? req.pendingType : req.requestedType!,
      payment_status: 'pending',
      provider: 'none',
      paid_at: null,
      payment_status_detail: wallet ? ledgerMessages.walletLow : null,
    });
    return this.synced(trx, pending);
  }

  /**
   * Records a recharge a voucher paid in full (modules/vouchers, docs/decisions.md "Vouchers"): an
   * approved movement of type VOUCHER, provider 'voucher', amount 0 (the discount is in the
   * recharge's composition), pointing at the user's voucher copy. A pending bill of an earlier
   * pricing is cancelled first; a voucher movement already there is kept (idempotent).
   */
  async payByVoucher(
    trx: Transaction<DB>,
    req: { transactionPk: number; tenantPk: number; userPk: number | null; currency: string; voucherUnitPk: number },
  ): Promise<Movement> {
    const existing = await this.liveBill(trx, req.transactionPk, false);
    if (existing?.provider === 'voucher' && existing.payment_status === 'approved') return this.synced(trx, existing);
    if (existing) {
      if (existing.payment_status !== 'pending') throw conflict(ledgerMessages.notPayable, undefined, 'ALREADY_PAID');
      await repo.cancelUnpaidMovement(trx, existing.movement_pk, 'paid by voucher');
    }
    const m = await repo.insertMovement(trx, {
      tenant_pk: req.tenantPk,
      target_type: 'TRANSACTION',
      transaction_pk: req.transactionPk,
      user_pk: req.userPk,
      is_idle_payment: false,
      payment_type: 'VOUCHER',
      payment_status: 'approved',
      payment_status_detail: ledgerStatusDetails.voucher,
      amount: 0,
      currency: req.currency,
      provider: 'voucher',
      external_id: null,
      voucher_unit_pk: req.voucherUnitPk,
      actor_user_pk: null,
      paid_at: new Date(),
    });
    return this.synced(trx, m);
  }

  /**
   * Records a ledger's past in bulk (the demo's history: thousands of movements in a few
   * statements), in time order and by the rules of `bill`, `approveManually` and `deposit`: an
   * approved deposit credits the wallet; a bill is paid by the driver's wallet when it holds
   * enough in the bill's currency at that moment, else it waits (pending), unless an operator
   * recorded its payment (`approval`). Each movement and wallet entry carries its own time; the
   * wallets' past starts from zero and their balances move by the sum of it. The recharges'
   * billing rows point at their bills. Answers the approved recharge bills (their invoices are
   * the caller's: `onRechargePaid` is not called).
   */
  async recordHistory(trx: Transaction<DB>, items: LedgerHistoryItem[]): Promise<Movement[]> {
    const ordered = [...items].sort((a, b) => a.at.getTime() - b.at.getTime());
    const users = [...new Set(ordered.flatMap((i) => (i.userPk === null ? [] : [i.userPk])))];
    const wallets = new Map<number, { currency: string; balance: number; tenantPk: number }>();
    for (const userPk of users) {
      const owner = await repo.depositor(trx, userPk);
      if (!owner) throw notFound('User not found!');
      const hasDeposit = ordered.some((i) => i.kind === 'deposit' && i.userPk === userPk);
      const wallet = hasDeposit ? await ensureWallet(trx, userPk) : await lockWallet(trx, userPk);
      if (wallet) wallets.set(userPk, { currency: wallet.currency.trim(), balance: 0, tenantPk: owner.tenant_pk });
    }
    const rows: Parameters<typeof repo.insertMovements>[1] = [];
    const entries: { userPk: number; row: number; kind: 'DEPOSIT' | 'DEBIT'; amount: number; balanceAfter: number; at: Date }[] = [];
    for (const item of ordered) {
      if (!Number.isSafeInteger(item.amount) || item.amount <= 0)
        throw badRequest('A movement must be a positive amount.', { amount: 'Positive minor units.' });
      if (item.kind === 'deposit') {
        const wallet = wallets.get(item.userPk)!;
        wallet.balance += item.amount;
        entries.push({
          userPk: item.userPk,
          row: rows.length,
          kind: 'DEPOSIT',
          amount: item.amount,
          balanceAfter: wallet.balance,
          at: item.at,
        });
        rows.push({
          tenant_pk: wallet.tenantPk,
          target_type: 'USER',
          transaction_pk: null,
          user_pk: item.userPk,
          payment_type: item.type,
          payment_status: 'approved',
          payment_status_detail: ledgerStatusDetails.accredited,
          amount: item.amount,
          currency: wallet.currency,
          provider: item.provider,
          external_id: item.externalId,
          voucher_unit_pk: null,
          actor_user_pk: null,
          created_at: item.at,
          paid_at: item.at,
          updated_at: item.at,
        });
        continue;
      }
      const base = {
        tenant_pk: item.tenantPk,
        target_type: 'TRANSACTION' as const,
        transaction_pk: item.transactionPk,
        charge_box_pk: item.chargeBoxPk,
        user_pk: item.userPk,
        is_idle_payment: false,
        amount: item.amount,
        currency: item.currency,
        external_id: null,
        voucher_unit_pk: null,
        created_at: item.at,
      };
      const wallet = item.userPk === null ? undefined : wallets.get(item.userPk);
      if (wallet && wallet.currency === item.currency.trim() && wallet.balance >= item.amount) {
        wallet.balance -= item.amount;
        entries.push({
          userPk: item.userPk!,
          row: rows.length,
          kind: 'DEBIT',
          amount: -item.amount,
          balanceAfter: wallet.balance,
          at: item.at,
        });
        rows.push({
          ...base,
          payment_type: 'WALLET',
          payment_status: 'approved',
          payment_status_detail: ledgerStatusDetails.accredited,
          provider: 'wallet',
          actor_user_pk: null,
          paid_at: item.at,
          updated_at: item.at,
        });
      } else if (item.approval) {
        rows.push({
          ...base,
          payment_type: 'MANUAL_DASHBOARD',
          payment_status: 'approved',
          payment_status_detail: ledgerStatusDetails.manual,
          provider: 'manual',
          actor_user_pk: item.approval.actorUserPk,
          paid_at: item.approval.at,
          updated_at: item.approval.at,
        });
      } else {
        rows.push({
          ...base,
          payment_type: wallet ? 'WALLET' : item.pendingType,
          payment_status: 'pending',
          payment_status_detail: wallet ? ledgerMessages.walletLow : null,
          provider: 'none',
          actor_user_pk: null,
          paid_at: null,
          updated_at: item.at,
        });
      }
    }
    const movements = await repo.insertMovements(trx, rows);
    for (const [userPk] of wallets) {
      await recordWalletHistory(
        trx,
        userPk,
        entries
          .filter((e) => e.userPk === userPk)
          .map((e) => ({
            movementPk: movements[e.row]!.movement_pk,
            kind: e.kind,
            amount: e.amount,
            balanceAfter: e.balanceAfter,
            at: e.at,
          })),
      );
    }
    await repo.syncRecharges(
      trx,
      ordered.flatMap((i) => (i.kind === 'bill' ? [i.transactionPk] : [])),
    );
    return movements.filter((m) => m.target_type === 'TRANSACTION' && m.payment_status === 'approved');
  }

  /** Cancels a live bill that is not paid (e.g. a cancelled idle payment). */
  async cancelBill(trx: Transaction<DB>, movementPk: number, detail: string) {
    const m = await repo.cancelUnpaidMovement(trx, movementPk, detail);
    if (m) await this.synced(trx, m);
  }

  /**
   * Records a payment an operator confirms (POST transaction/{id}/pay, confirm_payments): the
   * live bill becomes approved with the given type, time and external id; a bill that was
   * rejected is replaced by a new approved one. Paid, refunded or in-process bills are refused.
   */
  async approveManually(
    trx: Transaction<DB>,
    req: Omit<BillRequest, 'pendingType' | 'isIdle'> & { paidAt: Date; type: PaymentType; externalId: string | null; actorUserPk: number },
  ): Promise<Movement> {
    if (!MANUAL_TYPES.has(req.type))
      throw badRequest('This payment type cannot be recorded by hand.', { payment_type: 'Use MANUAL_DASHBOARD or a provider type.' });
    const existing = await this.liveBill(trx, req.transactionPk, false);
    if (existing && existing.payment_status === 'in_process') throw conflict(ledgerMessages.inProcess, undefined, 'PAYMENT_IN_PROCESS');
    if (existing && existing.payment_status !== 'pending') throw conflict(ledgerMessages.notPayable, undefined, 'ALREADY_PAID');
    const values = {
      payment_type: req.type,
      payment_status: 'approved' as const,
      payment_status_detail: ledgerStatusDetails.manual,
      provider: 'manual',
      external_id: req.externalId,
      actor_user_pk: req.actorUserPk,
      paid_at: req.paidAt,
      amount: req.amount,
      updated_at: new Date(),
    };
    const m = existing
      ? await repo.updateMovement(trx, existing.movement_pk, values)
      : await repo.insertMovement(trx, {
          ...values,
          tenant_pk: req.tenantPk,
          target_type: 'TRANSACTION',
          transaction_pk: req.transactionPk,
          user_pk: req.userPk,
          is_idle_payment: false,
          currency: req.currency,
          voucher_unit_pk: null,
        });
    await this.approved(trx, m);
    return this.synced(trx, m);
  }

  /** Pays a live bill from the payer's wallet (checkout with WALLET). Insufficient balance: 409, the bill stays pending. */
  async payFromWallet(trx: Transaction<DB>, bill: Movement): Promise<Movement> {
    if (bill.payment_status !== 'pending')
      throw conflict(bill.payment_status === 'in_process' ? ledgerMessages.inProcess : ledgerMessages.notPayable, undefined, 'NOT_PAYABLE');
    if (bill.user_pk === null) throw conflict('This recharge has no driver with a wallet.', undefined, 'NO_WALLET');
    const wallet = await lockWallet(trx, bill.user_pk);
    if (!wallet || wallet.currency !== bill.currency || Number(wallet.balance) < Number(bill.amount)) {
      await repo.setMovement(trx, bill.movement_pk, {
        payment_type: 'WALLET',
        payment_status_detail: ledgerMessages.walletLow,
        updated_at: new Date(),
      });
      throw new AppError(409, 'INSUFFICIENT_BALANCE', ledgerMessages.walletLow);
    }
    const m = await repo.updateMovement(trx, bill.movement_pk, {
      payment_type: 'WALLET',
      payment_status: 'approved',
      provider: 'wallet',
      paid_at: new Date(),
      payment_status_detail: ledgerStatusDetails.accredited,
      updated_at: new Date(),
    });
    await applyWalletChange(trx, { userPk: bill.user_pk, amount: -Number(bill.amount), kind: 'DEBIT', movementPk: bill.movement_pk });
    await this.approved(trx, m);
    return this.synced(trx, m);
  }

  /**
   * Pays a recharge bill through a provider. The bill is claimed first (in_process, its own short
   * transaction) so a second checkout cannot charge twice; the provider is called outside any
   * database transaction; the outcome is recorded in a second one. A rejected charge leaves the
   * bill rejected (history) — the next checkout opens a new bill.
   */
  async payWithProvider(
    transactionPk: number,
    isIdle: boolean,
    type: PaymentType,
    cardToken: string | null,
    payer: { userPk: number | null; email: string | null },
  ): Promise<Movement> {
    const provider = this.deps.providers.of(type);
    if (!provider)
      throw badRequest('This payment type is not paid through a provider.', { payment_type: 'Use WALLET or a card/PIX type.' });
    if (!provider.configured) throw providerNotConfigured(type);
    const claimed = await this.deps.db.transaction().execute(async (trx) => {
      await this.lockBillingRow(trx, transactionPk);
      const bill = await this.openBill(trx, transactionPk, isIdle);
      if (!bill) throw conflict('This recharge has nothing to pay.', undefined, 'NOTHING_TO_PAY');
      if (bill.payment_status !== 'pending')
        throw conflict(
          bill.payment_status === 'in_process' ? ledgerMessages.inProcess : ledgerMessages.notPayable,
          undefined,
          'NOT_PAYABLE',
        );
      await repo.setMovement(trx, bill.movement_pk, {
        payment_status: 'in_process',
        payment_type: type,
        provider: provider.name,
        payment_status_detail: ledgerStatusDetails.checkoutStarted,
        updated_at: new Date(),
      });
      await this.synced(trx, bill);
      return bill;
    });
    let outcome: ProviderOutcome;
    try {
      outcome = await provider.charge({
        amount: Number(claimed.amount),
        currency: claimed.currency,
        reference: `movement-${claimed.movement_pk}`,
        description: isIdle ? `Idle time of recharge ${transactionPk}` : `Recharge ${transactionPk}`,
        cardToken,
        payer,
      });
    } catch (err) {
      await this.deps.db.transaction().execute(async (trx) => {
        await this.lockBillingRow(trx, transactionPk);
        const m = await repo.updateMovement(trx, claimed.movement_pk, {
          payment_status: 'pending',
          payment_status_detail: (err as Error).message.slice(0, 200),
          updated_at: new Date(),
        });
        await this.synced(trx, m);
      });
      throw err;
    }
    return this.deps.db.transaction().execute(async (trx) => {
      await this.lockBillingRow(trx, transactionPk);
      return this.recordOutcome(trx, claimed.movement_pk, outcome);
    });
  }

  /** Records a provider's answer on a movement (the caller holds the billing row's lock). */
  private async recordOutcome(trx: Transaction<DB>, movementPk: number, outcome: ProviderOutcome): Promise<Movement> {
    const m = await repo.updateMovement(trx, movementPk, {
      payment_status: outcome.status,
      payment_status_detail: outcome.detail,
      external_id: outcome.externalId,
      paid_at: outcome.status === 'approved' ? new Date() : null,
      updated_at: new Date(),
    });
    if (m.payment_status === 'approved') await this.approved(trx, m);
    return this.synced(trx, m);
  }

  /** Asks providers about payments left in_process and records what they say (periodic job). */
  async settleInProcess(limit = 50): Promise<number> {
    const rows = await repo.inProcessAtProviders(this.deps.db, limit);
    let settled = 0;
    for (const r of rows) {
      const provider = this.deps.providers.byName(r.provider);
      if (!provider?.configured) continue;
      const outcome = await provider.status(r.external_id!);
      if (outcome.status === 'in_process') continue;
      await this.deps.db.transaction().execute(async (trx) => {
        await this.lockBillingRow(trx, r.transaction_pk);
        const m = await this.lockMovement(trx, r.movement_pk);
        if (m?.payment_status !== 'in_process') return;
        const done = await this.recordOutcome(trx, r.movement_pk, outcome);
        if (done.target_type === 'USER' && done.payment_status === 'approved' && done.user_pk !== null) {
          await ensureWallet(trx, done.user_pk);
          await applyWalletChange(trx, {
            userPk: done.user_pk,
            amount: Number(done.amount),
            kind: 'DEPOSIT',
            movementPk: done.movement_pk,
          });
        }
        settled++;
      });
    }
    return settled;
  }

  private async approved(trx: Transaction<DB>, m: Movement) {
    if (m.target_type === 'TRANSACTION' && !m.is_idle_payment && this.deps.onRechargePaid) await this.deps.onRechargePaid(trx, m);
  }

  // -------------------------------------------------------------------------------------------
  // Wallet deposits

  /**
   * A deposit into a user's wallet (target USER). MANUAL_DASHBOARD is recorded as approved and
   * credited at once; a provider type is charged (approved → credited; in_process → credited when
   * settled; rejected → nothing).
   */
  async deposit(req: {
    userPk: number;
    amount: number;
    type: PaymentType;
    cardToken?: string | null;
    externalId?: string | null;
    actorUserPk?: number | null;
  }): Promise<Movement> {
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
      throw badRequest('The deposit must be a positive amount.', { amount: 'Positive minor units.' });
    const user = await repo.depositor(this.deps.db, req.userPk);
    if (!user) throw notFound('User not found!');
    let outcome: ProviderOutcome = { status: 'approved', externalId: req.externalId ?? '', detail: 'manual' };
    let provider = 'manual';
    if (req.type !== 'MANUAL_DASHBOARD') {
      const p = this.deps.providers.of(req.type);
      if (!p) throw badRequest('Deposits are paid by MANUAL_DASHBOARD or a provider type.', { payment_type: 'Unsupported for deposits.' });
      outcome = await p.charge({
        amount: req.amount,
        currency: user.currency,
        reference: `deposit-${user.user_pk}-${Date.now()}`,
        description: 'Wallet deposit',
        cardToken: req.cardToken,
        payer: { userPk: user.user_pk, email: user.email },
      });
      provider = p.name;
    }
    return this.deps.db.transaction().execute(async (trx) => {
      const wallet = await ensureWallet(trx, user.user_pk);
      const m = await repo.insertMovement(trx, {
        tenant_pk: user.tenant_pk,
        target_type: 'USER',
        transaction_pk: null,
        user_pk: user.user_pk,
        payment_type: req.type,
        payment_status: outcome.status,
        payment_status_detail: outcome.detail,
        amount: req.amount,
        currency: wallet.currency,
        provider,
        external_id: outcome.externalId || null,
        voucher_unit_pk: null,
        actor_user_pk: req.actorUserPk ?? null,
        paid_at: outcome.status === 'approved' ? new Date() : null,
      });
      if (m.payment_status === 'approved') {
        await applyWalletChange(trx, { userPk: user.user_pk, amount: req.amount, kind: 'DEPOSIT', movementPk: m.movement_pk });
      }
      return m;
    });
  }

  // -------------------------------------------------------------------------------------------
  // Refunds

  /**
   * Refunds an approved movement, totally (amount omitted) or partly (minor units, at most the
   * remaining value). The money goes back the way it came: a wallet payment is credited back to
   * the wallet, a deposit is taken out of the wallet, a provider payment is refunded by the
   * provider, a manual approval is only recorded. The movement becomes `refunded` when nothing
   * remains; a partial refund keeps `approved` (shown as partial_refund).
   */
  async refund(req: RefundRequest): Promise<Movement> {
    return (await this.refundOnce(req)).movement;
  }

  /**
   * `refund`, answering the refund made. With an Idempotency-Key the key is claimed under the
   * movement's lock: a second request with the same key (a double click, a retry, even at the same
   * moment) answers the first one's refund; a key naming another movement or amount is refused
   * (422). Money the ledger moves itself (a wallet payment, a manual approval) is refunded in one
   * transaction. A provider's payment is refunded in three steps, none of them holding a
   * transaction while the provider thinks (docs/decisions.md "Refunds in three steps"):
   * - reserve: every check that can refuse (state, remaining amount net of refunds on their way,
   *   the wallet of a deposit, which gives the money up now), and a `reserved` refund row;
   * - call the provider, outside any transaction, with the idempotency key
   *   `recarga-refund-<refund_pk>`; its answer is recorded at once (`sent`);
   * - settle: the movement, the invoice, the voucher.
   * A refusal ends the refund (`failed`): the wallet gets its money back, the key is freed, 502. A
   * provider that does not answer leaves the refund reserved (502 PAYMENT_PROVIDER_UNCONFIRMED):
   * the same key again, or the billing job, sends it again under the same provider key, so the
   * provider refunds it once.
   */
  async refundOnce(req: RefundRequest): Promise<RefundOutcome> {
    const step = await this.deps.db.transaction().execute((trx) => this.reserveRefund(trx, req));
    if (step.kind === 'done') return step.outcome;
    return this.completeRefund(step.refundPk, step.replayed);
  }

  /** Refunds left on their way (a crash, a provider that did not answer) are sent again and settled (billing job). */
  async resumeRefunds(olderThanMs = 60_000, limit = 50): Promise<number> {
    const open = await repo.openRefunds(this.deps.db, new Date(Date.now() - olderThanMs), limit);
    let settled = 0;
    for (const r of open) {
      try {
        await this.completeRefund(Number(r.refund_pk), true);
        settled++;
      } catch {
        // Recorded on the refund row (failure, attempts); the next pass tries again.
      }
    }
    return settled;
  }

  /** Step 1: the checks, the claim of the key and the refund row, in one short transaction. */
  private async reserveRefund(
    trx: Transaction<DB>,
    req: RefundRequest,
  ): Promise<{ kind: 'done'; outcome: RefundOutcome } | { kind: 'provider'; refundPk: number; replayed: boolean }> {
    const target = await repo.transactionOfMovement(trx, req.movementPk);
    await this.lockBillingRow(trx, target?.transaction_pk ?? null);
    const m = await this.lockMovement(trx, req.movementPk);
    if (!m || (req.tenantPks && !req.tenantPks.includes(m.tenant_pk))) throw notFound('Movement not found');
    const voucherPaid = m.provider === 'voucher' && Number(m.amount) === 0;
    const key = req.idempotencyKey && req.actorUserPk !== null ? { actor: req.actorUserPk, key: req.idempotencyKey } : null;
    if (key) {
      const claimed = await repo.claimRefundKey(trx, {
        actor_user_pk: key.actor,
        idempotency_key: key.key,
        movement_pk: m.movement_pk,
        requested_amount: req.amount ?? null,
      });
      if (!claimed) {
        const prior = await repo.refundOfKey(trx, key.actor, key.key);
        const same = !!prior && Number(prior.movement_pk) === m.movement_pk && prior.requested_amount === (req.amount ?? null);
        // A voucher-paid refund writes no payment_refunds row: its claimed key, committed with it, is the proof.
        if (same && voucherPaid && m.payment_status === 'refunded')
          return { kind: 'done', outcome: { movement: m, refundPk: 0, amount: 0, replayed: true } };
        if (!same || prior.refund_pk === null) throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', ledgerMessages.keyReused);
        // The first request's refund is still on its way: this one takes it further (same provider key).
        if (prior.state === 'reserved' || prior.state === 'sent')
          return { kind: 'provider', refundPk: Number(prior.refund_pk), replayed: true };
        return { kind: 'done', outcome: { movement: m, refundPk: Number(prior.refund_pk), amount: Number(prior.amount), replayed: true } };
      }
    }
    if (voucherPaid) return { kind: 'done', outcome: await this.refundVoucherPaid(trx, m, req) };
    if (m.payment_status !== 'approved') throw conflict(ledgerMessages.refundNotApproved, undefined, 'NOT_REFUNDABLE');
    const inFlight = await repo.inFlightRefunds(trx, m.movement_pk);
    const remaining = Number(m.amount) - Number(m.refunded_amount) - inFlight;
    if (inFlight > 0 && (req.amount === undefined ? remaining <= 0 : req.amount > remaining))
      throw conflict(ledgerMessages.refundInFlight, undefined, 'REFUND_IN_PROGRESS');
    const amount = req.amount ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw badRequest('The refund amount must be positive.', { partialAmount: 'Positive minor units.' });
    if (amount > remaining)
      throw badRequest(ledgerMessages.refundTooLarge, { partialAmount: ledgerMessages.refundTooLarge }, 'REFUND_TOO_LARGE');

    const viaProvider = !LEDGER_PROVIDERS.has(m.provider);
    const provider = viaProvider ? this.deps.providers.byName(m.provider) : undefined;
    if (viaProvider && !provider?.configured) throw providerNotConfigured(provider?.type ?? m.payment_type);
    const refund = await repo.insertRefund(trx, {
      movement_pk: m.movement_pk,
      amount,
      actor_user_pk: req.actorUserPk,
      provider_reference: null,
      reason: req.reason ?? null,
      state: viaProvider ? 'reserved' : 'settled',
    });
    const refundPk = Number(refund.refund_pk);
    if (m.target_type === 'USER' && m.user_pk !== null) {
      // A deposit refund gives the money up at once: the driver cannot spend it while the provider sends it back.
      const r = await applyWalletChange(trx, {
        userPk: m.user_pk,
        amount: -amount,
        kind: 'DEPOSIT_REFUND',
        movementPk: m.movement_pk,
        refundPk,
      });
      if (!r.ok) throw conflict(ledgerMessages.refundWalletLow, undefined, 'WALLET_BALANCE_LOW');
    } else if (m.provider === 'wallet' && m.user_pk !== null) {
      await ensureWallet(trx, m.user_pk);
      await applyWalletChange(trx, { userPk: m.user_pk, amount, kind: 'REFUND_CREDIT', movementPk: m.movement_pk, refundPk });
    }
    if (key) await repo.setRefundOfKey(trx, key.actor, key.key, refundPk);
    if (viaProvider) return { kind: 'provider', refundPk, replayed: false };
    return { kind: 'done', outcome: await this.settleMovement(trx, m, refundPk, amount, false) };
  }

  /** Steps 2 and 3 of a provider refund: the call (unless its answer is already recorded), then the settlement. */
  private async completeRefund(refundPk: number, replayed: boolean): Promise<RefundOutcome> {
    const r = await repo.refundWithPayment(this.deps.db, refundPk);
    if (r.state === 'reserved') {
      const provider = this.deps.providers.byName(r.provider);
      try {
        if (!provider?.configured) throw providerNotConfigured(r.provider);
        const { reference } = await provider.refund(r.external_id ?? '', Number(r.amount), {
          idempotencyKey: `recarga-refund-${refundPk}`,
          total: Number(r.amount) === Number(r.movement_amount),
        });
        // The answer is kept before anything else can fail: a retry then settles, it never calls again.
        await this.deps.db.transaction().execute(async (trx) => {
          const locked = await repo.lockRefund(trx, refundPk);
          if (locked?.state === 'reserved')
            await repo.setRefund(trx, refundPk, {
              state: 'sent',
              provider_reference: reference,
              attempts: locked.attempts + 1,
              failure: null,
            });
        });
      } catch (err) {
        const said = (err as Error).message.slice(0, 300);
        // Refused for sure (or never sent: no provider and no earlier call) ends the refund; anything else may have refunded.
        const neverSent = err instanceof AppError && err.code === 'PAYMENT_PROVIDER_NOT_CONFIGURED' && r.attempts === 0;
        if (refusedForSure(err) || neverSent) {
          await this.failRefund(refundPk, said);
          if (err instanceof AppError) throw err;
          throw new AppError(502, 'PAYMENT_PROVIDER_FAILED', `${ledgerMessages.providerFailed} (${said})`.slice(0, 300));
        }
        await this.deps.db.transaction().execute(async (trx) => {
          const locked = await repo.lockRefund(trx, refundPk);
          if (locked?.state === 'reserved') await repo.setRefund(trx, refundPk, { attempts: locked.attempts + 1, failure: said });
        });
        throw new AppError(502, 'PAYMENT_PROVIDER_UNCONFIRMED', `${ledgerMessages.providerUnconfirmed} (${said})`.slice(0, 400));
      }
    } else if (r.state === 'failed') {
      throw new AppError(502, 'PAYMENT_PROVIDER_FAILED', `${ledgerMessages.providerFailed} (${r.failure ?? ''})`.slice(0, 300));
    }
    return this.deps.db.transaction().execute(async (trx) => {
      await this.lockBillingRow(trx, r.transaction_pk);
      const m = (await this.lockMovement(trx, r.movement_pk))!;
      const locked = (await repo.lockRefund(trx, refundPk))!;
      if (locked.state === 'settled') return { movement: m, refundPk, amount: Number(locked.amount), replayed: true };
      // Only a refund the provider confirmed is settled (a concurrent refusal may have ended it meanwhile).
      if (locked.state !== 'sent')
        throw new AppError(502, 'PAYMENT_PROVIDER_FAILED', `${ledgerMessages.providerFailed} (${locked.failure ?? ''})`.slice(0, 300));
      await repo.setRefund(trx, refundPk, { state: 'settled' });
      return this.settleMovement(trx, m, refundPk, Number(locked.amount), replayed);
    });
  }

  /** A refund the provider refused: the row stays as history, a deposit's wallet gets its money back, the key is freed. */
  private async failRefund(refundPk: number, failure: string) {
    await this.deps.db.transaction().execute(async (trx) => {
      const r = await repo.refundWithPayment(trx, refundPk);
      await this.lockBillingRow(trx, r.transaction_pk);
      const m = (await this.lockMovement(trx, r.movement_pk))!;
      const locked = await repo.lockRefund(trx, refundPk);
      if (locked?.state !== 'reserved') return;
      await repo.setRefund(trx, refundPk, { state: 'failed', failure, attempts: locked.attempts + 1 });
      if (m.target_type === 'USER' && m.user_pk !== null) {
        await ensureWallet(trx, m.user_pk);
        await applyWalletChange(trx, {
          userPk: m.user_pk,
          amount: Number(locked.amount),
          kind: 'DEPOSIT_REFUND_RETURNED',
          movementPk: m.movement_pk,
          refundPk,
        });
      }
      await repo.releaseRefundKey(trx, refundPk);
    });
  }

  /** The movement after a refund is done: its refunded amount and status, the invoice, the voucher. */
  private async settleMovement(
    trx: Transaction<DB>,
    m: Movement,
    refundPk: number,
    amount: number,
    replayed: boolean,
  ): Promise<RefundOutcome> {
    const refunded = Number(m.refunded_amount) + amount;
    const total = refunded === Number(m.amount);
    const updated = await repo.updateMovement(trx, m.movement_pk, {
      refunded_amount: refunded,
      payment_status: total ? 'refunded' : 'approved',
      updated_at: new Date(),
    });
    if (updated.target_type === 'TRANSACTION' && !updated.is_idle_payment && this.deps.onRechargeRefunded)
      await this.deps.onRechargeRefunded(trx, updated, total);
    if (updated.target_type === 'TRANSACTION' && !updated.is_idle_payment && this.deps.onVoucherRefunded)
      await this.deps.onVoucherRefunded(trx, updated, total);
    return { movement: await this.synced(trx, updated), refundPk, amount, replayed };
  }

  /**
   * The refund of a recharge a voucher paid in full (amount 0, nothing to send back): the movement
   * becomes refunded and the voucher's use goes back to the user's copy (onVoucherRefunded). Only
   * a total refund; a second one is refused like any refunded movement (409), so the value goes
   * back once. No payment_refunds row (its amount is positive by definition).
   */
  private async refundVoucherPaid(trx: Transaction<DB>, m: Movement, req: RefundRequest): Promise<RefundOutcome> {
    if (m.payment_status !== 'approved') throw conflict(ledgerMessages.refundNotApproved, undefined, 'NOT_REFUNDABLE');
    if (req.amount !== undefined && req.amount !== 0)
      throw badRequest(ledgerMessages.refundTooLarge, { partialAmount: ledgerMessages.refundTooLarge }, 'REFUND_TOO_LARGE');
    const updated = await repo.updateMovement(trx, m.movement_pk, {
      payment_status: 'refunded',
      payment_status_detail: ledgerStatusDetails.voucherReturned,
      updated_at: new Date(),
    });
    if (this.deps.onVoucherRefunded) await this.deps.onVoucherRefunded(trx, updated, true);
    return { movement: await this.synced(trx, updated), refundPk: 0, amount: 0, replayed: false };
  }

  /**
   * Records a wallet deposit a provider took (its payment notification): once per provider payment
   * id, however often it is notified. A new approved payment is credited at once; a pending one is
   * recorded in_process and credited when a later notification (or the settle job) approves it; an
   * approved deposit is never changed again by a notification (refunds are made from the
   * dashboard). Answers the movement and whether the wallet was credited now.
   */
  async recordProviderDeposit(d: ProviderDeposit): Promise<{ movement: Movement; credited: boolean }> {
    if (!Number.isSafeInteger(d.amount) || d.amount <= 0)
      throw badRequest('The deposit must be a positive amount.', { amount: 'Positive minor units.' });
    const user = await repo.depositor(this.deps.db, d.userPk);
    if (!user) throw notFound('User not found!');
    return this.deps.db.transaction().execute(async (trx) => {
      const wallet = await ensureWallet(trx, user.user_pk);
      if (wallet.currency.trim() !== d.currency.trim())
        throw badRequest(`The payment is in ${d.currency}; the wallet holds ${wallet.currency}.`, { currency: 'Wallet currency.' });
      const status = d.status === 'cancelled' ? 'cancelled' : d.status;
      let m = await repo.lockDepositOfPayment(trx, d.provider, d.externalId);
      if (!m) {
        m = await repo.insertDepositOnce(trx, {
          tenant_pk: user.tenant_pk,
          target_type: 'USER',
          transaction_pk: null,
          user_pk: user.user_pk,
          payment_type: d.type,
          payment_status: status,
          payment_status_detail: d.detail,
          amount: d.amount,
          currency: wallet.currency,
          provider: d.provider,
          external_id: d.externalId,
          voucher_unit_pk: null,
          actor_user_pk: null,
          paid_at: status === 'approved' ? (d.paidAt ?? new Date()) : null,
        });
        if (!m) {
          // Another notification of the same payment inserted it first: treat this one as a repeat.
          return { movement: (await repo.lockDepositOfPayment(trx, d.provider, d.externalId))!, credited: false };
        }
        if (m.payment_status !== 'approved') return { movement: m, credited: false };
      } else {
        if (m.payment_status !== 'in_process' && m.payment_status !== 'pending') return { movement: m, credited: false };
        if (status === 'in_process') return { movement: m, credited: false };
        m = await repo.updateMovement(trx, m.movement_pk, {
          payment_status: status,
          payment_status_detail: d.detail,
          paid_at: status === 'approved' ? (d.paidAt ?? new Date()) : null,
          updated_at: new Date(),
        });
        if (status !== 'approved') return { movement: m, credited: false };
      }
      await applyWalletChange(trx, { userPk: user.user_pk, amount: Number(m.amount), kind: 'DEPOSIT', movementPk: m.movement_pk });
      return { movement: m, credited: true };
    });
  }
}
