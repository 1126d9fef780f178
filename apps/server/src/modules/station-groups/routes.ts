import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
      schema: { tags: ['station groups'], querystring: groupListQuerySchema, response: { 200: groupListResponseSchema } },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  app.get(
    '/api/chargepoint-groups/:id/',
    {
      config: { access: { permission: ['/station_groups', '/station_groups/edit/{id}'] } },
      schema: { tags: ['station groups'], params: idParams, response: { 200: groupDetailResponseSchema } },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/chargepoint-groups/',
    {
      config: { access: { permission: '/station_groups/create' } },
      schema: { tags: ['station groups'], body: groupSaveSchema, response: { 200: groupSaveResponseSchema } },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/chargepoint-groups/:id/',
    {
      config: { access: { permission: '/station_groups/edit/{id}' } },
      schema: { tags: ['station groups'], params: idParams, body: groupSaveSchema, response: { 200: groupSaveResponseSchema } },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
};
