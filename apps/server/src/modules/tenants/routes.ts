import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { tenantListResponseSchema } from '@recarga/contracts/tenants';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { TenantService } from './service';

export const tenantRoutes: FastifyPluginAsyncZod<{ service: TenantService }> = async (app, { service }) => {
  app.get(
    '/api/tenants/',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['Tenants'],
        summary: 'The tenants in the caller’s scope (their own and every tenant below it)',
        response: { 200: tenantListResponseSchema, ...errorAnswers(401) },
      },
    },
    (req) => service.list(ctxOf(req)),
  );
};
