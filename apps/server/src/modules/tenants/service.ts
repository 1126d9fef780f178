import type { Kysely } from 'kysely';
import { stationMessages } from '@recarga/contracts/stations';
import type { TenantListResponse } from '@recarga/contracts/tenants';
import type { DB } from '../../db/db';
import type { ReportKind } from '../../db/schema-stations';
import { monthStart } from '../../db/sql/month-start';
import type { RequestContext } from '../../platform/auth/context';
import { AppError } from '../../platform/errors';
import { logoOf } from './config-repository';
import * as repo from './repository';

const reportLimitReached = () =>
  new AppError(403, 'REPORT_LIMIT', `${stationMessages.reportLimit} Faça um upgrade para um plano superior para baixar mais relatórios.`);

export class TenantService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The signed-in user's tenant and every tenant below it. */
  async list(ctx: RequestContext): Promise<TenantListResponse> {
    const rows = await repo.listTenants(this.db, ctx.tenantScope);
    return { tenantList: rows.map(({ api_key, ...t }) => ({ ...t, apiKey: api_key })) };
  }

  /**
   * Counts a report or export download against the tenant's plan: at most `monthly_report_limit`
   * per calendar month (UTC) for the whole tenant; 403 REPORT_LIMIT once it is reached.
   */
  async reserveReportDownload(ctx: RequestContext, kind: ReportKind): Promise<void> {
    const since = await monthStart(this.db, 'UTC');
    if (!(await repo.reserveDownload(this.db, ctx.tenantScope.tenantPk, ctx.user.userPk, kind, since))) throw reportLimitReached();
  }

  /** The logo a network uploaded in /config (its bytes and media type), or undefined. */
  uploadedLogo(tenantPk: number) {
    return logoOf(this.db, tenantPk);
  }
}
