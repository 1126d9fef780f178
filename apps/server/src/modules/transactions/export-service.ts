import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { displayPaymentStatus } from '@recarga/contracts/payments';
import { roles } from '@recarga/contracts/permissions';
import { METER_VALUES_MAX_HOURS, transactionMessages, type TransactionFilter } from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { currencyFormat, durationCell, numberFormats, SheetLocale } from '../../platform/xlsx-locale';
import { streamXlsx, xlsxCell } from '../../platform/xlsx-stream';
import type { TenantService } from '../tenants/service';
import { zoneOf } from './date-range';
import * as repo from './repository';
import { transactionErrors } from './transaction-errors';
import { transactionFilters, type RequestHeaders } from './transaction-filters';
import { showsIncome, toRow } from './transaction-row';

export interface TransactionExportDeps {
  db: Kysely<DB>;
  /** Counts exports against the tenant's monthly report limit. */
  tenants: TenantService;
  log: { error(obj: object, msg: string): void };
}

/** Rows read per query while writing the Excel export. */
const EXPORT_CHUNK = 500;

/** The transactions screen's files: the list and a recharge's meter values as .xlsx, streamed. */
export class TransactionExportService {
  private readonly db: Kysely<DB>;

  constructor(private readonly deps: TransactionExportDeps) {
    this.db = deps.db;
  }

  /** The list as .xlsx (same filters, capped at 10,000), streamed from a cursor. */
  async xlsx(ctx: RequestContext, q: TransactionFilter, headers: RequestHeaders): Promise<Readable> {
    if (ctx.user.roles.has(roles.disableTransactionOptions))
      throw forbidden(transactionMessages.disabledOption, 'TRANSACTION_OPTION_DISABLED');
    const { filters, zone } = transactionFilters(ctx, q, headers);
    await this.deps.tenants.reserveReportDownload(ctx, 'XLSX_TRANSACTIONS');
    const income = showsIncome(ctx);
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
    const sheet = new SheetLocale(ctx.user.theme, zone);
    const col = (key: string, width: number, numFmt?: string) => ({ header: sheet.text(`xlsx.transactions.${key}`), key, width, numFmt });
    return streamXlsx({
      sheet: sheet.text('xlsx.transactions.sheet'),
      what: 'transactions xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        col('id', 10, numberFormats.integer),
        col('station', 34),
        col('chargeBoxId', 18),
        col('connector', 9, numberFormats.integer),
        col('user', 24),
        col('tag', 14),
        col('start', 19, sheet.dateTimeFormat),
        col('stop', 19, sheet.dateTimeFormat),
        col('duration', 11, numberFormats.duration),
        col('kwh', 13, numberFormats.kwh),
        col('nf', 26),
        col('idle', 11, numberFormats.duration),
        col('stopReason', 18),
        ...(income
          ? [
              col('income', 14),
              col('paymentStatus', 20),
              col('paymentType', 22),
              col('paidAt', 19, sheet.dateTimeFormat),
              col('idleAmount', 13),
            ]
          : []),
      ],
      toRow: (r) => {
        const t = toRow(r, income);
        const status = displayPaymentStatus(t.paymentStatus, r.movement_refunded === null ? 0 : Number(r.movement_refunded));
        // Money in the recharge's own currency (an administrator's export spans tenants).
        const moneyFormat = currencyFormat(t.currency) ?? sheet.moneyFormat;
        return {
          id: t.id,
          station: t.chargeBoxDescription ?? t.chargeBoxId,
          chargeBoxId: t.chargeBoxId,
          connector: t.connectorId,
          user: t.userName ?? '',
          tag: t.ocppIdTag,
          start: sheet.localDate(t.startTimestamp),
          stop: sheet.localDate(t.stopTimestamp),
          duration: durationCell(t.durationTime),
          kwh: Math.round(t.energyWh / 10) / 100,
          nf: sheet.label('invoice', t.nfeStatus),
          idle: durationCell(t.idleDuration),
          stopReason: sheet.label('stopReason', t.stopReason),
          ...(income
            ? {
                income: xlsxCell(sheet.money(t.income), moneyFormat),
                paymentStatus: status ? sheet.label('paymentStatus', status) : sheet.label('revenue', t.revenueStatus),
                paymentType: sheet.label('paymentType', t.paymentType),
                paidAt: sheet.localDate(t.paidTimestamp),
                idleAmount: xlsxCell(sheet.money(t.moneyIdlePaymentTransactionAmount), moneyFormat),
              }
            : {}),
        };
      },
    });
  }

  /** The transaction's meter values as .xlsx; refused (413) for recharges longer than 5 hours. */
  async meterValuesXlsx(ctx: RequestContext, transactionPk: number, headers: RequestHeaders, timeZone?: string): Promise<Readable> {
    const r = await repo.one(this.db, ctx.tenantScope, transactionPk);
    if (!r) throw notFound(transactionErrors.notFound);
    if (Number(r.duration_seconds) > METER_VALUES_MAX_HOURS * 3600)
      throw new AppError(413, 'FILE_TOO_LARGE', transactionMessages.fileTooLarge);
    const sheet = new SheetLocale(ctx.user.theme, zoneOf(timeZone, headers['x-timezone-offset']));
    const rows = repo.meterValues(this.db, transactionPk).stream(500);
    const col = (key: string, width: number, numFmt?: string) => ({ header: sheet.text(`xlsx.meterValues.${key}`), key, width, numFmt });
    return streamXlsx({
      sheet: sheet.text('xlsx.meterValues.sheet', { id: transactionPk }),
      what: 'meter values xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        col('at', 20, sheet.dateTimeFormat),
        col('iso', 25),
        col('measurand', 30),
        col('phase', 8),
        col('location', 10),
        col('unit', 9),
        col('context', 20),
        col('value', 14, '#,##0.###'),
      ],
      toRow: (v) => {
        const iso = new Date(v.value_timestamp).toISOString();
        return {
          at: sheet.localDate(iso),
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
}
