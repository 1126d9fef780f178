import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { FINANCIAL_EXPORT_CAP, type FinancialQuery, type FinancialTab } from '@recarga/contracts/financial';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { currencyFormat, numberFormats, SheetLocale } from '../../platform/xlsx-locale';
import { streamXlsx, xlsxCell } from '../../platform/xlsx-stream';
import type { TenantService } from '../tenants/service';
import { toFinancialRow } from './financial-row';
import { zoneOf } from './period';
import * as repo from './repository';
import type { FinancialService, RequestHeaders } from './service';

export interface FinancialExportDeps {
  db: Kysely<DB>;
  financial: FinancialService;
  /** Counts downloads against the tenant's monthly report limit. */
  tenants: TenantService;
  log: { error(obj: object, msg: string): void };
}

/** Rows read per query while writing the file (the next chunk is read while this one is written). */
const EXPORT_CHUNK = 1000;

/**
 * The Excel form of a financial list (000 §7): the same filter and order as the list, every row
 * (up to FINANCIAL_EXPORT_CAP), streamed as it is read — memory stays flat, no database connection
 * is held while a slow client downloads. The number of rows is known before the first byte
 * (`rows`), for the X-Total-Rows header the screen's progress bar reads.
 */
export class FinancialExportService {
  constructor(private readonly deps: FinancialExportDeps) {}

  async xlsx(
    ctx: RequestContext,
    tab: FinancialTab,
    q: FinancialQuery,
    headers: RequestHeaders,
  ): Promise<{ stream: Readable; rows: number }> {
    const f = await this.deps.financial.filter(ctx, tab, q, headers);
    await this.deps.tenants.reserveReportDownload(ctx, 'XLSX_FINANCIAL');
    const keys = await repo.pageKeys(this.deps.db, f, 0, FINANCIAL_EXPORT_CAP);
    const db = this.deps.db;
    const rows = (async function* () {
      let next = keys.length ? repo.rowsOfKeys(db, keys.slice(0, EXPORT_CHUNK)) : null;
      for (let i = 0; next; i += EXPORT_CHUNK) {
        const chunk = await next;
        next = i + EXPORT_CHUNK < keys.length ? repo.rowsOfKeys(db, keys.slice(i + EXPORT_CHUNK, i + 2 * EXPORT_CHUNK)) : null;
        const byPk = new Map(chunk.map((r) => [Number(r.movement_pk), r]));
        for (const k of keys.slice(i, i + EXPORT_CHUNK)) {
          const r = byPk.get(k);
          if (r) yield r;
        }
      }
    })();
    const sheet = new SheetLocale(ctx.user.theme, zoneOf(q.timeZone, headers['x-timezone-offset']));
    const col = (key: string, width: number, numFmt?: string) => ({ header: sheet.text(`xlsx.financial.${key}`), key, width, numFmt });
    const stream = await streamXlsx({
      sheet: sheet.text('xlsx.financial.sheet'),
      what: 'financial xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        col('type', 11),
        col('movement', 11, numberFormats.integer),
        col('recharge', 11, numberFormats.integer),
        col('customer', 26),
        col('email', 30),
        col('tag', 14),
        col('tenant', 24),
        col('station', 30),
        col('paymentType', 22),
        col('status', 20),
        col('createdAt', 19, sheet.dateTimeFormat),
        col('paidAt', 19, sheet.dateTimeFormat),
        col('amount', 14),
        col('refunded', 14),
        col('available', 14),
        col('currency', 8),
        col('nf', 22),
      ],
      toRow: (r) => {
        const t = toFinancialRow(r);
        const moneyFormat = currencyFormat(t.moneyCoin) ?? sheet.moneyFormat;
        return {
          type: sheet.text(`xlsx.financial.target.${t.targetType}`),
          movement: t.movementPk,
          recharge: t.transactionPk,
          customer: [t.userFirstName, t.userLastName].filter(Boolean).join(' '),
          email: t.userEmail ?? '',
          tag: t.idTag ?? '',
          tenant: t.tenantName,
          station: t.chargeBoxDescription ?? t.chargeBoxId ?? '',
          paymentType: sheet.label('paymentType', t.paymentType),
          status: sheet.label('paymentStatus', t.paymentStatus),
          createdAt: sheet.localDate(t.createdTimestamp),
          paidAt: sheet.localDate(t.paidTimestamp),
          amount: xlsxCell(sheet.money(t.paymentTransactionAmount), moneyFormat),
          refunded: xlsxCell(sheet.money(t.paymentTransactionAmountRefunded), moneyFormat),
          available: xlsxCell(sheet.money(t.paymentTransactionAmountAvailable), moneyFormat),
          currency: t.moneyCoin,
          nf: t.nfeStatus ? sheet.label('financialInvoice', t.nfeStatus) : '',
        };
      },
    });
    return { stream, rows: keys.length };
  }
}
