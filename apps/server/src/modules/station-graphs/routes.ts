import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { graphsQuerySchema, graphsResponseSchema } from '@recarga/contracts/station-graphs';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { StationGraphService } from './service';

export const stationGraphRoutes: FastifyPluginAsyncZod<{ service: StationGraphService }> = async (app, { service }) => {
  app.get(
    '/api/stations/dashboard/graphs/',
    {
      config: { access: { permission: ['/indicators', '/stations', '/'] } },
      schema: { tags: ['station graphs'], querystring: graphsQuerySchema, response: { 200: graphsResponseSchema } },
    },
    (req) => service.graphs(ctxOf(req), req.query),
  );
};
