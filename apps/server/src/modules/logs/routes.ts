import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { logQuerySchema, logTextSchema } from '@recarga/contracts/logs';
import { ctxOf } from '../../platform/auth/access-plugin';
import { fileAnswer } from '../../platform/openapi';
import type { LogService } from './service';

// The '/log' key, which permittedRoutes keeps only with the load-balance, monetization and voucher
// roles together (or a Terpel theme), 002 §6.
const access = { permission: '/log' as const };
// No 'Logs' tag in platform/openapi.ts yet: the log is the operations' record (see the report).
const tags = ['Logs'];

export const logRoutes: FastifyPluginAsyncZod<{ service: LogService }> = async (app, { service }) => {
  app.get(
    '/api/log/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A tenant’s operational log of one local day (today by default) as text, or “Not available”',
        querystring: logQuerySchema,
        response: {
          200: {
            description: 'One line per event: YYYY-MM-DD HH:mm:ss LEVEL [station] text',
            content: { 'text/plain': { schema: logTextSchema } },
          },
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      const text = await service.text(ctxOf(req), req.query);
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);
    },
  );
  app.get(
    '/api/log/download',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A tenant’s operational log of one local day as a .txt file',
        querystring: logQuerySchema,
        response: { 200: fileAnswer('text/plain', 'The day’s log lines'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { fileName, body } = await service.download(ctxOf(req), req.query);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
