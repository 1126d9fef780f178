import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AdminHostInput,
  type AdminTenant,
  type AdminTenantCreateInput,
  type AdminTenantList,
  type AdminTenantUpdateInput,
  type AuditPage,
} from '@recarga/contracts/tenant-settings';
import { tenantSettingsMessages as msg } from '@recarga/contracts/tenant-settings-constants';
import { isThemeName } from '@recarga/contracts/themes';
import type { DB, Executor } from '../../db/db';
import { tenantModulesOf } from '../../platform/auth/access-plugin';
import type { RequestContext } from '../../platform/auth/context';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { forgetHostSettings } from '../../platform/web-app';
import * as repo from './admin-repository';
import { asAuditEntry } from './audit-entry';
import { changedFields, insertAudit, listAudit, type AuditFields } from './audit-repository';
import { tenantNotFound } from './config-service';

const invalid = (fields: Record<string, string>) => badRequest(Object.values(fields)[0]!, fields, 'VALIDATION');
const notBelow = () => forbidden(msg.notBelow, 'NOT_BELOW');
const hostNotFound = () => notFound('Unknown host.', 'HOST_NOT_FOUND');
/** The '*' row answers every address no other row names: removing or renaming it would leave those without a network. */
export const FALLBACK_HOST_MESSAGE = 'The fallback host (*) opens every address no other host names; it cannot be changed or removed here.';
const fallbackHost = () => new AppError(400, 'FALLBACK_HOST', FALLBACK_HOST_MESSAGE, { host: FALLBACK_HOST_MESSAGE });

/** Postgres' unique violation (a concurrent save took the alias or host between check and write). */
const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

const depthOf = (path: string) => path.split('/').filter(Boolean).length;

/** A tenant's editable record as the audit names its fields (the contract's paths). */
function tenantFields(t: {
  parent_tenant_pk: number | null;
  name: string;
  alias: string;
  theme: string;
  sms_enabled: boolean;
  invoicing_enabled: boolean;
  tenant_device_reader: boolean;
  station_limit: number | null;
  user_limit: number | null;
  monthly_report_limit: number | null;
  module_monetization: boolean;
  module_vouchers: boolean;
  module_smart_charging: boolean;
}): AuditFields {
  return {
    parentTenantPk: t.parent_tenant_pk,
    name: t.name,
    alias: t.alias,
    theme: t.theme,
    smsEnabled: t.sms_enabled,
    invoicingEnabled: t.invoicing_enabled,
    deviceReader: t.tenant_device_reader,
    'limits.stations': t.station_limit,
    'limits.users': t.user_limit,
    'limits.monthlyReports': t.monthly_report_limit,
    'modules.monetization': t.module_monetization,
    'modules.vouchers': t.module_vouchers,
    'modules.smartCharging': t.module_smart_charging,
  };
}

function hostFields(h: { host: string; terms_of_use_url: string | null; deep_link_host: string | null }): AuditFields {
  return { host: h.host, termsOfUseUrl: h.terms_of_use_url, deepLinkHost: h.deep_link_host };
}

/** The columns of the editable record, from a create or update body. */
function tenantValues(input: AdminTenantUpdateInput): repo.TenantUpdate {
  return {
    name: input.name,
    alias: input.alias,
    theme: input.theme,
    sms_enabled: input.smsEnabled,
    invoicing_enabled: input.invoicingEnabled,
    tenant_device_reader: input.deviceReader,
    station_limit: input.limits.stations,
    user_limit: input.limits.users,
    monthly_report_limit: input.limits.monthlyReports,
    module_monetization: input.modules.monetization,
    module_vouchers: input.modules.vouchers,
    module_smart_charging: input.modules.smartCharging,
  };
}

/**
 * Tenant administration (/admin, issue 21 item 8), for DASH_ADMIN users: the tenants of the caller's
 * scope, their plan, modules, parent, theme (only of tenants strictly below the caller's own:
 * nobody raises their own plan) and their host names (also of the caller's own tenant). Every
 * change is one transaction with its audit row.
 */
export class TenantAdminService {
  constructor(private readonly db: Kysely<DB>) {}

  async list(ctx: RequestContext): Promise<AdminTenantList> {
    return { tenants: await this.tenants(this.db, ctx, ctx.tenantScope.tenantPks) };
  }

  private async tenants(db: Executor, ctx: RequestContext, tenantPks: number[]): Promise<AdminTenant[]> {
    const [rows, hosts] = await Promise.all([repo.tenantsWithUsage(db, tenantPks), repo.hostsOf(db, tenantPks)]);
    const base = depthOf(ctx.tenantScope.path);
    return rows.map((t) => ({
      tenantPk: t.tenant_pk,
      parentTenantPk: t.parent_tenant_pk,
      depth: depthOf(t.path) - base,
      name: t.name,
      alias: t.alias,
      theme: t.theme,
      country: t.country,
      currency: t.currency,
      language: t.language,
      smsEnabled: t.sms_enabled,
      invoicingEnabled: t.invoicing_enabled,
      deviceReader: t.tenant_device_reader,
      limits: { stations: t.station_limit, users: t.user_limit, monthlyReports: t.monthly_report_limit },
      usage: { stations: Number(t.stations ?? 0), users: Number(t.users ?? 0) },
      modules: tenantModulesOf(t),
      hosts: hosts
        .filter((h) => h.tenant_pk === t.tenant_pk)
        .map((h) => ({ host: h.host, termsOfUseUrl: h.terms_of_use_url, deepLinkHost: h.deep_link_host })),
      editable: t.tenant_pk !== ctx.tenantScope.tenantPk,
      createdAt: new Date(t.created_at).toISOString(),
    }));
  }

  private async one(ctx: RequestContext, tenantPk: number): Promise<AdminTenant> {
    const [tenant] = await this.tenants(this.db, ctx, [tenantPk]);
    if (!tenant) throw tenantNotFound();
    return tenant;
  }

  /** POST /admin/tenants: a new network below one in scope, with a new api key. */
  async create(ctx: RequestContext, input: AdminTenantCreateInput): Promise<AdminTenant> {
    const scopePath = ctx.tenantScope.path;
    let tenantPk: number;
    try {
      tenantPk = await this.db.transaction().execute(async (trx) => {
        const parent = await repo.pathInScope(trx, input.parentTenantPk, scopePath);
        const fields: Record<string, string> = {};
        if (!parent) fields.parentTenantPk = msg.parentInvalid;
        if (!isThemeName(input.theme)) fields.theme = msg.themeInvalid;
        if (await repo.aliasTaken(trx, input.alias, null)) fields.alias = msg.aliasTaken;
        if (Object.keys(fields).length) throw invalid(fields);
        const values = tenantValues(input);
        const pk = await repo.insertTenant(
          trx,
          {
            ...values,
            parent_tenant_pk: parent!.tenant_pk,
            country: input.country,
            currency: input.currency,
            language: input.language,
            api_key: randomBytes(18).toString('base64url'),
          },
          parent!.path,
        );
        await insertAudit(trx, {
          tenantPk: pk,
          userPk: ctx.user.userPk,
          area: 'admin',
          action: 'tenant.create',
          before: null,
          after: {
            ...tenantFields({ ...values, parent_tenant_pk: parent!.tenant_pk }),
            country: input.country,
            currency: input.currency,
            language: input.language,
          },
        });
        return pk;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ alias: msg.aliasTaken });
      throw err;
    }
    return this.one(ctx, tenantPk);
  }

  /**
   * PUT /admin/tenants/{pk}: the whole editable record of a tenant strictly below the caller's own.
   * A new parent (in scope, not the tenant nor one below it) moves the tenant with its subtree.
   */
  async update(ctx: RequestContext, tenantPk: number, input: AdminTenantUpdateInput): Promise<AdminTenant> {
    const scope = ctx.tenantScope;
    if (!scope.tenantPks.includes(tenantPk)) throw tenantNotFound();
    if (tenantPk === scope.tenantPk) throw notBelow();
    let themeChanged = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        // Every update takes the tree lock first (updates are rare): two crossing moves cannot make
        // a cycle, and the paths read below are the committed ones.
        await repo.lockTree(trx);
        const current = await repo.lockTenant(trx, tenantPk, scope.path);
        if (!current) throw tenantNotFound();

        const fields: Record<string, string> = {};
        let newPath: string | null = null;
        if (input.parentTenantPk !== current.parent_tenant_pk) {
          const parent = await repo.pathInScope(trx, input.parentTenantPk, scope.path);
          if (!parent || parent.path.startsWith(current.path)) fields.parentTenantPk = msg.parentInvalid;
          else newPath = `${parent.path}${tenantPk}/`;
        }
        if (!isThemeName(input.theme)) fields.theme = msg.themeInvalid;
        if (await repo.aliasTaken(trx, input.alias, tenantPk)) fields.alias = msg.aliasTaken;
        if (Object.keys(fields).length) throw invalid(fields);

        const values = tenantValues(input);
        const diff = changedFields(tenantFields(current), tenantFields({ ...values, parent_tenant_pk: input.parentTenantPk }));
        if (!diff) return;
        await repo.updateTenant(trx, tenantPk, values);
        if (newPath !== null) await repo.moveSubtree(trx, tenantPk, input.parentTenantPk, current.path, newPath);
        await insertAudit(trx, { tenantPk, userPk: ctx.user.userPk, area: 'admin', action: 'tenant.update', ...diff });
        themeChanged = 'theme' in diff.after;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ alias: msg.aliasTaken });
      throw err;
    }
    if (themeChanged) forgetHostSettings();
    return this.one(ctx, tenantPk);
  }

  /** A tenant of the scope, the caller's own included, for its host names. */
  private requireInScope(ctx: RequestContext, tenantPk: number) {
    if (!ctx.tenantScope.tenantPks.includes(tenantPk)) throw tenantNotFound();
  }

  /** POST /admin/tenants/{pk}/hosts: a host name (unique across all networks) that opens this network. */
  async addHost(ctx: RequestContext, tenantPk: number, input: AdminHostInput): Promise<AdminTenant> {
    this.requireInScope(ctx, tenantPk);
    try {
      await this.db.transaction().execute(async (trx) => {
        const row = { host: input.host, tenant_pk: tenantPk, terms_of_use_url: input.termsOfUseUrl, deep_link_host: input.deepLinkHost };
        if (!(await repo.insertHost(trx, row))) throw invalid({ host: msg.hostTaken });
        await insertAudit(trx, {
          tenantPk,
          userPk: ctx.user.userPk,
          area: 'admin',
          action: 'host.add',
          before: null,
          after: hostFields(row),
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ host: msg.hostTaken });
      throw err;
    }
    forgetHostSettings();
    return this.one(ctx, tenantPk);
  }

  /** PUT /admin/tenants/{pk}/hosts/{host}: rename it, or change its terms of use or deep-link host. */
  async updateHost(ctx: RequestContext, tenantPk: number, host: string, input: AdminHostInput): Promise<AdminTenant> {
    this.requireInScope(ctx, tenantPk);
    if (host === '*') throw fallbackHost();
    let changed = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        const current = await repo.hostRow(trx, host);
        if (!current || current.tenant_pk !== tenantPk) throw hostNotFound();
        const next = { host: input.host, terms_of_use_url: input.termsOfUseUrl, deep_link_host: input.deepLinkHost };
        const diff = changedFields(hostFields(current), hostFields(next));
        if (!diff) return;
        if (input.host !== host && (await repo.hostRow(trx, input.host))) throw invalid({ host: msg.hostTaken });
        await repo.updateHost(trx, host, next);
        await insertAudit(trx, { tenantPk, userPk: ctx.user.userPk, area: 'admin', action: 'host.update', ...diff });
        changed = true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw invalid({ host: msg.hostTaken });
      throw err;
    }
    if (changed) forgetHostSettings();
    return this.one(ctx, tenantPk);
  }

  /** DELETE /admin/tenants/{pk}/hosts/{host}: the address no longer opens this network ('*' stays). */
  async deleteHost(ctx: RequestContext, tenantPk: number, host: string): Promise<AdminTenant> {
    this.requireInScope(ctx, tenantPk);
    if (host === '*') throw fallbackHost();
    await this.db.transaction().execute(async (trx) => {
      const current = await repo.hostRow(trx, host);
      if (!current || current.tenant_pk !== tenantPk) throw hostNotFound();
      await repo.deleteHost(trx, host);
      await insertAudit(trx, {
        tenantPk,
        userPk: ctx.user.userPk,
        area: 'admin',
        action: 'host.delete',
        before: hostFields(current),
        after: null,
      });
    });
    forgetHostSettings();
    return this.one(ctx, tenantPk);
  }

  /** GET /admin/audit: the changes of one tenant in scope, or of all of them, newest first. */
  async audit(ctx: RequestContext, q: { tenant?: number; page: number }): Promise<AuditPage> {
    if (q.tenant !== undefined) this.requireInScope(ctx, q.tenant);
    const { rows, count } = await listAudit(this.db, q.tenant !== undefined ? [q.tenant] : ctx.tenantScope.tenantPks, q.page);
    return { results: rows.map(asAuditEntry), count };
  }
}
