import type { Readable } from 'node:stream';
import { sql, type Kysely, type Transaction } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import {
  displayPaymentStatus,
  financialInvoiceStatus,
  paymentStatusLabels,
  transactionInvoiceStatus,
  type PaymentType,
} from '@recarga/contracts/payments';
import {
  IDLE_CANCEL_MIN_MINUTES,
  METER_VALUES_MAX_HOURS,
  TRANSACTION_PAGE_SIZE,
  TRANSACTION_QUERY_CAP,
  incomeFields,
  revenueStatusOf,
  transactionMessages,
  transactionSortKeys,
  type CheckoutBody,
  type ConfirmPaymentsBody,
  type PayBody,
  type TransactionDetailResponse,
  type TransactionFilter,
  type TransactionListQuery,
  type TransactionListResponse,
  type TransactionRow,
  type TransactionSortKey,
} from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { streamXlsx } from '../../platform/xlsx-stream';
import { autonomyKm, formatDuration, formatKwh, formatMoney } from '../../platform/format';
import type { BillingService } from '../billing/service';
import * as billingRepo from '../billing/repository';
import type { InvoiceService } from '../invoices/service';
import type { Ledger } from '../payments/ledger-service';
import type { PaymentProviders } from '../payments/payment-provider';
import type { TenantService } from '../tenants/service';
import { resolveRange, zoneOf, type Zone } from './date-range';
import * as repo from './repository';

export interface TransactionServiceDeps {
  db: Kysely<DB>;
  billing: BillingService;
  ledger: Ledger;
  invoices: InvoiceService;
  providers: PaymentProviders;
  /** Counts exports against the tenant's monthly report limit. */
  tenants: TenantService;
  log: { error(obj: object, msg: string): void };
}

/** Headers the transactions calls read. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

const IDLE_CANCEL_MIN_SECONDS = IDLE_CANCEL_MIN_MINUTES * 60;
/** Rows read per query while writing the Excel export. */
const EXPORT_CHUNK = 500;

export const transactionErrors = {
  notFound: 'Transaction not found',
  running: 'The recharge is still running; it can be paid once it stops.',
  priceless: 'This recharge has nothing to pay (PRICELESS).',
  idleTooShort: `The idle payment can be cancelled only when the idle time exceeds ${IDLE_CANCEL_MIN_MINUTES} minutes.`,
  noIdleAmount: 'There is no idle amount to cancel.',
  idleCanceled: 'The idle payment is already cancelled.',
  idlePaid: 'The idle payment is already paid; refund it instead.',
  revenueFilter: 'The revenue-status filter needs the financial indicators role.',
  futurePaid: 'The payment time may not be in the future.',
  noInvoiceCapability: 'Resending invoices needs the invoice capability.',
} as const;

const isoOf = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());

/** The caller sees income fields: role DASH_FINANCIAL_INDICATORS and the invoice or payment capability (001 §6). */
export function showsIncome(ctx: RequestContext): boolean {
  const r = ctx.user.roles;
  return r.has(roles.financialIndicators) && (r.has(roles.invoice) || r.has(roles.paymentApproval));
}

/** Transactions screen: list, detail, exports, manual approval, idle cancel, invoice resend, checkout. */
export class TransactionService {
  private readonly db: Kysely<DB>;

  /** PostgreSQL builds have the `jit` setting; PGlite's may not. */
  private jitSetting = true;

  constructor(private readonly deps: TransactionServiceDeps) {
    this.db = deps.db;
  }

  /** Checks once whether the database knows the `jit` setting (PostgreSQL does; PGlite may not). */
  async init() {
    try {
      await sql`select current_setting('jit')`.execute(this.db);
    } catch {
      this.jitSetting = false;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Rows

  toRow(r: repo.TransactionRowData, income: boolean): TransactionRow {
    const currency = (r.billing_currency ?? r.station_currency).trim();
    const money = (v: number) => formatMoney(v, currency);
    const priced = r.billed !== null;
    const total = priced ? Number(r.total) : 0;
    const hasPayment = priced ? Boolean(r.has_payment) : false;
    const paidAt = isoOf(r.paid_at);
    const paidError =
      r.payment_status === 'approved' && r.paid_at
        ? 'NoError'
        : r.payment_status === 'rejected'
          ? (r.payment_status_detail ?? 'Rejected')
          : null;
    const revenueStatus = revenueStatusOf({
      hasPayment,
      income: total,
      paidTimestamp: paidAt,
      paidError,
      paymentStatus: r.payment_status ?? null,
    });
    const idleSeconds = Number(r.idle_seconds ?? 0);
    const idleAmount = Number(r.idle_amount ?? 0);
    const idleCanceled = r.idle_canceled_at !== null && r.idle_canceled_at !== undefined;
    const energyWh = Math.round(Number(r.energy_wh));
    const transactionAmount = r.movement_amount === null || r.movement_amount === undefined ? null : Number(r.movement_amount);
    const row: TransactionRow = {
      id: r.transaction_pk,
      chargeBoxDescription: r.charge_box_description,
      chargeBoxId: r.charge_box_id,
      chargeBoxPk: r.charge_box_pk,
      connectorId: r.connector_id,
      connectorPk: r.connector_pk,
      userName: r.user_name,
      ocppIdTag: r.id_tag,
      userTenantAlias: r.user_tenant_alias ?? null,
      stationTenantAlias: r.station_tenant_alias,
      startTimestamp: isoOf(r.start_timestamp)!,
      stopTimestamp: isoOf(r.stop_timestamp),
      durationHumanReadable: formatDuration(Number(r.duration_seconds)),
      durationTime: Number(r.duration_seconds),
      nfeStatus: transactionInvoiceStatus(r.invoice_state),
      nfeStatusFinancial: financialInvoiceStatus(r.invoice_state),
      nfeUrl: r.invoice_state === 'AUTHORIZED' ? `/api/nfe/${r.transaction_pk}/pdf` : null,
      paymentType: (r.payment_type as PaymentType | null) ?? null,
      voucherUnitPk: r.voucher_unit_pk ?? null,
      transactionAmount,
      transactionAmountHumanReadable: transactionAmount === null ? null : money(transactionAmount),
      income: total,
      incomeHumanReadable: money(total),
      energyWh,
      energyHumanReadable: formatKwh(energyWh, currency),
      hasPayment,
      isPaid: revenueStatus === 'PAID',
      revenueStatus,
      paymentStatus: r.payment_status ?? null,
      paidTimestamp: paidAt,
      paidError,
      priced,
      autonomy: autonomyKm(energyWh),
      stopReason: r.stop_reason,
      stopEventActor: r.stop_event_actor,
      feedbackStars: null,
      feedbackDescription: null,
      idleDuration: idleSeconds,
      idleDurationHumanReadable: formatDuration(idleSeconds),
      moneyIdlePaymentTransactionAmount: idleAmount,
      moneyIdlePaymentTransactionAmountHumanReadable: money(idleAmount),
      idlePaymentCanceled: idleCanceled,
      canCancelIdlePayment:
        Boolean(r.idle_final) &&
        idleSeconds > IDLE_CANCEL_MIN_SECONDS &&
        idleAmount > 0 &&
        !idleCanceled &&
        !['approved', 'refunded', 'charged_back', 'in_process'].includes(r.idle_payment_status ?? ''),
      currency,
    };
    if (!income) for (const k of incomeFields) delete (row as Record<string, unknown>)[k];
    return row;
  }

  // -------------------------------------------------------------------------------------------
  // List and exports

  private filters(ctx: RequestContext, q: TransactionFilter, headers: RequestHeaders): { filters: repo.TransactionFilters; zone: Zone } {
    const tag = q.userOcppTag ?? q.ocppUserTag;
    if (tag && ctx.user.roles.has(roles.disableTransactionOptions))
      throw forbidden(transactionMessages.disabledOption, 'TRANSACTION_OPTION_DISABLED');
    if (q.paymentStatus && !ctx.user.roles.has(roles.financialIndicators))
      throw forbidden(transactionErrors.revenueFilter, 'REVENUE_FILTER_NOT_ALLOWED');
    const zone = zoneOf(q.timeZone, headers['x-timezone-offset']);
    const range = resolveRange(q.fromDate, q.toDate, zone);
    return {
      zone,
      filters: {
        ...range,
        chargeBoxPk: q.chargeBoxPK ?? q.chargeBoxPk,
        idTag: tag?.trim() || undefined,
        revenue: q.paymentStatus,
        search: q.searchInput?.trim() || undefined,
      },
    };
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
    const { filters } = this.filters(ctx, q, headers);
    const sort = this.parseSort(ctx, q.headerOrderList);
    const size = q.size ?? TRANSACTION_PAGE_SIZE;
    const offset = ((q.page ?? 1) - 1) * size;
    // Count and page see one snapshot. JIT compilation costs more than it saves on these short,
    // bounded queries (its cost estimate ignores the LIMIT of the cap), so it is off for them.
    const { count, rows } = await this.db.transaction().execute(async (trx) => {
      if (this.jitSetting) await sql`set local jit = off`.execute(trx);
      const count = await repo.countCapped(trx, ctx.tenantScope, filters);
      const limit = Math.min(size, TRANSACTION_QUERY_CAP - offset);
      const rows = limit > 0 && offset < count ? await repo.page(trx, ctx.tenantScope, filters, sort, offset, limit) : [];
      return { count, rows };
    });
    const income = showsIncome(ctx);
    return {
      list: rows.map((r) => this.toRow(r, income)),
      count,
      limited: count >= TRANSACTION_QUERY_CAP,
      fromDate: filters.from.toISOString(),
      toDate: filters.to.toISOString(),
    };
  }

  /** The list as .xlsx (same filters, capped at 10,000), streamed from a cursor. */
  async xlsx(ctx: RequestContext, q: TransactionFilter, headers: RequestHeaders): Promise<Readable> {
    if (ctx.user.roles.has(roles.disableTransactionOptions))
      throw forbidden(transactionMessages.disabledOption, 'TRANSACTION_OPTION_DISABLED');
    const { filters, zone } = this.filters(ctx, q, headers);
    await this.deps.tenants.reserveReportDownload(ctx, 'XLSX_TRANSACTIONS');
    const income = showsIncome(ctx);
    const at = this.dateTimeFormat(zone);
    // The capped keys first (10,000 numbers at most), then their rows in chunks: memory stays flat
    // and no database connection is held while a slow client reads the file.
    const keys = await repo.cappedKeys(this.db, ctx.tenantScope, filters);
    const db = this.db;
    const rows = (async function* () {
      // The next chunk is read while the current one is written.
      let next = keys.length ? repo.rowsOfKeys(db, keys.slice(0, EXPORT_CHUNK)) : null;
      for (let i = 0; next; i += EXPORT_CHUNK) {
        const chunk = await next;
        next = i + EXPORT_CHUNK < keys.length ? repo.rowsOfKeys(db, keys.slice(i + EXPORT_CHUNK, i + 2 * EXPORT_CHUNK)) : null;
        yield* chunk;
      }
    })();
    return streamXlsx({
      sheet: 'Recargas',
      what: 'transactions xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        { header: 'Recarga', key: 'id', width: 10 },
        { header: 'Estação', key: 'station', width: 34 },
        { header: 'ChargeBox ID', key: 'chargeBoxId', width: 18 },
        { header: 'Conector', key: 'connector', width: 9 },
        { header: 'Usuário', key: 'user', width: 24 },
        { header: 'Tag', key: 'tag', width: 14 },
        { header: 'Início', key: 'start', width: 17 },
        { header: 'Fim', key: 'stop', width: 17 },
        { header: 'Duração', key: 'duration', width: 10 },
        { header: 'Energia (kWh)', key: 'kwh', width: 13 },
        { header: 'NF', key: 'nf', width: 26 },
        { header: 'Ociosidade', key: 'idle', width: 11 },
        { header: 'Motivo de parada', key: 'stopReason', width: 16 },
        ...(income
          ? [
              { header: 'Receita', key: 'income', width: 14 },
              { header: 'Status do pagamento', key: 'paymentStatus', width: 18 },
              { header: 'Forma de pagamento', key: 'paymentType', width: 20 },
              { header: 'Pago em', key: 'paidAt', width: 17 },
              { header: 'Valor ocioso', key: 'idleAmount', width: 13 },
            ]
          : []),
      ],
      toRow: (r) => {
        const t = this.toRow(r, income);
        const status = displayPaymentStatus(t.paymentStatus, r.movement_refunded === null ? 0 : Number(r.movement_refunded));
        return {
          id: t.id,
          station: t.chargeBoxDescription ?? t.chargeBoxId,
          chargeBoxId: t.chargeBoxId,
          connector: t.connectorId,
          user: t.userName ?? '',
          tag: t.ocppIdTag,
          start: at(t.startTimestamp),
          stop: at(t.stopTimestamp),
          duration: t.durationHumanReadable,
          kwh: Math.round(t.energyWh / 10) / 100,
          nf: t.nfeStatus ?? '',
          idle: t.idleDurationHumanReadable,
          stopReason: t.stopReason ?? '',
          ...(income
            ? {
                income: t.incomeHumanReadable,
                paymentStatus: status ? paymentStatusLabels[status] : t.revenueStatus,
                paymentType: t.paymentType ?? '',
                paidAt: at(t.paidTimestamp),
                idleAmount: t.moneyIdlePaymentTransactionAmountHumanReadable,
              }
            : {}),
        };
      },
    });
  }

  /** Local date-time text in the zone; the formatter is built once (building one per row is slow and memory-hungry). */
  private dateTimeFormat(zone: Zone) {
    const f = new Intl.DateTimeFormat('pt-BR', {
      timeZone: zone.kind === 'iana' ? zone.name : 'UTC',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const shift = zone.kind === 'offset' ? zone.minutes * 60_000 : 0;
    return (iso: string | null) => (iso ? f.format(new Date(Date.parse(iso) - shift)) : '');
  }

  /** The transaction's meter values as .xlsx; refused (413) for recharges longer than 5 hours. */
  async meterValuesXlsx(ctx: RequestContext, transactionPk: number, headers: RequestHeaders, timeZone?: string): Promise<Readable> {
    const r = await repo.one(this.db, ctx.tenantScope, transactionPk);
    if (!r) throw notFound(transactionErrors.notFound);
    if (Number(r.duration_seconds) > METER_VALUES_MAX_HOURS * 3600)
      throw new AppError(413, 'FILE_TOO_LARGE', transactionMessages.fileTooLarge);
    const at = this.dateTimeFormat(zoneOf(timeZone, headers['x-timezone-offset']));
    const rows = repo.meterValues(this.db, transactionPk).stream(500);
    return streamXlsx({
      sheet: `Recarga ${transactionPk}`,
      what: 'meter values xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        { header: 'Data/hora', key: 'at', width: 20 },
        { header: 'Timestamp (UTC)', key: 'iso', width: 25 },
        { header: 'Grandeza', key: 'measurand', width: 30 },
        { header: 'Fase', key: 'phase', width: 8 },
        { header: 'Local', key: 'location', width: 10 },
        { header: 'Unidade', key: 'unit', width: 9 },
        { header: 'Contexto', key: 'context', width: 20 },
        { header: 'Valor', key: 'value', width: 14 },
      ],
      toRow: (v) => {
        const iso = new Date(v.value_timestamp).toISOString();
        return {
          at: at(iso),
          iso,
          measurand: v.measurand,
          phase: v.phase ?? '',
          location: v.location ?? '',
          unit: v.unit ?? '',
          context: v.context ?? '',
          value: v.value === null ? (v.raw_value ?? '') : Number(v.value),
        };
      },
    });
  }

  // -------------------------------------------------------------------------------------------
  // Detail

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
    const row = this.toRow(r, income);
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
              tariff: (typeof r.tariff === 'string' ? JSON.parse(r.tariff) : r.tariff) as Record<string, unknown>,
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

  // -------------------------------------------------------------------------------------------
  // Payments

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
    const b = await billingRepo.lockBilling(trx, transactionPk);
    if (!b || !b.has_payment || Number(b.total) === 0) throw conflict(transactionErrors.priceless, undefined, 'PRICELESS');
    const t = await trx
      .selectFrom('transactions')
      .select(['user_pk', 'tenant_pk'])
      .where('transaction_pk', '=', transactionPk)
      .executeTakeFirstOrThrow();
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
    return this.toRow(r!, showsIncome(ctx));
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
      const b = await billingRepo.lockBilling(trx, transactionPk);
      if (!b || Number(b.idle_amount) <= 0) throw conflict(transactionErrors.noIdleAmount, undefined, 'NO_IDLE_AMOUNT');
      if (b.idle_canceled_at) throw conflict(transactionErrors.idleCanceled, undefined, 'IDLE_ALREADY_CANCELED');
      if (!b.idle_final || Number(b.idle_seconds) <= IDLE_CANCEL_MIN_SECONDS)
        throw conflict(transactionErrors.idleTooShort, undefined, 'IDLE_TOO_SHORT');
      const bill = b.idle_movement_pk ? await this.deps.ledger.lockMovement(trx, Number(b.idle_movement_pk)) : undefined;
      if (bill && !['pending', 'rejected', 'cancelled'].includes(bill.payment_status))
        throw conflict(transactionErrors.idlePaid, undefined, 'IDLE_PAID');
      if (bill) await this.deps.ledger.cancelBill(trx, bill.movement_pk, `idle payment cancelled by user ${ctx.user.userPk}`);
      await trx
        .updateTable('transaction_billing')
        .set({ idle_canceled_at: new Date(), idle_canceled_by: ctx.user.userPk })
        .where('transaction_pk', '=', transactionPk)
        .execute();
    });
  }

  /** POST nfe/resend: role DASH_INVOICE or permission /transactions/show_nf_column. */
  async resendInvoice(ctx: RequestContext, body: unknown) {
    if (!ctx.user.roles.has(roles.invoice) && !ctx.user.permitted.has('/transactions/show_nf_column')) {
      throw forbidden(transactionErrors.noInvoiceCapability, 'INVOICE_NOT_ALLOWED');
    }
    const pk =
      typeof body === 'number'
        ? body
        : typeof body === 'string'
          ? Number(body)
          : Number((body as Record<string, unknown>).transactionPk ?? (body as Record<string, unknown>).transaction_pk);
    if (!Number.isSafeInteger(pk) || pk <= 0) throw badRequest('Invalid transaction', { body: 'The transaction pk.' });
    const state = await this.deps.invoices.resend(ctx.tenantScope, pk);
    return {
      message: transactionMessages.invoiceResent,
      nfeStatus: transactionInvoiceStatus(state),
      nfeStatusFinancial: financialInvoiceStatus(state),
    };
  }

  /** GET payment/types: the tenant's list, or the defaults (WALLET, MANUAL_DASHBOARD, VOUCHER and the configured providers). */
  async paymentTypes(ctx: RequestContext, tenantPk?: number) {
    const pk = tenantPk ?? ctx.tenantScope.tenantPk;
    if (!ctx.tenantScope.tenantPks.includes(pk)) throw notFound('Tenant not found');
    const rows = await repo.tenantPaymentTypes(this.db, pk);
    const types: PaymentType[] = rows.length
      ? rows.map((r) => r.payment_type)
      : ['WALLET', 'MANUAL_DASHBOARD', 'VOUCHER', ...this.deps.providers.configuredTypes()];
    return { payment_type_tenant_list: [...new Set(types)].map((payment_type) => ({ payment_type })) };
  }

  /**
   * POST transaction/{id}/checkout: the driver pays their own recharge (or its idle time) by
   * wallet or through a provider; an operator with the payment capability may trigger it too.
   */
  async checkout(ctx: RequestContext, transactionPk: number, body: CheckoutBody) {
    const t = await this.db
      .selectFrom('transactions')
      .select(['transaction_pk', 'user_pk', 'tenant_pk'])
      .where('transaction_pk', '=', transactionPk)
      .executeTakeFirst();
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

  async invoicePdf(ctx: RequestContext, transactionPk: number) {
    return this.deps.invoices.pdfOf(ctx.tenantScope, transactionPk);
  }
}
