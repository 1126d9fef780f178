import type { Kysely, Transaction } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import type { PaymentType } from '@recarga/contracts/payments';
import {
  transactionMessages,
  type CheckoutBody,
  type ConfirmPaymentsBody,
  type PayBody,
  type TransactionRow,
} from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { BillingService } from '../billing/service';
import type { Ledger } from '../payments/ledger-service';
import * as repo from './repository';
import { transactionErrors } from './transaction-errors';
import { IDLE_CANCEL_MIN_SECONDS, showsIncome, toRow } from './transaction-row';

export interface TransactionPaymentDeps {
  db: Kysely<DB>;
  billing: BillingService;
  ledger: Ledger;
}

/**
 * Payments of recharges from the transactions screen: an operator's approval (one or many), the
 * driver's checkout (wallet or provider), the idle payment's cancellation and the payment types.
 * Pricing and bills stay billing's and the ledger's; this service checks scope and roles and
 * holds each call's database transaction.
 */
export class TransactionPaymentService {
  private readonly db: Kysely<DB>;

  constructor(private readonly deps: TransactionPaymentDeps) {
    this.db = deps.db;
  }

  private paidAt(text: string | null | undefined, field: string): Date {
    if (!text) return new Date();
    const t = Date.parse(text);
    if (Number.isNaN(t)) throw badRequest('Invalid payment time', { [field]: 'Invalid date-time (ISO 8601).' });
    if (t > Date.now() + 60_000) throw badRequest(transactionErrors.futurePaid, { [field]: transactionErrors.futurePaid });
    return new Date(t);
  }

  /** Approves the recharge bill of one transaction in `trx` (priced first if needed). */
  private async approveOne(
    trx: Transaction<DB>,
    ctx: RequestContext,
    transactionPk: number,
    p: { paidAt: Date; type: PaymentType; externalId: string | null },
  ) {
    const outcome = await this.deps.billing.ensurePriced(trx, transactionPk);
    if (outcome === 'running') throw conflict(transactionErrors.running, undefined, 'RUNNING');
    if (outcome === 'missing') throw notFound(transactionErrors.notFound);
    const b = await this.deps.billing.lockBilling(trx, transactionPk);
    if (!b || !b.has_payment || Number(b.total) === 0) throw conflict(transactionErrors.priceless, undefined, 'PRICELESS');
    const t = await repo.payerOf(trx, transactionPk);
    await this.deps.ledger.approveManually(trx, {
      transactionPk,
      tenantPk: t.tenant_pk,
      userPk: t.user_pk,
      amount: Number(b.total),
      currency: b.currency,
      paidAt: p.paidAt,
      type: p.type,
      externalId: p.externalId,
      actorUserPk: ctx.user.userPk,
    });
  }

  /** POST transaction/{id}/pay: records the payment of a not-paid recharge (MANUAL_DASHBOARD unless told). */
  async pay(ctx: RequestContext, transactionPk: number, body: PayBody): Promise<TransactionRow> {
    const paidAt = this.paidAt(body.paid_timestamp, 'paid_timestamp');
    const type = body.payment_type ?? 'MANUAL_DASHBOARD';
    if (!(await repo.inScope(this.db, ctx.tenantScope, [transactionPk])).has(transactionPk)) throw notFound(transactionErrors.notFound);
    await this.db
      .transaction()
      .execute((trx) => this.approveOne(trx, ctx, transactionPk, { paidAt, type, externalId: body.payment_external_id?.trim() || null }));
    const r = await repo.one(this.db, ctx.tenantScope, transactionPk);
    return toRow(r!, showsIncome(ctx));
  }

  /**
   * POST transaction/confirm_payments: approves every listed recharge, all or nothing. An empty
   * list is a 400; ids outside the scope a 404; any that cannot be approved a 409 naming them.
   */
  async confirmPayments(ctx: RequestContext, body: ConfirmPaymentsBody): Promise<number[]> {
    const pks = [...new Set(body.transaction_pks ?? [])].sort((a, b) => a - b);
    if (pks.length === 0)
      throw badRequest(transactionMessages.mustSelect, { transaction_pks: transactionMessages.mustSelect }, 'NO_SELECTION');
    const paidAt = this.paidAt(body.paid_timestamp, 'paid_timestamp');
    const type = body.payment_type ?? 'MANUAL_DASHBOARD';
    const visible = await repo.inScope(this.db, ctx.tenantScope, pks);
    const missing = pks.filter((pk) => !visible.has(pk));
    if (missing.length) throw notFound(`${transactionErrors.notFound}: ${missing.join(', ')}`);
    await this.db.transaction().execute(async (trx) => {
      const errors: Record<string, string> = {};
      for (const pk of pks) {
        try {
          await this.approveOne(trx, ctx, pk, { paidAt, type, externalId: null });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors[String(pk)] = err.message;
        }
      }
      if (Object.keys(errors).length) throw conflict(transactionMessages.confirmError, errors, 'NOT_APPROVABLE');
    });
    return pks;
  }

  /** DELETE cancel-idle-payment/transaction/{id}: only past 20 idle minutes and when an idle amount exists. */
  async cancelIdlePayment(ctx: RequestContext, transactionPk: number): Promise<void> {
    if (!(await repo.inScope(this.db, ctx.tenantScope, [transactionPk])).has(transactionPk)) throw notFound(transactionErrors.notFound);
    await this.db.transaction().execute(async (trx) => {
      const b = await this.deps.billing.lockBilling(trx, transactionPk);
      if (!b || Number(b.idle_amount) <= 0) throw conflict(transactionErrors.noIdleAmount, undefined, 'NO_IDLE_AMOUNT');
      if (b.idle_canceled_at) throw conflict(transactionErrors.idleCanceled, undefined, 'IDLE_ALREADY_CANCELED');
      if (!b.idle_final || Number(b.idle_seconds) <= IDLE_CANCEL_MIN_SECONDS)
        throw conflict(transactionErrors.idleTooShort, undefined, 'IDLE_TOO_SHORT');
      const bill = b.idle_movement_pk ? await this.deps.ledger.lockMovement(trx, Number(b.idle_movement_pk)) : undefined;
      if (bill && !['pending', 'rejected', 'cancelled'].includes(bill.payment_status))
        throw conflict(transactionErrors.idlePaid, undefined, 'IDLE_PAID');
      if (bill) await this.deps.ledger.cancelBill(trx, bill.movement_pk, `idle payment cancelled by user ${ctx.user.userPk}`);
      await this.deps.billing.markIdleCanceled(trx, transactionPk, ctx.user.userPk);
    });
  }

  /** GET payment/types: the tenant's list, or the defaults (WALLET, MANUAL_DASHBOARD, VOUCHER and the configured providers). */
  async paymentTypes(ctx: RequestContext, tenantPk?: number) {
    const pk = tenantPk ?? ctx.tenantScope.tenantPk;
    if (!ctx.tenantScope.tenantPks.includes(pk)) throw notFound('Tenant not found');
    const rows = await repo.tenantPaymentTypes(this.db, pk);
    const types: PaymentType[] = rows.length
      ? rows.map((r) => r.payment_type)
      : ['WALLET', 'MANUAL_DASHBOARD', 'VOUCHER', ...this.deps.ledger.configuredProviderTypes()];
    return { payment_type_tenant_list: [...new Set(types)].map((payment_type) => ({ payment_type })) };
  }

  /**
   * POST transaction/{id}/checkout: the driver pays their own recharge (or its idle time) by
   * wallet or through a provider; an operator with the payment capability may trigger it too.
   */
  async checkout(ctx: RequestContext, transactionPk: number, body: CheckoutBody) {
    const t = await repo.transactionPayer(this.db, transactionPk);
    const operator = ctx.user.roles.has(roles.paymentApproval) && ctx.tenantScope.tenantPks.includes(t?.tenant_pk ?? -1);
    if (!t || (t.user_pk !== ctx.user.userPk && !operator)) throw notFound(transactionErrors.notFound);
    const isIdle = body.idle === true;
    await this.db.transaction().execute(async (trx) => {
      const outcome = await this.deps.billing.ensurePriced(trx, transactionPk);
      if (outcome === 'running') throw conflict(transactionErrors.running, undefined, 'RUNNING');
    });
    let movement;
    if (body.payment_type === 'WALLET') {
      movement = await this.db.transaction().execute(async (trx) => {
        await this.deps.ledger.lockBillingRow(trx, transactionPk);
        const bill = await this.deps.ledger.openBill(trx, transactionPk, isIdle);
        if (!bill) throw conflict(transactionErrors.priceless, undefined, 'NOTHING_TO_PAY');
        return this.deps.ledger.payFromWallet(trx, bill);
      });
    } else {
      movement = await this.deps.ledger.payWithProvider(transactionPk, isIdle, body.payment_type, body.card_token ?? null, {
        userPk: ctx.user.userPk,
        email: ctx.user.email,
      });
    }
    return {
      movementPk: movement.movement_pk,
      paymentStatus: movement.payment_status,
      paymentStatusDetail: movement.payment_status_detail,
      amount: Number(movement.amount),
    };
  }
}
