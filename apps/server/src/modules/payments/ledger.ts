import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PaymentType } from '@recarga/contracts/payments';
import type { DB } from '../../db/db';
import type { FinancialMovementsTable } from '../../db/schema-billing';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { applyWalletChange, ensureWallet, lockWallet } from '../wallet/wallet';
import { providerNotConfigured, type PaymentProviders, type ProviderOutcome } from './payment-provider';

/**
 * The one ledger of financial movements (financial_movements): recharge bills, idle payments,
 * wallet deposits, manual approvals and refunds. Every change of a movement happens here, under
 * the movement's row lock; a wallet changes under its own row lock in the same transaction.
 * Lock order everywhere: the recharge's billing row, then the movement, then the wallet.
 */

export type Movement = Selectable<FinancialMovementsTable>;

/** Called inside the transaction that approved a recharge bill (not an idle payment): the invoice request. */
export type RechargePaidHook = (trx: Transaction<DB>, movement: Movement) => Promise<void>;

export interface LedgerDeps {
  db: Kysely<DB>;
  providers: PaymentProviders;
  onRechargePaid?: RechargePaidHook;
}

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

export const ledgerMessages = {
  notPayable: 'Only recharges that are not paid can be approved.',
  inProcess: 'A payment of this recharge is being processed.',
  refundNotApproved: 'Only approved payments can be refunded.',
  refundTooLarge: 'The partial amount cannot be greater than the remaining value.',
  refundWalletLow: 'The wallet balance is lower than the deposit refund.',
  walletLow: 'Insufficient wallet balance.',
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
}

export class Ledger {
  constructor(private readonly deps: LedgerDeps) {}

  set onRechargePaid(hook: RechargePaidHook | undefined) {
    this.deps.onRechargePaid = hook;
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  lockMovement(trx: Transaction<DB>, movementPk: number) {
    return trx.selectFrom('financial_movements').selectAll().where('movement_pk', '=', movementPk).forUpdate().executeTakeFirst();
  }

  /** The live bill (not rejected or cancelled) of a recharge or of its idle time, locked. */
  liveBill(trx: Transaction<DB>, transactionPk: number, isIdle: boolean) {
    return trx
      .selectFrom('financial_movements')
      .selectAll()
      .where('transaction_pk', '=', transactionPk)
      .where('is_idle_payment', '=', isIdle)
      .where('payment_status', 'not in', ['rejected', 'cancelled'])
      .forUpdate()
      .executeTakeFirst();
  }

  /** Locks the recharge's billing row first (lock order: billing row, movement, wallet). */
  lockBillingRow(trx: Transaction<DB>, transactionPk: number | null) {
    if (transactionPk === null) return Promise.resolve(undefined);
    return trx
      .selectFrom('transaction_billing')
      .select('transaction_pk')
      .where('transaction_pk', '=', transactionPk)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Points the recharge's billing row at its current bill (the live one, else the latest attempt)
   * and records its revenue status (001 §4): PRICELESS without payment or income, PAID when the
   * bill is approved with a paid time, else UNPAID. Called after every change of a recharge bill.
   */
  async syncRecharge(trx: Transaction<DB>, transactionPk: number) {
    await sql`
      update transaction_billing b
         set movement_pk = cur.movement_pk,
             revenue_status = case when not b.has_payment or b.total = 0 then 'PRICELESS'
                                   when cur.payment_status = 'approved' and cur.paid_at is not null then 'PAID'
                                   else 'UNPAID' end
        from (select 1) one
        left join lateral (
          select m.movement_pk, m.payment_status, m.paid_at
            from financial_movements m
           where m.transaction_pk = ${transactionPk} and not m.is_idle_payment
           order by (m.payment_status in ('rejected', 'cancelled')), m.movement_pk desc
           limit 1) cur on true
       where b.transaction_pk = ${transactionPk}`.execute(trx);
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
    const rejected = await trx
      .selectFrom('financial_movements')
      .selectAll()
      .where('transaction_pk', '=', transactionPk)
      .where('is_idle_payment', '=', isIdle)
      .where('payment_status', '=', 'rejected')
      .orderBy('movement_pk', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!rejected) return undefined;
    return (await trx
      .insertInto('financial_movements')
      .values({
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
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as Movement;
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
        return this.synced(
          trx,
          (await trx
            .updateTable('financial_movements')
            .set({ amount: req.amount, updated_at: new Date() })
            .where('movement_pk', '=', existing.movement_pk)
            .returningAll()
            .executeTakeFirstOrThrow()) as Movement,
        );
      }
      return this.synced(trx, existing);
    }
    const wallet = req.userPk !== null ? await lockWallet(trx, req.userPk) : undefined;
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
      const m = (await trx
        .insertInto('financial_movements')
        .values({
          ...base,
          payment_type: 'WALLET',
          payment_status: 'approved',
          provider: 'wallet',
          paid_at: new Date(),
          payment_status_detail: 'accredited',
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as Movement;
      const debit = await applyWalletChange(trx, { userPk: req.userPk!, amount: -req.amount, kind: 'DEBIT', movementPk: m.movement_pk });
      if (!debit.ok) throw new Error('wallet debit failed under lock');
      await this.approved(trx, m);
      return this.synced(trx, m);
    }
    const pending = (await trx
      .insertInto('financial_movements')
      .values({
        ...base,
        payment_type: wallet ? 'WALLET' : req.pendingType,
        payment_status: 'pending',
        provider: 'none',
        paid_at: null,
        payment_status_detail: wallet ? ledgerMessages.walletLow : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as Movement;
    return this.synced(trx, pending);
  }

  /** Cancels a live bill that is not paid (e.g. a cancelled idle payment). */
  async cancelBill(trx: Transaction<DB>, movementPk: number, detail: string) {
    const m = await trx
      .updateTable('financial_movements')
      .set({ payment_status: 'cancelled', payment_status_detail: detail, updated_at: new Date() })
      .where('movement_pk', '=', movementPk)
      .where('payment_status', 'in', ['pending', 'rejected'])
      .returningAll()
      .executeTakeFirst();
    if (m) await this.synced(trx, m as Movement);
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
      payment_status_detail: 'manual',
      provider: 'manual',
      external_id: req.externalId,
      actor_user_pk: req.actorUserPk,
      paid_at: req.paidAt,
      amount: req.amount,
      updated_at: new Date(),
    };
    const m = existing
      ? ((await trx
          .updateTable('financial_movements')
          .set(values)
          .where('movement_pk', '=', existing.movement_pk)
          .returningAll()
          .executeTakeFirstOrThrow()) as Movement)
      : ((await trx
          .insertInto('financial_movements')
          .values({
            ...values,
            tenant_pk: req.tenantPk,
            target_type: 'TRANSACTION',
            transaction_pk: req.transactionPk,
            user_pk: req.userPk,
            is_idle_payment: false,
            currency: req.currency,
            voucher_unit_pk: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow()) as Movement);
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
      await trx
        .updateTable('financial_movements')
        .set({ payment_type: 'WALLET', payment_status_detail: ledgerMessages.walletLow, updated_at: new Date() })
        .where('movement_pk', '=', bill.movement_pk)
        .execute();
      throw new AppError(409, 'INSUFFICIENT_BALANCE', ledgerMessages.walletLow);
    }
    const m = (await trx
      .updateTable('financial_movements')
      .set({
        payment_type: 'WALLET',
        payment_status: 'approved',
        provider: 'wallet',
        paid_at: new Date(),
        payment_status_detail: 'accredited',
        updated_at: new Date(),
      })
      .where('movement_pk', '=', bill.movement_pk)
      .returningAll()
      .executeTakeFirstOrThrow()) as Movement;
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
      await trx
        .updateTable('financial_movements')
        .set({
          payment_status: 'in_process',
          payment_type: type,
          provider: provider.name,
          payment_status_detail: 'checkout_started',
          updated_at: new Date(),
        })
        .where('movement_pk', '=', bill.movement_pk)
        .execute();
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
        const m = await trx
          .updateTable('financial_movements')
          .set({ payment_status: 'pending', payment_status_detail: (err as Error).message.slice(0, 200), updated_at: new Date() })
          .where('movement_pk', '=', claimed.movement_pk)
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.synced(trx, m as Movement);
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
    const m = (await trx
      .updateTable('financial_movements')
      .set({
        payment_status: outcome.status,
        payment_status_detail: outcome.detail,
        external_id: outcome.externalId,
        paid_at: outcome.status === 'approved' ? new Date() : null,
        updated_at: new Date(),
      })
      .where('movement_pk', '=', movementPk)
      .returningAll()
      .executeTakeFirstOrThrow()) as Movement;
    if (m.payment_status === 'approved') await this.approved(trx, m);
    return this.synced(trx, m);
  }

  /** Asks providers about payments left in_process and records what they say (periodic job). */
  async settleInProcess(limit = 50): Promise<number> {
    const rows = await this.deps.db
      .selectFrom('financial_movements')
      .select(['movement_pk', 'transaction_pk', 'provider', 'external_id'])
      .where('payment_status', '=', 'in_process')
      .where('external_id', 'is not', null)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
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
    const user = await this.deps.db
      .selectFrom('users as u')
      .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
      .select(['u.user_pk', 'u.tenant_pk', 'u.email', 't.currency'])
      .where('u.user_pk', '=', req.userPk)
      .executeTakeFirst();
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
      const m = (await trx
        .insertInto('financial_movements')
        .values({
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
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as Movement;
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
  async refund(req: { movementPk: number; amount?: number; actorUserPk: number | null; reason?: string | null; tenantPks?: number[] }) {
    return this.deps.db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('financial_movements')
        .select('transaction_pk')
        .where('movement_pk', '=', req.movementPk)
        .executeTakeFirst();
      await this.lockBillingRow(trx, target?.transaction_pk ?? null);
      const m = await this.lockMovement(trx, req.movementPk);
      if (!m || (req.tenantPks && !req.tenantPks.includes(m.tenant_pk))) throw notFound('Movement not found');
      if (m.payment_status !== 'approved') throw conflict(ledgerMessages.refundNotApproved, undefined, 'NOT_REFUNDABLE');
      const remaining = Number(m.amount) - Number(m.refunded_amount);
      const amount = req.amount ?? remaining;
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw badRequest('The refund amount must be positive.', { partialAmount: 'Positive minor units.' });
      if (amount > remaining)
        throw badRequest(ledgerMessages.refundTooLarge, { partialAmount: ledgerMessages.refundTooLarge }, 'REFUND_TOO_LARGE');

      let providerReference: string | null = null;
      if (m.provider !== 'wallet' && m.provider !== 'manual' && m.provider !== 'none' && m.provider !== 'voucher') {
        const provider = this.deps.providers.byName(m.provider);
        if (!provider)
          throw new AppError(
            503,
            'PAYMENT_PROVIDER_NOT_CONFIGURED',
            `The payment provider ${m.provider} is not configured on this server.`,
          );
        providerReference = (await provider.refund(m.external_id ?? '', amount)).reference;
      }
      const refund = await trx
        .insertInto('payment_refunds')
        .values({
          movement_pk: m.movement_pk,
          amount,
          actor_user_pk: req.actorUserPk,
          provider_reference: providerReference,
          reason: req.reason ?? null,
        })
        .returning('refund_pk')
        .executeTakeFirstOrThrow();
      if (m.target_type === 'USER' && m.user_pk !== null) {
        const r = await applyWalletChange(trx, {
          userPk: m.user_pk,
          amount: -amount,
          kind: 'DEPOSIT_REFUND',
          movementPk: m.movement_pk,
          refundPk: refund.refund_pk,
        });
        if (!r.ok) throw conflict(ledgerMessages.refundWalletLow, undefined, 'WALLET_BALANCE_LOW');
      } else if (m.provider === 'wallet' && m.user_pk !== null) {
        await ensureWallet(trx, m.user_pk);
        await applyWalletChange(trx, {
          userPk: m.user_pk,
          amount,
          kind: 'REFUND_CREDIT',
          movementPk: m.movement_pk,
          refundPk: refund.refund_pk,
        });
      }
      const refunded = Number(m.refunded_amount) + amount;
      return this.synced(
        trx,
        (await trx
          .updateTable('financial_movements')
          .set({
            refunded_amount: refunded,
            payment_status: refunded === Number(m.amount) ? 'refunded' : 'approved',
            updated_at: new Date(),
          })
          .where('movement_pk', '=', m.movement_pk)
          .returningAll()
          .executeTakeFirstOrThrow()) as Movement,
      );
    });
  }
}
