import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  PLUG_SHARE_MAX_FILE,
  plugShareImportQuerySchema,
  plugShareImportResponseSchema,
  plugSharePointListQuerySchema,
  plugSharePointListResponseSchema,
} from '@recarga/contracts/stats';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { PlugShareService } from './service';

/**
 * POST chargepoints/plug-share/import: the CSV file is the request body (text/csv or text/plain, UTF-8).
 * GET chargepoints/plug-share: the points one tenant holds now (the import screen's list).
 */
export const plugShareRoutes: FastifyPluginAsyncZod<{ service: PlugShareService }> = async (app, { service }) => {
  // Encapsulated: only this plugin's routes read text/csv bodies.
  app.addContentTypeParser(['text/csv', 'application/csv'], { parseAs: 'string', bodyLimit: PLUG_SHARE_MAX_FILE }, (_req, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/chargepoints/plug-share/import/',
    {
      bodyLimit: PLUG_SHARE_MAX_FILE,
      config: { access: { permission: '/stations/create' } },
      schema: {
        tags: ['Plug share'],
        summary: 'Import third-party charge points (origin PLUG_SHARE) from a CSV file',
        consumes: ['text/csv', 'text/plain'],
        querystring: plugShareImportQuerySchema,
        body: z.string(),
        response: { 200: plugShareImportResponseSchema, ...errorAnswers(400, 401, 403, 413) },
      },
    },
    (req) => service.import(ctxOf(req), req.query, req.body),
  );
  app.get(
    '/api/chargepoints/plug-share/',
    {
      config: { access: { permission: '/stations/create' } },
      schema: {
        tags: ['Plug share'],
        summary: 'The third-party charge points (origin PLUG_SHARE) of one tenant, as imported',
        querystring: plugSharePointListQuerySchema,
        response: { 200: plugSharePointListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
};
