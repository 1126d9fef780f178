import type { Kysely } from 'kysely';
import { displayPaymentStatus } from '@recarga/contracts/payments';
import {
  TRANSACTION_PAGE_SIZE,
  TRANSACTION_QUERY_CAP,
  transactionSortKeys,
  type Composition,
  type TransactionDetailResponse,
  type TransactionListQuery,
  type TransactionListResponse,
  type TransactionSortKey,
} from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest, notFound } from '../../platform/errors';
import { formatMoney } from '../../platform/format';
import * as repo from './repository';
import { transactionErrors } from './transaction-errors';
import { transactionFilters, type RequestHeaders } from './transaction-filters';
import { isoOf, showsIncome, toRow } from './transaction-row';

/** The transactions screen's reads: the list (filtered, sorted, paged) and a recharge's detail. */
export class TransactionQueryService {
  /** PostgreSQL builds have the `jit` setting; PGlite's may not. */
  private jitSetting = true;

  constructor(private readonly db: Kysely<DB>) {}

  /** Checks once whether the database knows the `jit` setting (PostgreSQL does; PGlite may not). */
  async init() {
    try {
      await repo.readJitSetting(this.db);
    } catch {
      this.jitSetting = false;
    }
  }

  /** 'key:direction' pairs joined by ';' (001 §7); 400 with `fields.headerOrderList` when malformed. */
  parseSort(ctx: RequestContext, text: string | undefined): repo.Sort[] {
    if (!text?.trim()) return [];
    const out: repo.Sort[] = [];
    const income = showsIncome(ctx);
    for (const part of text
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [key, dir, ...rest] = part.split(':').map((s) => s.trim());
      const direction = (dir ?? 'asc').toLowerCase();
      if (
        rest.length ||
        !key ||
        !(transactionSortKeys as readonly string[]).includes(key) ||
        (direction !== 'asc' && direction !== 'desc')
      ) {
        throw badRequest('Invalid sort', {
          headerOrderList: `Use key:asc|desc pairs joined by ';' with keys ${transactionSortKeys.join(', ')}.`,
        });
      }
      if (!income && (key === 'income' || key === 'transactionAmount')) {
        throw badRequest('Invalid sort', { headerOrderList: 'Sorting by income needs the financial indicators role.' });
      }
      if (!out.some((s) => s.key === key)) out.push({ key: key as TransactionSortKey, direction });
    }
    return out;
  }

  async list(ctx: RequestContext, q: TransactionListQuery, headers: RequestHeaders): Promise<TransactionListResponse> {
    const { filters } = transactionFilters(ctx, q, headers);
    const sort = this.parseSort(ctx, q.headerOrderList);
    const size = q.size ?? TRANSACTION_PAGE_SIZE;
    const offset = ((q.page ?? 1) - 1) * size;
    // Count and page see one snapshot. JIT compilation costs more than it saves on these short,
    // bounded queries (its cost estimate ignores the LIMIT of the cap), so it is off for them.
    const { count, rows } = await this.db.transaction().execute(async (trx) => {
      if (this.jitSetting) await repo.jitOffForTransaction(trx);
      const count = await repo.countCapped(trx, ctx.tenantScope, filters);
      const limit = Math.min(size, TRANSACTION_QUERY_CAP - offset);
      const rows = limit > 0 && offset < count ? await repo.page(trx, ctx.tenantScope, filters, sort, offset, limit) : [];
      return { count, rows };
    });
    const income = showsIncome(ctx);
    return {
      list: rows.map((r) => toRow(r, income)),
      count,
      limited: count >= TRANSACTION_QUERY_CAP,
      fromDate: filters.from.toISOString(),
      toDate: filters.to.toISOString(),
    };
  }

  async detail(ctx: RequestContext, transactionPk: number): Promise<TransactionDetailResponse> {
    const r = await repo.one(this.db, ctx.tenantScope, transactionPk);
    if (!r) throw notFound(transactionErrors.notFound);
    const income = showsIncome(ctx);
    const samples = await repo.meterValues(this.db, transactionPk).execute();
    const values: TransactionDetailResponse['values'] = {};
    const units: TransactionDetailResponse['units'] = {};
    for (const s of samples) {
      if (s.value === null) continue;
      const key = s.phase ? `${s.measurand}.${s.phase}` : s.measurand;
      const unit = s.unit ?? (s.measurand.startsWith('Energy') ? 'Wh' : s.measurand.startsWith('Power') ? 'W' : '');
      const kilo = unit.toLowerCase() === 'kw' || unit.toLowerCase() === 'kwh';
      (values[key] ??= []).push({
        timestamp: new Date(s.value_timestamp).toISOString(),
        value: kilo ? Number(s.value) * 1000 : Number(s.value),
      });
      units[key] = kilo ? unit.slice(1).toUpperCase().replace('WH', 'Wh') : unit;
    }
    values['Power.Active.Import'] ??= [];
    units['Power.Active.Import'] ??= 'W';
    const row = toRow(r, income);
    const transaction: TransactionDetailResponse['transaction'] = { ...row };
    if (income) {
      const currency = row.currency;
      const money = (v: number) => formatMoney(v, currency);
      transaction.composition =
        r.billed === null
          ? null
          : {
              startFee: Number(r.start_fee),
              energy: Number(r.energy_amount),
              operationalFee: Number(r.operational_fee),
              voucherDiscount: Number(r.voucher_discount),
              tax: Number(r.tax),
              total: Number(r.total),
              idle: Number(r.idle_amount),
              cost: Number(r.cost),
              humanReadable: {
                startFee: money(Number(r.start_fee)),
                energy: money(Number(r.energy_amount)),
                operationalFee: money(Number(r.operational_fee)),
                voucherDiscount: money(Number(r.voucher_discount)),
                tax: money(Number(r.tax)),
                total: money(Number(r.total)),
                idle: money(Number(r.idle_amount)),
                cost: money(Number(r.cost)),
              },
              tariff: r.tariff as Record<string, unknown>,
              breakdown: (r.breakdown as Composition['breakdown']) ?? null,
              pricedAt: isoOf(r.priced_at)!,
            };
      transaction.payments = (await repo.movementsOf(this.db, transactionPk)).map((m) => ({
        movementPk: m.movement_pk,
        paymentType: m.payment_type,
        paymentStatus: m.payment_status,
        displayStatus: displayPaymentStatus(m.payment_status, Number(m.refunded_amount))!,
        isIdlePayment: m.is_idle_payment,
        amount: Number(m.amount),
        refundedAmount: Number(m.refunded_amount),
        amountHumanReadable: money(Number(m.amount)),
        externalId: m.external_id,
        createdTimestamp: isoOf(m.created_at)!,
        paidTimestamp: isoOf(m.paid_at),
      }));
    }
    return { values, units, transaction };
  }
}
