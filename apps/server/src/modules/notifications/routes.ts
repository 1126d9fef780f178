import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { notificationListQuerySchema, notificationListResponseSchema } from '@recarga/contracts/notifications';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { NotificationService } from './service';

export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (app, { service }) => {
  app.get(
    '/api/notification/chargeBox/',
    {
      config: { access: { permission: ['/', '/alerts', '/stations'] } },
      schema: {
        tags: ['Notifications'],
        summary: 'The station alerts in the caller’s tenant scope, newest first',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
};
