import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { displayPaymentStatus, paymentStatusLabels } from '@recarga/contracts/payments';
import { roles } from '@recarga/contracts/permissions';
import { METER_VALUES_MAX_HOURS, transactionMessages, type TransactionFilter } from '@recarga/contracts/transactions';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { streamXlsx } from '../../platform/xlsx-stream';
import type { TenantService } from '../tenants/service';
import { zoneOf, type Zone } from './date-range';
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
        const t = toRow(r, income);
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
}
