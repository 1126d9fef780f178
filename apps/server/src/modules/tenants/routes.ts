import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantListResponseSchema } from '@recarga/contracts/tenants';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { TenantService } from './service';

export const tenantRoutes: FastifyPluginAsyncZod<{ service: TenantService }> = async (app, { service }) => {
  app.get(
    '/api/tenants/',
    { config: { access: { authenticated: true } }, schema: { tags: ['tenants'], response: { 200: tenantListResponseSchema } } },
    (req) => service.list(ctxOf(req)),
  );
};
