import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { applyTenantModules, permittedRoutes, roles } from '@recarga/contracts/permissions';
import type { PermissionEntry } from '@recarga/contracts/auth';
import type { TenantModules } from '@recarga/contracts/tenant-settings-constants';
import type { DB } from '../../db/db';
import { forbidden, unauthorized } from '../errors';
import type { Access, RequestContext } from './context';
import type { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  interface FastifyInstance {
    /** Every protected-prefix route with its access rule, for audits and tests. */
    accessRules: { method: string; url: string; access: Access | undefined }[];
  }
}

const PROTECTED = /^\/(api|gateway|smart)(\/|$)/;

/** A tenant row's module switches (migration 0030), as contracts/permissions `applyTenantModules` takes them. */
export function tenantModulesOf(row: {
  module_monetization: boolean;
  module_vouchers: boolean;
  module_smart_charging: boolean;
}): TenantModules {
  return { monetization: row.module_monetization, vouchers: row.module_vouchers, smartCharging: row.module_smart_charging };
}

/** Loads the context of a valid, unrevoked, unexpired session; null otherwise. */
export async function loadContext(db: Kysely<DB>, signer: TokenSigner, token: string): Promise<RequestContext | null> {
  const sessionId = signer.verify(token);
  if (!sessionId || !/^[0-9a-f-]{36}$/.test(sessionId)) return null;
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.user_pk', 's.user_pk')
    .innerJoin('tenants as t', 't.tenant_pk', 'u.tenant_pk')
    .select([
      'u.user_pk',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.tenant_pk',
      'u.active',
      't.theme',
      't.path',
      't.module_monetization',
      't.module_vouchers',
      't.module_smart_charging',
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('access_profile_entries as e')
            .select(['e.route', 'e.role_id', 'e.status'])
            .whereRef('e.profile_pk', '=', 'u.profile_pk')
            .orderBy('e.entry_pk'),
        ).as('permissions'),
      sql<number[]>`(select array_agg(d.tenant_pk order by d.tenant_pk) from tenants d where d.path like t.path || '%')`.as('tenant_pks'),
    ])
    .where('s.session_id', '=', sessionId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || !row.active) return null;
  // A module the tenant has switched off grants nothing: its routes and roles are dropped before
  // the route filter reads them (so the Terpel exception cannot bring it back).
  const permissions: PermissionEntry[] = applyTenantModules(
    row.permissions.map((p) => ({
      ...(p.route != null ? { route: p.route } : {}),
      ...(p.role_id != null ? { role_id: p.role_id } : {}),
      status: p.status,
    })),
    tenantModulesOf(row),
  );
  const roleIds = new Set(permissions.filter((p) => p.status && p.role_id).map((p) => p.role_id!));
  return {
    sessionId,
    user: {
      userPk: row.user_pk,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      tenantPk: row.tenant_pk,
      theme: row.theme,
      permissions,
      permitted: permittedRoutes(permissions, row.theme),
      roles: roleIds,
    },
    tenantScope: {
      tenantPk: row.tenant_pk,
      path: row.path,
      tenantPks: (row.tenant_pks ?? []).map(Number),
      // A station owner sees only the stations they own (docs/decisions.md, "Station owners").
      ownerUserPk: roleIds.has(roles.stationOwner) ? row.user_pk : null,
    },
  };
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header);
  return m ? m[1]!.trim() : null;
}

/** True when the context satisfies the route's access rule. */
export function allows(access: Access, ctx: RequestContext | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if ('public' in access) return 'ok';
  if (!ctx) return 'unauthenticated';
  if ('authenticated' in access) return 'ok';
  const keys = Array.isArray(access.permission) ? access.permission : [access.permission];
  if (!keys.some((k) => ctx.user.permitted.has(k))) return 'forbidden';
  if (access.role && !ctx.user.roles.has(access.role)) return 'forbidden';
  return 'ok';
}

/**
 * Authentication and authorisation for /api, /gateway and /smart, default deny: a route without
 * an `access` rule answers 403 to everyone, and every other rule is checked here, before the
 * handler runs. Handlers read `req.ctx` (never null behind a non-public rule).
 */
export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Kysely<DB>; signer: TokenSigner }) => {
  app.decorateRequest('ctx', null);
  const rules: FastifyInstance['accessRules'] = [];
  app.decorate('accessRules', rules);
  app.addHook('onRoute', (route) => {
    if (!PROTECTED.test(route.url)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      rules.push({ method, url: route.url, access: route.config?.access });
    }
  });
  app.addHook('onRequest', async (req) => {
    // The route the router matched, never the raw URL: the router decodes percent-encoded paths
    // (`/%61pi/...` matches `/api/...`), so a check on the raw URL could be walked around.
    // Unknown paths fall through to the 404 handler.
    const route = req.routeOptions.url;
    if (route === undefined || !PROTECTED.test(route)) return;
    const access = req.routeOptions.config?.access;
    const token = bearerToken(req);
    if (token) req.ctx = await loadContext(opts.db, opts.signer, token);
    // A known route without a rule is denied.
    if (!access) throw forbidden('This call is not open to anyone', 'NO_ACCESS_RULE');
    const verdict = allows(access, req.ctx);
    if (verdict === 'unauthenticated') throw unauthorized(token ? 'Session expired or invalid' : 'Authentication required');
    if (verdict === 'forbidden') throw forbidden();
  });
});

/** The context of a request behind a non-public rule. */
export function ctxOf(req: FastifyRequest): RequestContext {
  if (!req.ctx) throw unauthorized();
  return req.ctx;
}
