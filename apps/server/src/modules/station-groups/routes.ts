import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { z } from 'zod';
import {
  groupDetailResponseSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupSaveResponseSchema,
  groupSaveSchema,
} from '@recarga/contracts/station-groups';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { StationGroupService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const stationGroupRoutes: FastifyPluginAsyncZod<{ service: StationGroupService }> = async (app, { service }) => {
  // The station form picks a group too: station readers may list groups (docs/decisions-stations.md).
  app.get(
    '/api/chargepoint-groups/',
    {
      config: { access: { permission: ['/station_groups', '/stations'] } },
      schema: {
        tags: ['Station groups'],
        summary: 'The station groups in the caller’s tenant scope, paged and filtered',
        querystring: groupListQuerySchema,
        response: { 200: groupListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  app.get(
    '/api/chargepoint-groups/:id/',
    {
      config: { access: { permission: ['/station_groups', '/station_groups/edit/{id}'] } },
      schema: {
        tags: ['Station groups'],
        summary: 'One station group with its stations, for the group form',
        params: idParams,
        response: { 200: groupDetailResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/chargepoint-groups/',
    {
      config: { access: { permission: '/station_groups/create' } },
      schema: {
        tags: ['Station groups'],
        summary: 'Create a station group',
        body: groupSaveSchema,
        response: { 200: groupSaveResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/chargepoint-groups/:id/',
    {
      config: { access: { permission: '/station_groups/edit/{id}' } },
      schema: {
        tags: ['Station groups'],
        summary: 'Update a station group',
        params: idParams,
        body: groupSaveSchema,
        response: { 200: groupSaveResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
};
