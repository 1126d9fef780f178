import { sql, type Kysely, type Transaction } from 'kysely';
import {
  kwhToWh,
  moneyToMinor,
  parseVoucherDate,
  voucherMoneyMaxMinor,
  voucherMessageKeys as K,
  voucherMessages as msg,
  type Voucher,
  type VoucherCreate,
  type VoucherHistoryItem,
  type VoucherKind,
  type VoucherListAnswer,
  type VoucherListItem,
  type VoucherListQuery,
  type VoucherSaved,
  type VoucherUpdate,
} from '@recarga/contracts/vouchers';
import type { DB, Executor } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';
import { AppError, notFound } from '../../platform/errors';
import type { PricingVoucher } from './discount';
import * as repo from './repository';

/** The discount of a voucher on a dynamic-pricing quote (billing's quote branch). */
export { voucherOnQuote, type PricingVoucher, type QuoteLines } from './discount';

/** 404 for a voucher that does not exist or is outside the caller's scope. */
export const voucherNotFound = () => notFound(msg.notFound, 'VOUCHER_NOT_FOUND');
const tenantNotFound = () => notFound(msg.tenantNotFound, 'TENANT_NOT_FOUND');
const invalid = (message: string, fields: Record<string, string>) => new AppError(400, 'VALIDATION', message, fields);

/** Lock class of the "code in use" check (pg_advisory_xact_lock(class, tenant)): one create or update of a tenant's codes at a time. */
const CODE_LOCK = 727_020;

/** A voucher's value in the contract's unit: PERCENT 0–100, MONEY major units, KWH kWh. */
export function valueOut(kind: VoucherKind, amount: number | null, fraction: number | null): number {
  if (kind === 'PERCENT_RECHARGE') return Math.round(Number(fraction ?? 0) * 1_000_000) / 10_000;
  return kind === 'MONEY_RECHARGE' ? Number(amount ?? 0) / 100 : Number(amount ?? 0) / 1000;
}

/** A stored stock (minor units or Wh) in the contract's unit; a rate has none (0). */
function stockOut(kind: VoucherKind, stored: number): number {
  if (kind === 'PERCENT_RECHARGE') return 0;
  return kind === 'MONEY_RECHARGE' ? stored / 100 : stored / 1000;
}

/** The body's value as stored: MONEY minor units, KWH Wh, PERCENT a fraction. */
export function valueIn(kind: VoucherKind, value: number): { amount: number | null; fraction: number | null } {
  if (kind === 'PERCENT_RECHARGE') return { amount: null, fraction: Math.round(value * 10_000) / 1_000_000 };
  return { amount: kind === 'MONEY_RECHARGE' ? moneyToMinor(value) : kwhToWh(value), fraction: null };
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** What billing asks: may this recharge use a voucher, which one, how much (see applyToRecharge). */
export interface RechargeVoucherRequest<C extends { voucherDiscount: number; voucherUsed: number }> {
  transactionPk: number;
  userPk: number | null;
  chargeBoxPk: number;
  /** The recharge's stop: the instant that must fall inside the voucher's window. */
  at: Date;
  /** The recharge was priced before: its previous use (if any) is given back first. */
  repricing: boolean;
  /** The recharge's price before any voucher (minor units: start fee + energy + fees, before tax). */
  rechargeAmount: number;
  /** Prices the recharge with this voucher (billing/pricing.ts or voucherOnQuote). */
  price: (voucher: PricingVoucher) => C;
}

export interface AppliedVoucher<C> {
  composition: C;
  voucherPk: number;
  /** The user's copy (financial_movements.voucher_unit_pk of a recharge the voucher paid in full). */
  voucherUserPk: number;
}

export interface VoucherServiceDeps {
  db: Kysely<DB>;
  now?: () => Date;
}

/**
 * Vouchers (002 §2–§9): list, detail, history, create and update, tenant-scoped; and the one rule
 * of their use at billing (applyToRecharge) and of their return on a refund (giveBack). See the
 * contract (packages/contracts/src/vouchers.ts) for the meaning of every figure.
 */
export class VoucherService {
  private readonly db: Kysely<DB>;
  private readonly now: () => Date;

  constructor(deps: VoucherServiceDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
  }

  /** The tenants a call reads: the asked one (in scope, else 404) or the whole scope. */
  private async tenantsOf(ctx: RequestContext, tenantPk: number | undefined): Promise<number[]> {
    if (tenantPk === undefined) return ctx.tenantScope.tenantPks;
    if (!ctx.tenantScope.tenantPks.includes(tenantPk)) throw tenantNotFound();
    return [tenantPk];
  }

  private item(r: repo.ListRow): VoucherListItem {
    const used = Number(r.used_units);
    return {
      voucher_pk: r.voucher_pk,
      code: r.code,
      title: r.title,
      description: r.description,
      kind: r.kind,
      kind_value: valueOut(r.kind, r.amount, r.fraction),
      units: r.units,
      used_total: used,
      not_used_total: Math.max(0, r.units - used),
      total: r.units,
      start: iso(r.start_at),
      expire: iso(r.expire_at),
      status: r.status,
      active: r.active,
      tenant_pk: r.tenant_pk,
      currency: r.currency.trim(),
      uses_per_user: r.uses_per_user,
      expire_type: r.expire_type,
    };
  }

  async list(ctx: RequestContext, q: VoucherListQuery): Promise<VoucherListAnswer> {
    const tenantPks = await this.tenantsOf(ctx, q.tenantPk);
    const { rows, count } = await repo.listVouchers(
      this.db,
      { tenantPks, code: q.code, title: q.title, description: q.description, kind: q.kind, status: q.status },
      this.now(),
      q.page,
      q.size,
    );
    return { results: rows.map((r) => this.item(r)), count };
  }

  async last(ctx: RequestContext, q: { code: string; tenantPk?: number }): Promise<VoucherListItem> {
    const tenantPks = await this.tenantsOf(ctx, q.tenantPk);
    const row = await repo.lastOfCode(this.db, tenantPks, q.code.trim().toUpperCase(), this.now());
    if (!row) throw voucherNotFound();
    return this.item(row);
  }

  async detail(ctx: RequestContext, voucherPk: number): Promise<Voucher> {
    const r = await repo.voucherDetail(this.db, ctx.tenantScope.tenantPks, voucherPk, this.now());
    if (!r) throw voucherNotFound();
    const base = this.item(r);
    const kindValue = base.kind_value;
    const perCopy = Number(r.amount ?? 0);
    const users = r.users.map((u) => ({
      user_pk: u.user_pk,
      status: u.status,
      source: 'ACTIVATION' as const,
      email: u.email,
      name: u.name,
      uses: Number(u.uses),
      kind_value_balance:
        r.kind === 'PERCENT_RECHARGE'
          ? u.status === 'USED'
            ? 0
            : kindValue
          : stockOut(r.kind, Math.max(0, perCopy - Number(u.value_used))),
    }));
    return {
      ...base,
      kind_value_used: stockOut(r.kind, Number(r.value_used)),
      kind_value_balance:
        r.kind === 'PERCENT_RECHARGE' ? kindValue : stockOut(r.kind, Math.max(0, perCopy * r.units - Number(r.value_used))),
      discount_total: Number(r.discount_total),
      created_user_name: r.created_user_name,
      charge_box_pks: r.all_charge_boxes ? [] : r.charge_boxes.map((c) => c.charge_box_pk),
      charge_boxes: r.all_charge_boxes ? [] : r.charge_boxes,
      user_pks: users.map((u) => u.user_pk),
      voucher_users_pks_with_voucher_status: users,
      created_at: iso(r.created_at),
    };
  }

  async history(
    ctx: RequestContext,
    voucherPk: number,
    q: { userPk?: number; page: number; size: number },
  ): Promise<{ results: VoucherHistoryItem[]; count: number }> {
    const v = await this.db
      .selectFrom('vouchers')
      .select('voucher_pk')
      .where('voucher_pk', '=', voucherPk)
      .where('tenant_pk', 'in', ctx.tenantScope.tenantPks)
      .executeTakeFirst();
    if (!v) throw voucherNotFound();
    const { rows, count } = await repo.history(this.db, voucherPk, q.userPk, q.page, q.size);
    return {
      count,
      results: rows.map((r) => {
        const kindValue = valueOut(r.kind, r.amount, r.fraction);
        const percent = r.kind === 'PERCENT_RECHARGE';
        return {
          transaction_pk: r.transaction_pk,
          transaction_start_timestamp: iso(r.start_timestamp),
          charge_box_name: r.charge_box_name,
          voucher: {
            kind: r.kind,
            kind_value_used: percent ? kindValue : stockOut(r.kind, Number(r.value_used)),
            kind_value: kindValue,
            kind_value_balance: percent ? (Number(r.balance_after) === 0 ? 0 : kindValue) : stockOut(r.kind, Number(r.balance_after)),
          },
          user: { userPk: r.user_pk, name: r.user_name, email: r.email },
          // The station record has street, number and city (no district): the city fills the district.
          address: { street: r.street ?? '', houseNumber: r.house_number ?? '', district: r.city ?? '' },
          amount_discounted: Number(r.amount_discounted),
          recharge_amount: Number(r.recharge_amount),
          currency: r.currency.trim(),
          used_at: iso(r.used_at),
          refunded_at: r.refunded_at ? iso(r.refunded_at) : null,
        };
      }),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Create and update

  /** The §5 rules that need the database, as field errors (message keys). */
  private async databaseRules(
    trx: Executor,
    tenantPk: number,
    body: { code: string; active: boolean; charge_box_pks: number[]; user_pks: number[]; kind: VoucherKind; kind_value: number },
    now: Date,
    exceptPk?: number,
  ): Promise<Record<string, string>> {
    const fields: Record<string, string> = {};
    // The money cap is the network's currency's (R$ 1.000,00; COP 1.000.000,00).
    if (body.kind === 'MONEY_RECHARGE') {
      const { currency } = await trx.selectFrom('tenants').select('currency').where('tenant_pk', '=', tenantPk).executeTakeFirstOrThrow();
      if (Math.round(body.kind_value * 100) > voucherMoneyMaxMinor(currency)) fields.kind_value = K.valueMoneyMax;
    }
    // "Already in use": an ACTIVE voucher of the tenant has the code, or one that will start (NOT_STARTED).
    if (body.active) {
      const taken = await trx
        .selectFrom('vouchers as v')
        .select('v.voucher_pk')
        .where('v.tenant_pk', '=', tenantPk)
        .where('v.code', '=', body.code)
        .where(repo.voucherStatus(now), 'in', ['ACTIVE', 'NOT_STARTED'])
        .$if(exceptPk !== undefined, (q) => q.where('v.voucher_pk', '<>', exceptPk!))
        .executeTakeFirst();
      if (taken) fields.code = K.codeTaken;
    }
    const stations = await repo.stationsOfTenant(trx, tenantPk, body.charge_box_pks);
    if (body.charge_box_pks.some((pk) => !stations.has(pk))) fields.charge_box_pks = K.chargeBoxNotFound;
    const users = await repo.usersRelatedTo(trx, tenantPk, body.user_pks);
    if (body.user_pks.some((pk) => !users.has(pk))) fields.user_pks = K.userNotRelated;
    return fields;
  }

  private async lockCodes(trx: Transaction<DB>, tenantPk: number) {
    await sql`select pg_advisory_xact_lock(${CODE_LOCK}, ${tenantPk})`.execute(trx);
  }

  async create(ctx: RequestContext, body: VoucherCreate): Promise<VoucherSaved> {
    const tenantPk = body.tenant_pk ?? ctx.tenantScope.tenantPk;
    if (!(await tenantInScope(this.db, ctx.tenantScope, tenantPk, ['tenant_pk']))) throw tenantNotFound();
    const now = this.now();
    const value = valueIn(body.kind, body.kind_value);
    const voucherPk = await this.db.transaction().execute(async (trx) => {
      await this.lockCodes(trx, tenantPk);
      const fields = await this.databaseRules(trx, tenantPk, body, now);
      if (Object.keys(fields).length) throw invalid(msg.createFailed, fields);
      const { voucher_pk } = await repo.insertVoucher(trx, {
        tenant_pk: tenantPk,
        code: body.code,
        title: body.title,
        description: body.description,
        kind: body.kind,
        amount: value.amount,
        fraction: value.fraction,
        units: body.units,
        start_at: parseVoucherDate(body.start)!,
        expire_at: parseVoucherDate(body.expire)!,
        active: body.active,
        expire_type: body.expire_type,
        uses_per_user: body.expire_type === 'USES_PER_USER' ? body.uses_per_user : 1,
        all_charge_boxes: body.charge_box_pks.length === 0,
        created_by: ctx.user.userPk,
      });
      if (body.charge_box_pks.length)
        await trx
          .insertInto('voucher_charge_boxes')
          .values(body.charge_box_pks.map((charge_box_pk) => ({ voucher_pk, charge_box_pk })))
          .execute();
      if (body.user_pks.length)
        await trx
          .insertInto('voucher_users')
          .values(body.user_pks.map((user_pk) => ({ voucher_pk, user_pk })))
          .execute();
      return voucher_pk;
    });
    return { type: 'success', voucher_pk: voucherPk, message: msg.created };
  }

  async update(ctx: RequestContext, voucherPk: number, body: VoucherUpdate): Promise<VoucherSaved> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const current = await repo.lockVoucher(trx, ctx.tenantScope.tenantPks, voucherPk);
      if (!current) throw voucherNotFound();
      const tenantPk = current.tenant_pk;
      if (body.tenant_pk !== undefined && body.tenant_pk !== tenantPk) {
        if (!ctx.tenantScope.tenantPks.includes(body.tenant_pk)) throw tenantNotFound();
        throw invalid(msg.updateFailed, { tenant_pk: K.tenantNotFound });
      }
      await this.lockCodes(trx, tenantPk);
      const copies = await repo.lockCopies(trx, voucherPk);
      const fields = await this.databaseRules(trx, tenantPk, { ...body, code: current.code }, now, voucherPk);
      if (body.units < current.units) fields.units = K.unitsBelowOriginal;
      const anyUse = copies.some((c) => c.uses > 0 || Number(c.value_used) > 0);
      if (body.kind !== current.kind && anyUse) fields.kind = K.kindLocked;
      const value = valueIn(body.kind, body.kind_value);
      if (value.amount !== null && body.kind === current.kind && copies.some((c) => Number(c.value_used) > value.amount!))
        fields.kind_value = K.valueBelowUsed;
      const keep = new Set(body.user_pks);
      const removed = copies.filter((c) => !keep.has(c.user_pk));
      if (removed.some((c) => c.uses > 0 || Number(c.value_used) > 0)) fields.user_pks = K.userLocked;
      if (Object.keys(fields).length) throw invalid(msg.updateFailed, fields);

      await trx
        .updateTable('vouchers')
        .set({
          title: body.title,
          description: body.description,
          kind: body.kind,
          amount: value.amount,
          fraction: value.fraction,
          units: body.units,
          start_at: parseVoucherDate(body.start)!,
          expire_at: parseVoucherDate(body.expire)!,
          active: body.active,
          expire_type: body.expire_type,
          uses_per_user: body.expire_type === 'USES_PER_USER' ? body.uses_per_user : 1,
          all_charge_boxes: body.charge_box_pks.length === 0,
          updated_at: now,
        })
        .where('voucher_pk', '=', voucherPk)
        .execute();
      await trx.deleteFrom('voucher_charge_boxes').where('voucher_pk', '=', voucherPk).execute();
      if (body.charge_box_pks.length)
        await trx
          .insertInto('voucher_charge_boxes')
          .values(body.charge_box_pks.map((charge_box_pk) => ({ voucher_pk: voucherPk, charge_box_pk })))
          .execute();
      if (removed.length)
        await trx
          .deleteFrom('voucher_users')
          .where(
            'voucher_user_pk',
            'in',
            removed.map((c) => c.voucher_user_pk),
          )
          .execute();
      const had = new Set(copies.map((c) => c.user_pk));
      const added = body.user_pks.filter((pk) => !had.has(pk));
      if (added.length)
        await trx
          .insertInto('voucher_users')
          .values(added.map((user_pk) => ({ voucher_pk: voucherPk, user_pk })))
          .execute();
    });
    return { type: 'success', voucher_pk: voucherPk, message: msg.updated };
  }

  // -------------------------------------------------------------------------------------------
  // Billing

  /**
   * The one rule of a voucher at billing, inside billing's transaction: may this user's recharge
   * at this station, stopping now, use a voucher — which one and how much. Re-pricing first gives
   * the recharge's previous use back (the use is replaced, never counted twice). The copy is then
   * chosen and locked in one indexed query (repository lockApplicableCopy: the voucher expiring
   * first, then the oldest); two recharges stopping at once wait for each other on that row and
   * the second sees what the first used. The recharge is priced with what the copy has left; a
   * discount of 0 (e.g. free kWh on a recharge priced by time) uses nothing. Answers null when no
   * voucher applies (no query at all for a recharge without a user).
   */
  async applyToRecharge<C extends { voucherDiscount: number; voucherUsed: number }>(
    trx: Transaction<DB>,
    req: RechargeVoucherRequest<C>,
  ): Promise<AppliedVoucher<C> | null> {
    if (req.repricing) await this.releaseUse(trx, req.transactionPk);
    if (req.userPk === null) return null;
    const copy = await repo.lockApplicableCopy(trx, { userPk: req.userPk, chargeBoxPk: req.chargeBoxPk, at: req.at });
    if (!copy) return null;
    const percent = copy.kind === 'PERCENT_RECHARGE';
    const left = percent ? 0 : Number(copy.amount) - Number(copy.value_used);
    if (!percent && left <= 0) return null;
    const composition = req.price({ kind: copy.kind, value: percent ? Number(copy.fraction) : left });
    if (composition.voucherDiscount <= 0) return null;
    const valueUsed = percent ? 0 : Math.min(left, composition.voucherUsed);
    const usesLeft = copy.expire_type === 'USES_PER_USER' ? Math.max(0, copy.uses_per_user - copy.uses - 1) : -1;
    await trx
      .insertInto('voucher_uses')
      .values({
        voucher_pk: copy.voucher_pk,
        voucher_user_pk: copy.voucher_user_pk,
        user_pk: req.userPk,
        transaction_pk: req.transactionPk,
        recharge_amount: req.rechargeAmount,
        amount_discounted: composition.voucherDiscount,
        value_used: valueUsed,
        balance_after: percent ? usesLeft : left - valueUsed,
        used_at: this.now(),
      })
      .execute();
    await repo.moveCopy(trx, copy.voucher_user_pk, { uses: 1, valueUsed, discount: composition.voucherDiscount });
    return { composition, voucherPk: copy.voucher_pk, voucherUserPk: copy.voucher_user_pk };
  }

  /** Gives a recharge's live use back to its copy and forgets it (re-pricing). */
  private async releaseUse(trx: Transaction<DB>, transactionPk: number) {
    const use = await repo.useOfTransaction(trx, transactionPk);
    if (!use || use.refunded_at) return;
    await repo.lockCopy(trx, use.voucher_user_pk);
    await repo.moveCopy(trx, use.voucher_user_pk, {
      uses: -1,
      valueUsed: -Number(use.value_used),
      discount: -Number(use.amount_discounted),
    });
    await trx.deleteFrom('voucher_uses').where('voucher_use_pk', '=', use.voucher_use_pk).execute();
  }

  /**
   * A refund of a recharge (inside the ledger's refund transaction). A total refund gives the
   * voucher's use back to the user's copy (value, kWh or one use) and marks the use refunded; a
   * partial refund returns money only — the voucher stays used. Once only: a use already marked
   * is left alone.
   */
  async giveBack(trx: Transaction<DB>, transactionPk: number, total: boolean): Promise<void> {
    if (!total) return;
    const use = await repo.useOfTransaction(trx, transactionPk);
    if (!use || use.refunded_at) return;
    await repo.lockCopy(trx, use.voucher_user_pk);
    const marked = await trx
      .updateTable('voucher_uses')
      .set({ refunded_at: this.now() })
      .where('voucher_use_pk', '=', use.voucher_use_pk)
      .where('refunded_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return;
    await repo.moveCopy(trx, use.voucher_user_pk, {
      uses: -1,
      valueUsed: -Number(use.value_used),
      discount: -Number(use.amount_discounted),
    });
  }
}
