import type { Kysely } from 'kysely';
import {
  financialMessages,
  type FinancialChargeBox,
  type FinancialPage,
  type FinancialPickerQuery,
  type FinancialQuery,
  type FinancialRefundResponse,
  type FinancialResendResponse,
  type FinancialSummary,
  type FinancialTab,
  type FinancialTenant,
  type FinancialTransaction,
} from '@recarga/contracts/financial';
import { financialInvoiceStatus, type MovementTarget } from '@recarga/contracts/payments';
import { INT4_MAX } from '@recarga/contracts/query';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { conflict, notFound } from '../../platform/errors';
import { formatMoney } from '../../platform/format';
import type { InvoiceService } from '../invoices/service';
import type { Ledger } from '../payments/ledger-service';
import { toFinancialRow } from './financial-row';
import { resolvePeriod, zoneOf } from './period';
import * as repo from './repository';
import type { MovementFilter, TotalsRow } from './repository';

export interface FinancialServiceDeps {
  db: Kysely<DB>;
  ledger: Ledger;
  invoices: InvoiceService;
}

export type RequestHeaders = Record<string, string | string[] | undefined>;

const tabTarget: Record<FinancialTab, MovementTarget | null> = { all: null, recharges: 'TRANSACTION', deposits: 'USER' };

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' of a UTC day start. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A filter with what the screen needs besides the SQL: the currency of the figures. */
export interface ResolvedFilter extends MovementFilter {
  currency: string;
}

/**
 * The financial movements screen (000 §2, §7): the ledger's movements read by tenant, station,
 * period and order; the summary cards; the pickers; refunds and invoice resends. Every read is cut
 * to the caller's tenant scope (their tenant and the ones below it) and, for a station owner, to
 * the recharges of their stations.
 */
export class FinancialService {
  private readonly db: Kysely<DB>;

  constructor(private readonly deps: FinancialServiceDeps) {
    this.db = deps.db;
  }

  // -------------------------------------------------------------------------------------------
  // Filters

  /** The tenants a tenant selector names, inside the scope (404 TENANT_NOT_FOUND otherwise). */
  private async tenantsOf(ctx: RequestContext, apiKey: string | undefined, children: boolean) {
    const scope = ctx.tenantScope.tenantPks;
    if (!apiKey) {
      return children
        ? { tenantPks: scope, currencyTenant: ctx.tenantScope.tenantPk }
        : { tenantPks: [ctx.tenantScope.tenantPk], currencyTenant: ctx.tenantScope.tenantPk };
    }
    const tenant = await repo.tenantByApiKey(this.db, scope, apiKey);
    if (!tenant) throw notFound(financialMessages.tenantNotFound, 'TENANT_NOT_FOUND');
    const tenantPks = children ? await repo.tenantsUnder(this.db, scope, tenant.path) : [tenant.tenant_pk];
    return { tenantPks, currencyTenant: tenant.tenant_pk };
  }

  async filter(ctx: RequestContext, tab: FinancialTab, q: FinancialQuery, headers: RequestHeaders): Promise<ResolvedFilter> {
    const zone = zoneOf(q.timeZone, headers['x-timezone-offset']);
    const period = resolvePeriod(q.startDate, q.endDate, zone);
    const { tenantPks, currencyTenant } = await this.tenantsOf(ctx, q.tenantApiKey, q.searchTenantChildren);
    // A station owner sees the recharges of their stations only (a deposit belongs to no station).
    const ownerUserPk = ctx.tenantScope.ownerUserPk ?? null;
    let chargeBoxPk: number | null = null;
    if (q.chargeBoxId) {
      const station = await repo.stationByOcppId(this.db, tenantPks, ownerUserPk, q.chargeBoxId);
      if (!station) throw notFound(financialMessages.chargeBoxNotFound, 'CHARGE_BOX_NOT_FOUND');
      chargeBoxPk = station.charge_box_pk;
    }
    let search: MovementFilter['search'] = null;
    if (q.userEmailOrTransactionId) {
      // Digits: a movement or recharge id (none above int4); anything else: a part of the customer's e-mail.
      const text = q.userEmailOrTransactionId;
      const digits = /^\d+$/.test(text);
      const id = digits && Number(text) > 0 && Number(text) <= INT4_MAX ? Number(text) : null;
      const emailLike = digits ? null : `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // The customers it matches, listed when they are few: each one's movements then come from its own index range.
      const users = emailLike === null ? null : await repo.usersByEmailLike(this.db, emailLike, repo.SEARCH_USER_LIMIT);
      search = { id, emailLike, userPks: users && users.length <= repo.SEARCH_USER_LIMIT ? users : null };
    }
    const [field, direction] = q.sort.split(',') as [string, string];
    const { currency } = await repo.tenantCurrency(this.db, currencyTenant);
    return {
      tenantPks,
      ownerUserPk,
      target: tabTarget[tab],
      time: field === 'paidTimestamp' ? 'moved' : 'created',
      direction: direction === 'ASC' ? 'asc' : 'desc',
      from: period.from,
      to: period.to,
      chargeBoxPk,
      search,
      currency: currency.trim(),
    };
  }

  /**
   * Counts and sums of the filter by target and currency. Whole UTC days come from a daily roll-up
   * (the stations' one for a station or a station owner, the customers' one for a search by e-mail
   * that matched a few customers, else the tenants') and only the partial days at the period's
   * edges are read from the movements. An id search, or an e-mail search of a station or an owner,
   * reads its movements.
   */
  async totals(f: MovementFilter): Promise<TotalsRow[]> {
    const byStation = f.chargeBoxPk !== null || f.ownerUserPk !== null;
    const userPks = f.search && f.search.id === null && !byStation ? (f.search.userPks ?? null) : null;
    if (f.search && userPks === null) return repo.rawTotals(this.db, f);
    const firstDay = Math.ceil(f.from.getTime() / DAY_MS) * DAY_MS;
    const endDay = Math.floor(f.to.getTime() / DAY_MS) * DAY_MS;
    if (firstDay >= endDay) return repo.rawTotals(this.db, f);
    const [first, end] = [utcDay(firstDay), utcDay(endDay)];
    const parts = await Promise.all([
      userPks !== null
        ? repo.rolledUpUserTotals(this.db, f, userPks, first, end)
        : (byStation ? repo.rolledUpStationTotals : repo.rolledUpTotals)(this.db, f, first, end),
      repo.rawTotals(this.db, f, f.from, new Date(firstDay)),
      repo.rawTotals(this.db, f, new Date(endDay), f.to),
    ]);
    const merged = new Map<string, TotalsRow>();
    for (const r of parts.flat()) {
      const key = `${r.target_type}/${r.currency.trim()}`;
      const m = merged.get(key) ?? {
        target_type: r.target_type,
        currency: r.currency.trim(),
        movements: 0,
        amount: 0,
        completed: 0,
        refunded: 0,
        pending: 0,
      };
      m.movements += Number(r.movements);
      m.amount += Number(r.amount);
      m.completed += Number(r.completed);
      m.refunded += Number(r.refunded);
      m.pending += Number(r.pending);
      merged.set(key, m);
    }
    return [...merged.values()].filter((r) => r.movements !== 0);
  }

  // -------------------------------------------------------------------------------------------
  // Lists and summary

  async list(ctx: RequestContext, tab: FinancialTab, q: FinancialQuery, headers: RequestHeaders): Promise<FinancialPage> {
    const f = await this.filter(ctx, tab, q, headers);
    const [keys, totals] = await Promise.all([repo.pageKeys(this.db, f, q.page * q.size, q.size), this.totals(f)]);
    return {
      content: await this.rows(keys),
      totalElements: totals.reduce((n, r) => n + Number(r.movements), 0),
      page: q.page,
      size: q.size,
    };
  }

  /** The rows of the given movements, in the given order. */
  async rows(keys: number[]): Promise<FinancialTransaction[]> {
    if (!keys.length) return [];
    const byPk = new Map((await repo.rowsOfKeys(this.db, keys)).map((r) => [Number(r.movement_pk), r]));
    return keys.flatMap((k) => {
      const r = byPk.get(k);
      return r ? [toFinancialRow(r)] : [];
    });
  }

  async summary(ctx: RequestContext, q: FinancialQuery, headers: RequestHeaders): Promise<FinancialSummary> {
    const f = await this.filter(ctx, 'all', q, headers);
    const totals = await this.totals(f);
    const currencies = new Map<string, FinancialSummary['byCurrency'][number]>();
    for (const r of totals) {
      const c = currencies.get(r.currency) ?? {
        moneyCoin: r.currency,
        totalTransactions: 0,
        totalValue: 0,
        totalValueHumanReadable: '',
        totalTransactionValue: 0,
        totalUserValue: 0,
        completedValue: 0,
        refundedValue: 0,
        pendingValue: 0,
      };
      c.totalTransactions += Number(r.movements);
      c.totalValue += Number(r.amount);
      if (r.target_type === 'TRANSACTION') c.totalTransactionValue += Number(r.amount);
      else c.totalUserValue += Number(r.amount);
      c.completedValue += Number(r.completed);
      c.refundedValue += Number(r.refunded);
      c.pendingValue += Number(r.pending);
      currencies.set(r.currency, c);
    }
    const byCurrency = [...currencies.values()]
      .map((c) => ({ ...c, totalValueHumanReadable: formatMoney(c.totalValue, c.moneyCoin) }))
      .sort((a, b) => (a.moneyCoin === f.currency ? -1 : b.moneyCoin === f.currency ? 1 : a.moneyCoin.localeCompare(b.moneyCoin)));
    const count = (target: MovementTarget) => totals.filter((r) => r.target_type === target).reduce((n, r) => n + Number(r.movements), 0);
    const main = currencies.get(f.currency);
    const totalTransactions = count('TRANSACTION') + count('USER');
    return {
      totalTransactions,
      totalElements: totalTransactions,
      totalTransaction: count('TRANSACTION'),
      totalUser: count('USER'),
      moneyCoin: f.currency,
      totalValue: main?.totalValue ?? 0,
      totalValueHumanReadable: formatMoney(main?.totalValue ?? 0, f.currency),
      totalTransactionValue: main?.totalTransactionValue ?? 0,
      totalTransactionValueHumanReadable: formatMoney(main?.totalTransactionValue ?? 0, f.currency),
      totalUserValue: main?.totalUserValue ?? 0,
      totalUserValueHumanReadable: formatMoney(main?.totalUserValue ?? 0, f.currency),
      paidValue: main?.completedValue ?? 0,
      pendingValue: main?.pendingValue ?? 0,
      refundedValue: main?.refundedValue ?? 0,
      byCurrency,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Pickers

  async tenants(ctx: RequestContext, q: FinancialPickerQuery): Promise<{ content: FinancialTenant[]; totalElements: number }> {
    const { tenantPks } = await this.tenantsOf(ctx, q.tenantApiKey, q.searchTenantChildren);
    const rows = await repo.tenantRows(this.db, tenantPks);
    const content = rows.map((t) => ({
      tenantPk: t.tenant_pk,
      name: t.name,
      alias: t.alias,
      apiKey: t.api_key,
      parentTenantPk: t.parent_tenant_pk,
      moneyCoin: t.currency.trim(),
      logoUrl: t.logo_url,
    }));
    return { content, totalElements: content.length };
  }

  async chargeBoxes(ctx: RequestContext, q: FinancialPickerQuery): Promise<{ content: FinancialChargeBox[]; totalElements: number }> {
    const { tenantPks } = await this.tenantsOf(ctx, q.tenantApiKey, q.searchTenantChildren);
    const { rows, total } = await repo.stationPage(
      this.db,
      tenantPks,
      ctx.tenantScope.ownerUserPk ?? null,
      q.search,
      q.page * q.size,
      q.size,
    );
    return {
      content: rows.map((r) => ({
        chargeBoxPk: r.charge_box_pk,
        ocppChargeBoxId: r.charge_box_id,
        chargeBoxCode: r.charge_box_id,
        description: r.description,
        tenantPk: r.tenant_pk,
      })),
      totalElements: total,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Refund and invoice resend

  /** The movement when it is in the caller's scope (404 otherwise, whether it exists or not). */
  private async movementInScope(ctx: RequestContext, movementPk: number) {
    const m = await repo.movementHeader(this.db, movementPk);
    if (!m || !ctx.tenantScope.tenantPks.includes(m.tenant_pk)) throw notFound(financialMessages.movementNotFound);
    const owner = ctx.tenantScope.ownerUserPk ?? null;
    if (owner !== null && !(await repo.ownsStation(this.db, owner, m.charge_box_pk))) throw notFound(financialMessages.movementNotFound);
    return m;
  }

  async one(ctx: RequestContext, movementPk: number): Promise<FinancialTransaction> {
    await this.movementInScope(ctx, movementPk);
    return (await this.rows([movementPk]))[0]!;
  }

  /**
   * Refunds a movement (000 §4, §5, §7): the total (what remains) without `partialAmount`, else
   * that many hundredths, never more than what remains. Through the ledger, which sends the money
   * back the way it came and, for a recharge, has its invoice cancelled or corrected.
   */
  async refund(
    ctx: RequestContext,
    movementPk: number,
    partialAmount: number | undefined,
    idempotencyKey: string | undefined,
  ): Promise<FinancialRefundResponse> {
    await this.movementInScope(ctx, movementPk);
    const outcome = await this.deps.ledger.refundOnce({
      movementPk,
      amount: partialAmount,
      actorUserPk: ctx.user.userPk,
      tenantPks: ctx.tenantScope.tenantPks,
      idempotencyKey: idempotencyKey ?? null,
      reason: 'financial screen',
    });
    return {
      message: financialMessages.refundSent,
      refundPk: outcome.refundPk,
      refundedAmount: outcome.amount,
      replayed: outcome.replayed,
      transaction: await this.one(ctx, movementPk),
    };
  }

  /** Requests a recharge's invoice again (000 §4: from erro_autorizacao or rejeitado; the issuer's other error states too). */
  async resendInvoice(ctx: RequestContext, movementPk: number): Promise<FinancialResendResponse> {
    const m = await this.movementInScope(ctx, movementPk);
    if (m.target_type !== 'TRANSACTION' || m.is_idle_payment || m.transaction_pk === null)
      throw conflict(financialMessages.resendNotRecharge, undefined, 'NOT_A_RECHARGE');
    const state = await this.deps.invoices.resend(ctx.tenantScope, m.transaction_pk);
    return { message: financialMessages.resendSent, nfeStatus: financialInvoiceStatus(state) };
  }
}
