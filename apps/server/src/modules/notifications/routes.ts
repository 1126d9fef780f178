import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationListQuerySchema, notificationListResponseSchema } from '@recarga/contracts/notifications';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { NotificationService } from './service';

export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (app, { service }) => {
  app.get(
    '/api/notification/chargeBox/',
    {
      config: { access: { permission: ['/', '/alerts', '/stations'] } },
      schema: { tags: ['notifications'], querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
};
