import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { roles } from '@recarga/contracts/permissions';
import {
  groupSmartChargingLinkSchema,
  groupSmartChargingSchema,
  smartChargingCreateSchema,
  smartChargingIdParams,
  smartChargingMessageSchema,
  smartChargingRecordSchema,
  smartChargingSavedSchema,
  smartChargingUpdateSchema,
} from '@recarga/contracts/smart-charging';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { SmartChargingService } from './service';

/** The virtual-group screens, with DASH_SMART_CHARGING_CREATE (002 §6). */
const access = { permission: '/virtual-groups', role: roles.smartChargingCreate } as const;
const tags = ['Smart charging'];

/** The smart charging service (002 §7) under /smart/, and the group link under /gateway/. */
export const smartChargingRoutes: FastifyPluginAsyncZod<{ service: SmartChargingService }> = async (app, { service }) => {
  app.post(
    '/smart/smart-charging',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a smart-charging record (chargers checked when enabled: advanced settings, OCPP 1.6)',
        body: smartChargingCreateSchema,
        response: { 200: smartChargingSavedSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );
  app.get(
    '/smart/smart-charging/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A smart-charging record',
        params: smartChargingIdParams,
        response: { 200: smartChargingRecordSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.get(ctxOf(req), req.params.id),
  );
  app.put(
    '/smart/smart-charging/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update a smart-charging record and its meter (a meter serves one group)',
        params: smartChargingIdParams,
        body: smartChargingUpdateSchema,
        response: { 200: smartChargingSavedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/gateway/virtual-groups/smart-charging/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A group’s smart charging: its record (ids null without one) and the load manager’s latest plan',
        params: smartChargingIdParams,
        response: { 200: groupSmartChargingSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.ofGroup(ctxOf(req), req.params.id),
  );
  app.post(
    '/gateway/virtual-groups/smart-charging',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Link a smart-charging record to a group, enabled or not',
        body: groupSmartChargingLinkSchema,
        response: { 200: smartChargingMessageSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.link(ctxOf(req), req.body),
  );
};
