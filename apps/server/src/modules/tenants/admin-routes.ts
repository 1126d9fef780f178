import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { roles } from '@recarga/contracts/permissions';
import {
  adminHostParamsSchema,
  adminHostSchema,
  adminTenantCreateSchema,
  adminTenantListSchema,
  adminTenantParamsSchema,
  adminTenantSchema,
  adminTenantUpdateSchema,
  auditPageSchema,
  auditQuerySchema,
} from '@recarga/contracts/tenant-settings';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { TenantAdminService } from './admin-service';

const access = { permission: '/admin', role: roles.admin } as const;
const tags = ['Tenant administration'];
const tenantAnswer = { 200: adminTenantSchema, ...errorAnswers(400, 401, 403, 404) };

/** The host of the address: a host name, or the '*' fallback row (which the service refuses to change, saying so). */
const hostParams = adminHostParamsSchema.extend({ host: z.union([z.literal('*'), adminHostParamsSchema.shape.host]) });

/** Tenant administration (/admin): permission '/admin' and role DASH_ADMIN on every call. */
export const adminRoutes: FastifyPluginAsyncZod<{ service: TenantAdminService }> = async (app, { service }) => {
  app.get(
    '/api/admin/tenants',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The caller’s tenant and every tenant below it (parents first): plan, use, modules, hosts',
        response: { 200: adminTenantListSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => service.list(ctxOf(req)),
  );
  app.post(
    '/api/admin/tenants',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a network below one in scope (alias unique, a known theme, a new api key); audited',
        body: adminTenantCreateSchema,
        response: tenantAnswer,
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );
  app.put(
    '/api/admin/tenants/:tenantPk',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a network strictly below the caller’s own (plan, modules, theme; a new parent moves its subtree); audited',
        params: adminTenantParamsSchema,
        body: adminTenantUpdateSchema,
        response: tenantAnswer,
      },
    },
    (req) => service.update(ctxOf(req), req.params.tenantPk, req.body),
  );
  app.post(
    '/api/admin/tenants/:tenantPk/hosts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add a host name that opens the network’s brand (unique across networks); audited',
        params: adminTenantParamsSchema,
        body: adminHostSchema,
        response: tenantAnswer,
      },
    },
    (req) => service.addHost(ctxOf(req), req.params.tenantPk, req.body),
  );
  app.put(
    '/api/admin/tenants/:tenantPk/hosts/:host',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Rename a host or change its terms of use and deep-link host (not the * fallback); audited',
        params: hostParams,
        body: adminHostSchema,
        response: tenantAnswer,
      },
    },
    (req) => service.updateHost(ctxOf(req), req.params.tenantPk, req.params.host, req.body),
  );
  app.delete(
    '/api/admin/tenants/:tenantPk/hosts/:host',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove a host name of the network (not the * fallback); audited',
        params: hostParams,
        response: tenantAnswer,
      },
    },
    (req) => service.deleteHost(ctxOf(req), req.params.tenantPk, req.params.host),
  );
  app.get(
    '/api/admin/audit',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The change history of one network in scope, or of all of them, newest first, 10 a page',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.audit(ctxOf(req), req.query),
  );
};
