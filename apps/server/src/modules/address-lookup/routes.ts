import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { cepResponseSchema, geocodeQuerySchema, geocodeResponseSchema } from '@recarga/contracts/stations';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { AddressLookupService } from './service';

/** Who fills an address: station and group editors. */
const EDITORS: DashboardRoute[] = ['/stations/create', '/stations/edit/{id}', '/station_groups/create', '/station_groups/edit/{id}'];

export const addressLookupRoutes: FastifyPluginAsyncZod<{ service: AddressLookupService }> = async (app, { service }) => {
  app.get(
    '/api/users_data/ceps/:zip/',
    {
      config: { access: { permission: EDITORS } },
      schema: {
        tags: ['Address lookup'],
        summary: 'Look up a Brazilian postal code (CEP): street, district, city and state',
        params: z.object({ zip: z.string().max(20) }),
        response: { 200: cepResponseSchema, ...errorAnswers(400, 401, 403, 404, 502) },
      },
    },
    (req) => service.cepLookup(ctxOf(req), req.params.zip),
  );

  app.get(
    '/api/geocode/',
    {
      config: { access: { permission: EDITORS } },
      schema: {
        tags: ['Address lookup'],
        summary: 'Geocode an address to latitude and longitude',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, ...errorAnswers(400, 401, 403, 404, 502) },
      },
    },
    (req) => service.geocode(ctxOf(req), req.query),
  );
};
