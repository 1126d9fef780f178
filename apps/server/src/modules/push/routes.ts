import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { pushListQuerySchema, pushListResponseSchema, pushRequestSchema, pushSendResponseSchema } from '@recarga/contracts/push';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { PushService } from './service';

const access = { permission: '/push_notification' } as const;
const tags = ['Push notifications'];

/** Push notifications (001 §7 `POST push-notification`) and the network's sent list. */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  app.post(
    '/api/push-notification/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send a push notification (up to 255 characters) to the app users of the caller’s network with a registered device',
        body: pushRequestSchema,
        response: { 200: pushSendResponseSchema, ...errorAnswers(400, 401, 403, 422, 502) },
      },
    },
    (req) => service.send(ctxOf(req), req.body),
  );
  app.get(
    '/api/push-notification/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The push notifications of the caller’s network, newest first, with their outcome',
        querystring: pushListQuerySchema,
        response: { 200: pushListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
};
