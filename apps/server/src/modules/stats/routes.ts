import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statsInfoSchema, statsQuerySchema, statsSumsSchema } from '@recarga/contracts/stats';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { StatsService } from './service';

export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (app, { service }) => {
  app.get(
    '/api/stats/sums/',
    {
      config: { access: { permission: '/' } },
      schema: { tags: ['stats'], querystring: statsQuerySchema, response: { 200: statsSumsSchema } },
    },
    (req) => service.sums(ctxOf(req), req.query),
  );
  app.get(
    '/api/stats/info/',
    {
      config: { access: { permission: '/' } },
      schema: { tags: ['stats'], querystring: statsQuerySchema, response: { 200: statsInfoSchema } },
    },
    (req) => service.info(ctxOf(req), req.query),
  );
};
