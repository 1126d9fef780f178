import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { graphsQuerySchema, graphsResponseSchema } from '@recarga/contracts/station-graphs';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { StationGraphService } from './service';

export const stationGraphRoutes: FastifyPluginAsyncZod<{ service: StationGraphService }> = async (app, { service }) => {
  app.get(
    '/api/stations/dashboard/graphs/',
    {
      config: { access: { permission: ['/indicators', '/stations', '/'] } },
      schema: {
        tags: ['Station graphs'],
        summary: 'Charts of the station dashboard over 7, 28 or 365 days, for all stations, one station or one driver',
        querystring: graphsQuerySchema,
        response: { 200: graphsResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.graphs(ctxOf(req), req.query),
  );
};
