import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { Kysely } from 'kysely';
import { roles } from '@recarga/contracts/permissions';
import type { AssessmentParams, StationXlsxQuery } from '@recarga/contracts/stations';
import type { DB } from '../../db/db';
import type { ReportKind } from '../../db/schema-stations';
import type { RequestContext } from '../../platform/auth/context';
import { badRequest } from '../../platform/errors';
import { primed, streamXlsx } from '../../platform/xlsx-stream';
import { numberFormats, SheetLocale } from '../../platform/xlsx-locale';
import { t } from '../../platform/i18n';
import { getTheme } from '@recarga/contracts/themes';
import { monthStart } from '../../db/sql/month-start';
import { energyPrice } from '../billing/service';
import { decodeBase64, photoMime } from './photo-store';
import * as stationRepo from './repository';
import { stationFilters } from './service';
import { toListItem } from './service';
import type { TenantService } from '../tenants/service';
import { PdfTable, ReportFormat, duration, startReport, type PdfDoc } from './pdf-report';
import * as repo from './report-repository';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';

const DEFAULT_REPORT_DAYS = 10;
const MAX_REPORT_DAYS = 366;
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export interface ReportLogger {
  error(obj: object, msg: string): void;
}

export interface StationReportDeps {
  db: Kysely<DB>;
  /** Counts downloads against the tenant's monthly report limit. */
  tenants: TenantService;
  pingIntervalSec: number;
  /** Where the web app's files are (a tenant logo_url such as /logos/x.png is read from here). */
  webDist: string;
  log: ReportLogger;
}

/** Station reports: Excel list, unified PDF, one PDF per station (zip), and the report permission. */
export class StationReportService {
  private readonly db: Kysely<DB>;

  constructor(private readonly deps: StationReportDeps) {
    this.db = deps.db;
  }

  permissions(ctx: RequestContext) {
    return { hasDisableTransactionOption: ctx.user.roles.has(roles.disableTransactionOptions) };
  }

  private reserve(ctx: RequestContext, kind: ReportKind) {
    return this.deps.tenants.reserveReportDownload(ctx, kind);
  }

  /**
   * The station list as .xlsx, streamed: rows come from a database cursor and go straight into
   * the streaming workbook writer, so memory stays flat whatever the number of stations.
   */
  async xlsx(ctx: RequestContext, q: StationXlsxQuery): Promise<Readable> {
    const timeZone = q.timeZone ?? 'UTC';
    await this.reserve(ctx, 'XLSX_CHARGEPOINTS');
    const since = await monthStart(this.db, timeZone);
    const sheet = new SheetLocale(ctx.user.theme, { kind: 'iana', name: timeZone });
    const rows = stationRepo.streamStations(this.db, ctx.tenantScope, stationFilters(q), since, this.deps.pingIntervalSec);
    const col = (key: string, width: number, numFmt?: string) => ({ header: sheet.text(`xlsx.stations.${key}`), key, width, numFmt });
    return streamXlsx({
      sheet: sheet.text('xlsx.stations.sheet'),
      what: 'xlsx export',
      log: this.deps.log,
      rows,
      columns: [
        col('name', 36),
        col('id', 20),
        col('tenant', 24),
        col('group', 20),
        col('state', 12),
        col('city', 20),
        col('recharges', 11, numberFormats.integer),
        col('kwh', 13, numberFormats.kwh),
        col('heartbeat', 19, sheet.dateTimeFormat),
        col('online', 8),
        col('active', 8),
        col('connectors', 60),
      ],
      toRow: (r) => {
        const s = toListItem(r);
        return {
          name: s.description ?? s.chargeBoxId,
          id: s.chargeBoxId,
          tenant: s.tenantName,
          group: s.chargeBoxGroupName ?? '',
          state: s.address.state ?? '',
          city: s.address.city ?? '',
          recharges: s.recharges,
          kwh: Math.round(s.consumption / 10) / 100,
          heartbeat: sheet.localDate(s.lastHeartbeatTimestamp),
          online: sheet.yesNo(s.online),
          active: sheet.yesNo(s.active),
          connectors: s.connectors
            .map((c) =>
              [
                `${c.connectorId}:`,
                c.connectorType ?? '-',
                c.powerMax ? `${c.powerMax / 1000} kW` : '',
                c.unusualStatus
                  ? sheet.label('connectorStatus', c.unusualStatus)
                  : sheet.label('connectorStatus', c.lastStatus.status) || '-',
              ]
                .filter(Boolean)
                .join(' '),
            )
            .join('; '),
        };
      },
    });
  }

  private async assessmentSetup(ctx: RequestContext, p: AssessmentParams) {
    const timeZone = p.timeZone ?? 'UTC';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const tenDaysAgo = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(Date.now() - (DEFAULT_REPORT_DAYS - 1) * 86_400_000),
    );
    const fromText = p.from_date ?? tenDaysAgo;
    const toText = p.to_date ?? today;
    const valid = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) || !Number.isNaN(Date.parse(v));
    const fields: Record<string, string> = {};
    if (!valid(fromText)) fields.from_date = 'Invalid date (YYYY-MM-DD).';
    if (!valid(toText)) fields.to_date = 'Invalid date (YYYY-MM-DD).';
    if (Object.keys(fields).length) throw badRequest('Invalid report period', fields);
    let period: repo.Period;
    try {
      period = await repo.periodBounds(this.db, fromText, toText, timeZone);
    } catch {
      throw badRequest('Invalid report period', { from_date: 'Invalid date (YYYY-MM-DD).' });
    }
    if (period.to <= period.from) throw badRequest('Invalid report period', { to_date: 'The end date must not be before the start date.' });
    if (period.to.getTime() - period.from.getTime() > MAX_REPORT_DAYS * 86_400_000) {
      throw badRequest('Invalid report period', { to_date: 'The period must not exceed 366 days.' });
    }
    const tenant = await tenantInScope(this.db, ctx.tenantScope, p.tenant_pk ?? ctx.tenantScope.tenantPk, [
      'tenant_pk',
      'name',
      'currency',
      'language',
      'logo_url',
    ]);
    if (!tenant) throw badRequest('Unknown tenant', { tenant_pk: 'Unknown tenant.' });
    const logo = await this.logo(p.logo, tenant.logo_url, tenant.tenant_pk);
    // In the reader's language (their brand's, as the screens), money in the tenant's currency.
    const language = getTheme(ctx.user.theme).language;
    const say = (key: string, vars?: Record<string, string | number>) => t(language, key, vars);
    const fmt = new ReportFormat(tenant.currency, timeZone, language);
    const filters = stationFilters({
      active: p.active,
      chargeBoxGroupPk: p.charge_box_group_pk,
      tenantPk: p.tenant_pk,
      searchInput: p.search_input,
      online: p.online,
    });
    const lastDay = new Date(period.to.getTime() - 1);
    const subtitle = [
      say('pdf.period', { from: fmt.day(period.from), to: fmt.day(lastDay), zone: timeZone }),
      say('pdf.prices', { cost: fmt.moneyOf(p.cost_kwh ?? 0), income: fmt.moneyOf(p.income_kwh ?? 0) }),
      say('pdf.generated', { at: fmt.at(new Date()) }),
    ];
    return { period, tenant, logo, fmt, say, filters, subtitle, costKwh: p.cost_kwh ?? 0, incomeKwh: p.income_kwh ?? 0 };
  }

  /** One PDF with one line per station: recharges, kWh, cost and income at the given prices per kWh. */
  async unified(ctx: RequestContext, p: AssessmentParams): Promise<Readable> {
    const s = await this.assessmentSetup(ctx, p);
    await this.reserve(ctx, 'ASSESSMENT_UNIFIED');
    // The first row is read before the document starts: a refused query is an error answer, not a file.
    const rows = await primed(
      repo.assessmentStations(this.db, ctx.tenantScope, s.filters, s.period, this.deps.pingIntervalSec).stream(200),
    );
    const doc = startReport({ logo: s.logo, tenantName: s.tenant.name, title: s.say('pdf.unified.title'), subtitle: s.subtitle });
    void (async () => {
      const table = new PdfTable(doc, [
        { title: s.say('pdf.col.station'), width: 175 },
        { title: s.say('pdf.col.cityState'), width: 95 },
        { title: s.say('pdf.col.recharges'), width: 50, align: 'right' },
        { title: s.say('pdf.col.kwh'), width: 60, align: 'right' },
        { title: s.say('pdf.col.cost'), width: 67, align: 'right' },
        { title: s.say('pdf.col.income'), width: 68, align: 'right' },
      ]);
      table.header();
      const total = { stations: 0, recharges: 0, wh: 0, cost: 0, income: 0 };
      for await (const r of rows) {
        const wh = Number(r.energy_wh);
        const cost = energyPrice(wh, s.costKwh);
        const income = energyPrice(wh, s.incomeKwh);
        total.stations++;
        total.recharges += Number(r.recharges);
        total.wh += wh;
        total.cost += cost;
        total.income += income;
        table.row([
          `${r.charge_box_id} - ${r.description ?? ''}`,
          [r.city, r.state].filter(Boolean).join('/'),
          String(r.recharges),
          s.fmt.kwhOf(wh),
          s.fmt.moneyOf(cost),
          s.fmt.moneyOf(income),
        ]);
      }
      table.row(
        [
          s.say('pdf.totalStations', { n: total.stations }),
          '',
          String(total.recharges),
          s.fmt.kwhOf(total.wh),
          s.fmt.moneyOf(total.cost),
          s.fmt.moneyOf(total.income),
        ],
        true,
      );
      doc.end();
    })().catch((err) => {
      this.deps.log.error({ err }, 'unified report failed');
      doc.destroy(err as Error);
    });
    return doc;
  }

  /** A zip with one PDF per station: its recharges in the period with energy, cost and income. */
  async perStation(ctx: RequestContext, p: AssessmentParams): Promise<Readable> {
    const s = await this.assessmentSetup(ctx, p);
    await this.reserve(ctx, 'ASSESSMENT_USERS');
    // The station list is read first: on the embedded database a cursor holds the only connection.
    const stations = await repo.assessmentStations(this.db, ctx.tenantScope, s.filters, s.period, this.deps.pingIntervalSec).execute();
    // The first station's recharges are read before the archive starts, for the same reason.
    let firstTxs = stations[0] ? await repo.stationTransactions(this.db, stations[0].charge_box_pk, s.period) : null;
    const archive = archiver('zip', { zlib: { level: 6 } });
    const used = new Set<string>();
    void (async () => {
      for (const st of stations) {
        const txs = firstTxs ?? (await repo.stationTransactions(this.db, st.charge_box_pk, s.period));
        firstTxs = null;
        const pdf = await this.stationPdf(s, st, txs);
        let name = `${st.charge_box_id.replace(/[^\w.-]/g, '_')}.pdf`;
        for (let i = 2; used.has(name); i++) name = `${st.charge_box_id.replace(/[^\w.-]/g, '_')}-${i}.pdf`;
        used.add(name);
        // One entry at a time keeps memory bounded to one station's PDF.
        await new Promise<void>((resolve, reject) => {
          const onError = (err: Error) => {
            archive.off('entry', onEntry);
            reject(err);
          };
          const onEntry = () => {
            archive.off('error', onError);
            resolve();
          };
          archive.once('entry', onEntry);
          archive.once('error', onError);
          archive.append(pdf, { name });
        });
      }
      await archive.finalize();
    })().catch((err) => {
      this.deps.log.error({ err }, 'per-station report failed');
      archive.destroy(err as Error);
    });
    return archive;
  }

  private stationPdf(
    s: Awaited<ReturnType<StationReportService['assessmentSetup']>>,
    st: repo.AssessmentStationRow,
    txs: Awaited<ReturnType<typeof repo.stationTransactions>>,
  ): Promise<Buffer> {
    const doc: PdfDoc = startReport({
      logo: s.logo,
      tenantName: s.tenant.name,
      title: s.say('pdf.station.title', { id: st.charge_box_id }),
      subtitle: [`${st.description ?? ''} · ${[st.city, st.state].filter(Boolean).join('/')} · ${st.tenant_name}`, ...s.subtitle],
    });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const table = new PdfTable(doc, [
      { title: s.say('pdf.col.recharge'), width: 45 },
      { title: s.say('pdf.col.connector'), width: 40, align: 'right' },
      { title: s.say('pdf.col.userTag'), width: 110 },
      { title: s.say('pdf.col.start'), width: 75 },
      { title: s.say('pdf.col.duration'), width: 45, align: 'right' },
      { title: s.say('pdf.col.kwh'), width: 50, align: 'right' },
      { title: s.say('pdf.col.cost'), width: 75, align: 'right' },
      { title: s.say('pdf.col.income'), width: 75, align: 'right' },
    ]);
    let wh = 0;
    let cost = 0;
    let income = 0;
    for (const t of txs) {
      const e = Number(t.energy_wh);
      const c = energyPrice(e, s.costKwh);
      const i = energyPrice(e, s.incomeKwh);
      wh += e;
      cost += c;
      income += i;
      const seconds =
        ((t.stop_timestamp ? new Date(t.stop_timestamp) : new Date()).getTime() - new Date(t.start_timestamp).getTime()) / 1000;
      table.row([
        String(t.transaction_pk),
        String(t.connector_id),
        t.user_name ?? t.id_tag,
        s.fmt.at(t.start_timestamp),
        t.stop_timestamp ? duration(seconds) : s.say('pdf.running'),
        s.fmt.kwhOf(e),
        s.fmt.moneyOf(c),
        s.fmt.moneyOf(i),
      ]);
    }
    table.row(
      [
        s.say('pdf.total'),
        '',
        s.say('pdf.totalRecharges', { n: txs.length }),
        '',
        '',
        s.fmt.kwhOf(wh),
        s.fmt.moneyOf(cost),
        s.fmt.moneyOf(income),
      ],
      true,
    );
    if (txs.length >= repo.MAX_TRANSACTIONS_PER_STATION) doc.moveDown().fontSize(8).text(s.say('pdf.capped'));
    doc.end();
    return done;
  }

  /**
   * The logo to print: a data: URL given by the caller, or (unless logo=false) the tenant's
   * logo_url — the logo uploaded in /config (/api/tenant-logos/…, read from its table), a data:
   * URL, a file of the web app (/logos/x.png) or an http(s) address fetched with a 3 s limit.
   * Anything unreadable or not PNG/JPEG prints the tenant name instead.
   */
  private async logo(param: AssessmentParams['logo'], tenantLogo: string | null, tenantPk: number): Promise<Buffer | null> {
    if (param === false || param === 'false') return null;
    const source = typeof param === 'string' && param.startsWith('data:') ? param : tenantLogo;
    if (!source) return null;
    let bytes: Buffer | null = null;
    try {
      if (source.startsWith('/api/tenant-logos/')) bytes = (await this.deps.tenants.uploadedLogo(tenantPk))?.bytes ?? null;
      else if (source.startsWith('data:')) bytes = decodeBase64(source);
      else if (/^https?:\/\//i.test(source)) {
        const res = await fetch(source, { signal: AbortSignal.timeout(3000) });
        if (res.ok) bytes = Buffer.from(await res.arrayBuffer());
      } else {
        const root = path.resolve(this.deps.webDist);
        const file = path.resolve(root, `.${path.posix.normalize(`/${source}`)}`);
        if (file.startsWith(root + path.sep)) bytes = await fs.readFile(file);
      }
    } catch {
      bytes = null;
    }
    if (!bytes || bytes.length > LOGO_MAX_BYTES || !photoMime(bytes)) return null;
    return bytes;
  }
}
