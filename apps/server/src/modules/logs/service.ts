import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { LOG_NOT_AVAILABLE, logMessages, type LogLevel, type LogQuery } from '@recarga/contracts/logs';
import type { DB } from '../../db/db';
import type { RequestContext } from '../../platform/auth/context';
import { addDays, localInstant, type Ymd } from '../../platform/date-range';
import { badRequest, notFound } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { timeZoneOfTenant } from '../../platform/tenant-time-zone';
import { offsetMs, type Zone } from '../../platform/time-zone';
import { PHRASE_TOKEN } from './line-text';
import * as repo from './repository';

/** Lines the screen shows at most: the latest of the day (the download has them all). */
export const SCREEN_LINES = 5000;
/** Lines deleted per statement by the retention job (short transactions on a big table). */
const DELETE_CHUNK = 5000;

type Row = { at: Date | string; level: LogLevel; charge_box_id: string | null; text: string };

/** A tenant's wall-clock zone: its own, else its country's, else UTC. */
function zoneOfTenant(t: { time_zone: string | null; country: string }): Zone {
  return { kind: 'iana', name: timeZoneOfTenant(t) };
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymdText = ([y, m, d]: Ymd) => `${y}-${pad(m)}-${pad(d)}`;

function localDay(zone: Zone, at: Date): Ymd {
  const local = new Date(at.getTime() + offsetMs(zone, at.getTime()));
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

/**
 * One stored line as the tenant reads it: 'DD/MM/YYYY HH:mm:ss LEVEL [station] text' in the tenant's
 * local time ('YYYY-MM-DD' in English), its phrase tokens worded in the tenant's language. The
 * levels keep the names 001 gives them (INFO, WARN, ERROR); what a station sent stays as it sent it.
 */
export function renderLine(zone: Zone, row: Row, language: string): string {
  const ms = new Date(row.at).getTime();
  const local = new Date(ms + offsetMs(zone, ms)).toISOString();
  const [y, m, d] = [local.slice(0, 4), local.slice(5, 7), local.slice(8, 10)];
  const date = language === 'en' ? `${y}-${m}-${d}` : `${d}/${m}/${y}`;
  const station = row.charge_box_id ? ` [${row.charge_box_id}]` : '';
  const text = row.text.replace(PHRASE_TOKEN, (_, key: string) => t(language, `log.${key}`));
  return `${date} ${local.slice(11, 19)} ${row.level}${station} ${text}`;
}

/** The day of a request as an instant range in the tenant's zone. */
interface ResolvedDay {
  tenant: NonNullable<Awaited<ReturnType<typeof repo.tenantByName>>>;
  zone: Zone;
  day: string;
  from: Date;
  to: Date;
}

/**
 * The per-tenant operational log as the screen reads it (001 §2 Logs, §7): a tenant of the
 * caller's scope, one local day (today by default, or one inside the tenant's retention), as text.
 * The retention job deletes the days a tenant no longer keeps.
 */
export class LogService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async resolve(ctx: RequestContext, q: LogQuery): Promise<ResolvedDay> {
    const tenant = await repo.tenantByName(this.db, ctx.tenantScope, q.tenant);
    if (!tenant) throw notFound(logMessages.tenantNotFound, 'TENANT_NOT_FOUND');
    const zone = zoneOfTenant(tenant);
    const today = localDay(zone, this.now());
    const oldest = addDays(today, -(tenant.log_retention_days - 1));
    const day = q.day ?? ymdText(today);
    if (day > ymdText(today) || day < ymdText(oldest))
      throw badRequest(logMessages.dayOutOfRetention, { day: `Between ${ymdText(oldest)} and ${ymdText(today)}.` }, 'DAY_OUT_OF_RETENTION');
    const ymd = day.split('-').map(Number) as Ymd;
    return { tenant, zone, day, from: localInstant(zone, ...ymd), to: localInstant(zone, ...addDays(ymd, 1)) };
  }

  /** The day's text: its latest SCREEN_LINES lines in time order, or 'Not available' when it has none. */
  async text(ctx: RequestContext, q: LogQuery): Promise<string> {
    const d = await this.resolve(ctx, q);
    const rows = await repo
      .linesBetween(this.db, d.tenant.tenant_pk, d.from, d.to)
      .clearOrderBy()
      .orderBy('at', 'desc')
      .orderBy('line_pk', 'desc')
      .limit(SCREEN_LINES)
      .execute();
    if (!rows.length) return LOG_NOT_AVAILABLE;
    return rows
      .reverse()
      .map((r) => renderLine(d.zone, r, d.tenant.language))
      .join('\n');
  }

  /** The whole day as a text file, streamed from the database; 'Not available' when it has no line. */
  async download(ctx: RequestContext, q: LogQuery): Promise<{ fileName: string; body: Readable }> {
    const d = await this.resolve(ctx, q);
    const rows = repo.linesBetween(this.db, d.tenant.tenant_pk, d.from, d.to).stream(500);
    const { zone } = d;
    const { language } = d.tenant;
    async function* lines() {
      let any = false;
      for await (const r of rows) {
        any = true;
        yield `${renderLine(zone, r, language)}\n`;
      }
      if (!any) yield `${LOG_NOT_AVAILABLE}\n`;
    }
    const safe =
      (d.tenant.alias || d.tenant.name).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || `tenant-${d.tenant.tenant_pk}`;
    return { fileName: `log-${safe}-${d.day}.txt`, body: Readable.from(lines()) };
  }

  /**
   * Deletes, for every tenant, the lines of the local days it no longer keeps (today and the
   * `log_retention_days - 1` days before it stay). Answers how many lines went.
   */
  async deleteExpired(now = this.now()): Promise<number> {
    let total = 0;
    for (const t of await repo.retentionOfTenants(this.db)) {
      const zone = zoneOfTenant(t);
      const keepFrom = localInstant(zone, ...addDays(localDay(zone, now), -(t.log_retention_days - 1)));
      for (;;) {
        const n = await repo.deleteLinesBefore(this.db, t.tenant_pk, keepFrom, DELETE_CHUNK);
        total += n;
        if (n < DELETE_CHUNK) break;
      }
    }
    return total;
  }
}
