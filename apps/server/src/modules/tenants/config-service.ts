import type { Kysely } from 'kysely';
import { gridFactorFor } from '@recarga/contracts/stats';
import {
  type AuditPage,
  type PushCredentialsUpload,
  type TenantLogoUpload,
  type TenantSettings,
  type TenantSettingsQuery,
  type TenantSettingsUpdateInput,
} from '@recarga/contracts/tenant-settings';
import { tenantSettingsMessages as msg } from '@recarga/contracts/tenant-settings-constants';
import { getTheme } from '@recarga/contracts/themes';
import type { DB, Executor } from '../../db/db';
import { monthStart } from '../../db/sql/month-start';
import { tenantModulesOf } from '../../platform/auth/access-plugin';
import type { RequestContext } from '../../platform/auth/context';
import { tenantInScope } from '../../platform/auth/tenant-in-scope';
import { badRequest, notFound } from '../../platform/errors';
import { forgetHostSettings } from '../../platform/web-app';
import { changedFields, insertAudit, listAudit, SECRET, type AuditFields } from './audit-repository';
import { asAuditEntry } from './audit-entry';
import * as repo from './config-repository';
import { checkLogo, logoPath } from './logo-image';
import { parseServiceAccount } from './push-credentials';

/**
 * The QR token of a network's connector QR codes (kept by the qrcode module, which plugs itself in
 * at start-up: it is registered after this one). Both take the executor of the caller's transaction.
 */
export interface QrTokens {
  tokenOf(tenantPk: number, db?: Executor): Promise<string | null>;
  rotateToken(tenantPk: number, db?: Executor): Promise<{ before: string | null; after: string }>;
}

/** A network's own FCM service account, for its pushes. */
export interface TenantPushAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  /** The stored JSON: changes when the account is replaced (a provider built from it is kept until then). */
  key: string;
}

export const tenantNotFound = () => notFound('Unknown network.', 'TENANT_NOT_FOUND');

/** The /config fields as the contract names them, for the audit. */
function settingsFields(t: repo.SettingsValues): AuditFields {
  return {
    brandName: t.brand_name,
    primaryColor: t.primary_color,
    darkColor: t.dark_color,
    termsOfUseUrl: t.terms_of_use_url,
    supportEmail: t.support_email,
    co2Factor: t.grid_co2_kg_per_kwh,
    timeZone: t.time_zone,
    logRetentionDays: t.log_retention_days,
  };
}

/** Fields whose change alters what the web app's start-up headers carry for the network's hosts. */
const BRAND_FIELDS = ['brandName', 'primaryColor', 'darkColor', 'termsOfUseUrl'];

/**
 * A network's own settings (/config, issue 21 item 8): the caller's tenant or one in its scope.
 * Every write is one transaction that locks the tenant row, compares with what it holds, changes
 * it and records the audit row (only the fields that changed; none when nothing did).
 */
export class TenantSettingsService {
  private qr: QrTokens | null = null;

  constructor(private readonly db: Kysely<DB>) {}

  /** The qrcode module hands over its token store when it starts. */
  useQrTokens(qr: QrTokens): void {
    this.qr = qr;
  }

  private qrTokens(): QrTokens {
    if (!this.qr) throw new Error('tenant settings: the qrcode module has not registered its QR tokens');
    return this.qr;
  }

  /** The tenant a call is about: `?tenant=` when in scope (404 otherwise), else the caller's own. */
  private async tenantOf(ctx: RequestContext, tenantPk: number | undefined): Promise<number> {
    const tenant = await tenantInScope(this.db, ctx.tenantScope, tenantPk ?? ctx.tenantScope.tenantPk, ['tenant_pk']);
    if (!tenant) throw tenantNotFound();
    return tenant.tenant_pk;
  }

  async get(ctx: RequestContext, q: TenantSettingsQuery): Promise<TenantSettings> {
    return this.read(await this.tenantOf(ctx, q.tenant));
  }

  private async read(tenantPk: number): Promise<TenantSettings> {
    const since = await monthStart(this.db, 'UTC');
    const [t, push, usage, qrToken] = await Promise.all([
      repo.settingsRow(this.db, tenantPk),
      repo.pushCredentialsInfo(this.db, tenantPk),
      repo.usage(this.db, tenantPk, since),
      this.qrTokens().tokenOf(tenantPk),
    ]);
    const palette = getTheme(t.theme).palette;
    return {
      tenantPk: t.tenant_pk,
      name: t.name,
      theme: t.theme,
      country: t.country,
      currency: t.currency,
      language: t.language,
      brandName: t.brand_name,
      logoUrl: t.logo_url,
      primaryColor: t.primary_color,
      darkColor: t.dark_color,
      themeColors: { primary: palette.primary, dark: palette.brandDark },
      termsOfUseUrl: t.terms_of_use_url,
      supportEmail: t.support_email,
      qrToken,
      push: { configured: push !== undefined, projectId: push?.project_id ?? null, clientEmail: push?.client_email ?? null },
      co2Factor: t.grid_co2_kg_per_kwh,
      co2FactorDefault: gridFactorFor(t.country).kgCo2PerKwh,
      timeZone: t.time_zone,
      logRetentionDays: t.log_retention_days,
      limits: { stations: t.station_limit, users: t.user_limit, monthlyReports: t.monthly_report_limit },
      usage,
      modules: tenantModulesOf(t),
    };
  }

  /** PUT /config: every editable field at once (last write wins; each audit row holds what it replaced). */
  async update(ctx: RequestContext, q: TenantSettingsQuery, input: TenantSettingsUpdateInput): Promise<TenantSettings> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    const values: repo.SettingsValues = {
      brand_name: input.brandName || null,
      primary_color: input.primaryColor,
      dark_color: input.darkColor,
      terms_of_use_url: input.termsOfUseUrl,
      support_email: input.supportEmail,
      grid_co2_kg_per_kwh: input.co2Factor,
      time_zone: input.timeZone,
      log_retention_days: input.logRetentionDays,
    };
    const changed = await this.db.transaction().execute(async (trx) => {
      const current = await repo.lockSettings(trx, tenantPk);
      const diff = changedFields(settingsFields(current), settingsFields(values));
      if (!diff) return null;
      await repo.updateSettings(trx, tenantPk, values);
      await insertAudit(trx, { tenantPk, userPk: ctx.user.userPk, area: 'config', action: 'settings.update', ...diff });
      return diff;
    });
    if (changed && BRAND_FIELDS.some((f) => f in changed.after)) forgetHostSettings();
    return this.read(tenantPk);
  }

  /** PUT /config/logo: a PNG, JPEG or WebP (by its bytes) of at most LOGO_MAX_BYTES; a new address per image. */
  async putLogo(ctx: RequestContext, q: TenantSettingsQuery, input: TenantLogoUpload): Promise<TenantSettings> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    const logo = checkLogo(input.dataUrl);
    if (!logo.ok) {
      const text = logo.reason === 'size' ? msg.logoTooLarge : msg.logoType;
      throw badRequest(text, { dataUrl: text }, 'VALIDATION');
    }
    const url = logoPath(tenantPk, logo.version);
    const changed = await this.db.transaction().execute(async (trx) => {
      const current = await repo.lockSettings(trx, tenantPk);
      const stored = await repo.logoVersion(trx, tenantPk);
      if (current.logo_url === url && stored?.version === logo.version) return false;
      await repo.saveLogo(trx, tenantPk, { mediaType: logo.mediaType, bytes: logo.bytes, version: logo.version, url });
      await insertAudit(trx, {
        tenantPk,
        userPk: ctx.user.userPk,
        area: 'config',
        action: 'logo.update',
        before: { logoUrl: current.logo_url },
        after: { logoUrl: url },
      });
      return true;
    });
    if (changed) forgetHostSettings();
    return this.read(tenantPk);
  }

  /** DELETE /config/logo: back to the theme's logo. */
  async deleteLogo(ctx: RequestContext, q: TenantSettingsQuery): Promise<TenantSettings> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    const changed = await this.db.transaction().execute(async (trx) => {
      const current = await repo.lockSettings(trx, tenantPk);
      const stored = await repo.logoVersion(trx, tenantPk);
      if (current.logo_url === null && !stored) return false;
      await repo.deleteLogo(trx, tenantPk);
      if (current.logo_url !== null) {
        await insertAudit(trx, {
          tenantPk,
          userPk: ctx.user.userPk,
          area: 'config',
          action: 'logo.delete',
          before: { logoUrl: current.logo_url },
          after: { logoUrl: null },
        });
      }
      return true;
    });
    if (changed) forgetHostSettings();
    return this.read(tenantPk);
  }

  /** The public address's image: this tenant's logo of this version, or undefined. */
  logo(tenantPk: number, version: string) {
    return repo.logoOf(this.db, tenantPk, version);
  }

  /** PUT /config/push-credentials: the network's Firebase service account; its key is never answered. */
  async putPushCredentials(ctx: RequestContext, q: TenantSettingsQuery, input: PushCredentialsUpload): Promise<TenantSettings> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    const account = parseServiceAccount(input.serviceAccountJson);
    if (!account) throw badRequest(msg.pushCredentialsInvalid, { serviceAccountJson: msg.pushCredentialsInvalid }, 'VALIDATION');
    await this.db.transaction().execute(async (trx) => {
      await repo.lockSettings(trx, tenantPk);
      const current = await repo.pushCredentials(trx, tenantPk);
      const diff = changedFields(
        {
          projectId: current?.project_id ?? null,
          clientEmail: current?.client_email ?? null,
          serviceAccount: current ? current.service_account : null,
        },
        { projectId: account.projectId, clientEmail: account.clientEmail, serviceAccount: account.json },
      );
      if (!diff) return;
      await repo.savePushCredentials(trx, tenantPk, {
        serviceAccount: account.json,
        projectId: account.projectId,
        clientEmail: account.clientEmail,
      });
      await insertAudit(trx, {
        tenantPk,
        userPk: ctx.user.userPk,
        area: 'config',
        action: 'push-credentials.update',
        before: maskAccount(diff.before),
        after: maskAccount(diff.after),
      });
    });
    return this.read(tenantPk);
  }

  /** DELETE /config/push-credentials: the network's pushes go through the server's provider again. */
  async deletePushCredentials(ctx: RequestContext, q: TenantSettingsQuery): Promise<TenantSettings> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    await this.db.transaction().execute(async (trx) => {
      await repo.lockSettings(trx, tenantPk);
      const current = await repo.pushCredentials(trx, tenantPk);
      if (!current) return;
      await repo.deletePushCredentials(trx, tenantPk);
      await insertAudit(trx, {
        tenantPk,
        userPk: ctx.user.userPk,
        area: 'config',
        action: 'push-credentials.delete',
        before: { projectId: current.project_id, clientEmail: current.client_email, serviceAccount: SECRET },
        after: { projectId: null, clientEmail: null, serviceAccount: null },
      });
    });
    return this.read(tenantPk);
  }

  /** The account a network's pushes use, or null (the server's provider then). */
  async pushAccountOf(tenantPk: number): Promise<TenantPushAccount | null> {
    const row = await repo.pushCredentials(this.db, tenantPk);
    if (!row) return null;
    const json = JSON.parse(row.service_account) as { private_key: string };
    return { project_id: row.project_id, client_email: row.client_email, private_key: json.private_key, key: row.service_account };
  }

  /** POST /config/qr-token: a new token; QR codes printed with the old one stop working. */
  async rotateQrToken(ctx: RequestContext, q: TenantSettingsQuery): Promise<{ qrToken: string }> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    return this.db.transaction().execute(async (trx) => {
      await repo.lockSettings(trx, tenantPk);
      const { before, after } = await this.qrTokens().rotateToken(tenantPk, trx);
      await insertAudit(trx, {
        tenantPk,
        userPk: ctx.user.userPk,
        area: 'config',
        action: 'qr-token.rotate',
        before: { qrToken: before === null ? null : SECRET },
        after: { qrToken: SECRET },
      });
      return { qrToken: after };
    });
  }

  /** GET /config/audit: the changes of the network (its settings and what administrators changed of it), newest first. */
  async audit(ctx: RequestContext, q: { tenant?: number; page: number }): Promise<AuditPage> {
    const tenantPk = await this.tenantOf(ctx, q.tenant);
    const { rows, count } = await listAudit(this.db, [tenantPk], q.page);
    return { results: rows.map(asAuditEntry), count };
  }
}

/** The service account's JSON as a changed field shows it: that it changed, never its content. */
function maskAccount(fields: AuditFields): AuditFields {
  return 'serviceAccount' in fields ? { ...fields, serviceAccount: fields.serviceAccount === null ? null : SECRET } : fields;
}
