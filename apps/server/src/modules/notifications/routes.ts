import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  acknowledgeAlertsBodySchema,
  acknowledgeAlertsResponseSchema,
  alertListQuerySchema,
  alertListResponseSchema,
  bellResponseSchema,
  markReadBodySchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesSchema,
} from '@recarga/contracts/notifications';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { NotificationService } from './service';

/** Whoever sees station events somewhere (home, alerts, stations) has the header's bell. */
const EVENT_READERS: DashboardRoute[] = ['/', '/alerts', '/stations'];

export const notificationRoutes: FastifyPluginAsyncZod<{ service: NotificationService }> = async (app, { service }) => {
  app.get(
    '/api/notification/chargeBox/',
    {
      config: { access: { permission: EVENT_READERS } },
      schema: {
        tags: ['Notifications'],
        summary: 'The station alerts in the caller’s tenant scope, newest received first',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  app.get(
    '/api/notification/alerts/',
    {
      config: { access: { permission: '/alerts' } },
      schema: {
        tags: ['Notifications'],
        summary: 'The alerts screen: filtered by severity, type, station and period, newest received first, paged',
        querystring: alertListQuerySchema,
        response: { 200: alertListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.alerts(ctxOf(req), req.query),
  );

  app.post(
    '/api/notification/acknowledge/',
    {
      config: { access: { permission: '/alerts' } },
      schema: {
        tags: ['Notifications'],
        summary: 'Acknowledges alerts for the tenant (who and when); acknowledging again keeps the first',
        body: acknowledgeAlertsBodySchema,
        response: { 200: acknowledgeAlertsResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.acknowledge(ctxOf(req), req.body.notificationIds),
  );

  app.get(
    '/api/notification/bell/',
    {
      config: { access: { permission: EVENT_READERS } },
      schema: {
        tags: ['Notifications'],
        summary: 'The caller’s bell: newest Failure, Warning and Disconnected events, read state and unread count',
        response: { 200: bellResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => service.bell(ctxOf(req)),
  );

  app.post(
    '/api/notification/read/',
    {
      config: { access: { permission: EVENT_READERS } },
      schema: {
        tags: ['Notifications'],
        summary: 'Marks events read by the caller',
        body: markReadBodySchema,
        response: { 200: bellResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.markRead(ctxOf(req), req.body.notificationIds),
  );

  app.post(
    '/api/notification/read-all/',
    {
      config: { access: { permission: EVENT_READERS } },
      schema: {
        tags: ['Notifications'],
        summary: 'Marks every bell event read by the caller',
        response: { 200: bellResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => service.markAllRead(ctxOf(req)),
  );

  app.get(
    '/api/notification/preferences/',
    {
      config: { access: { permission: EVENT_READERS } },
      schema: {
        tags: ['Notifications'],
        summary: 'The caller’s notification preferences: which event types pop up as toasts',
        response: { 200: notificationPreferencesSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => service.preferences(ctxOf(req)),
  );

  app.put(
    '/api/notification/preferences/',
    {
      config: { access: { permission: EVENT_READERS } },
      schema: {
        tags: ['Notifications'],
        summary: 'Saves which event types pop up as toasts for the caller',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.savePreferences(ctxOf(req), req.body),
  );
};
