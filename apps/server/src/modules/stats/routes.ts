import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { statsInfoSchema, statsQuerySchema, statsSumsSchema } from '@recarga/contracts/stats';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { StatsService } from './service';

export const statsRoutes: FastifyPluginAsyncZod<{ service: StatsService }> = async (app, { service }) => {
  app.get(
    '/api/stats/sums/',
    {
      config: { access: { permission: '/' } },
      schema: {
        tags: ['Stats'],
        summary: 'Home dashboard totals: energy, recharges and money over a period',
        querystring: statsQuerySchema,
        response: { 200: statsSumsSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.sums(ctxOf(req), req.query),
  );
  app.get(
    '/api/stats/info/',
    {
      config: { access: { permission: '/' } },
      schema: {
        tags: ['Stats'],
        summary: 'Home dashboard counters: users registered and charging, stations by status',
        querystring: statsQuerySchema,
        response: { 200: statsInfoSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.info(ctxOf(req), req.query),
  );
};
