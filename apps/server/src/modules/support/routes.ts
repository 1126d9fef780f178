import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  contactRequestSchema,
  contactResponseSchema,
  supportListQuerySchema,
  supportListResponseSchema,
  supportMailRequestSchema,
  supportSendResponseSchema,
} from '@recarga/contracts/support';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { SupportService } from './service';

const access = { permission: '/support' } as const;
const tags = ['Support'];

/** Support mail (001 §7 `POST settings/supportMail`), the sender's own list, and the public contact form. */
export const supportRoutes: FastifyPluginAsyncZod<{ service: SupportService }> = async (app, { service }) => {
  app.post(
    '/api/settings/supportMail/',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Mail the network’s support (subject general, complaint or suggestion; message up to 255 characters); stored with its outcome',
        body: supportMailRequestSchema,
        response: { 200: supportSendResponseSchema, ...errorAnswers(400, 401, 403, 429, 502, 503) },
      },
    },
    (req) => service.send(ctxOf(req), req.body),
  );
  app.get(
    '/api/settings/supportMail/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The caller’s own support messages with their status, newest first',
        querystring: supportListQuerySchema,
        response: { 200: supportListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
  app.post(
    '/api/contact/',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary:
          'Public contact form: mailed to the support of the network of the Api-Key (or of the host), with captcha; throttled per client',
        body: contactRequestSchema,
        response: { 200: contactResponseSchema, ...errorAnswers(400, 429, 502, 503) },
      },
    },
    (req) =>
      service.contact(req.body, {
        ip: req.ip,
        apiKey: typeof req.headers['api-key'] === 'string' && req.headers['api-key'] ? req.headers['api-key'] : undefined,
        host: req.hostname.replace(/:\d+$/, '').toLowerCase(),
      }),
  );
};
