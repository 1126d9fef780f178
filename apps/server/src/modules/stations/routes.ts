import type { DashboardRoute } from '@recarga/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chargePointDetailResponseSchema,
  chargePointListQuerySchema,
  chargePointListResponseSchema,
  chargePointPhotosResponseSchema,
  chargePointSaveResponseSchema,
  chargePointSaveSchema,
  connectorTypeListResponseSchema,
  connectorUpdateResponseSchema,
  connectorUpdateSchema,
  cpfSearchResponseSchema,
  mapChargePointListResponseSchema,
  messageResponseSchema,
  privateStationQuerySchema,
  stationLimitQuerySchema,
  stationLimitResponseSchema,
  userPrivateStationListResponseSchema,
} from '@recarga/contracts/stations';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { StationService } from './service';

const pk = z.coerce.number().int().positive().max(2_147_483_647);
const pkParams = z.object({ id: pk });
const idParams = z.object({ id: z.string().min(1).max(255) });

/** Station readers: the station list and the home dashboard's map. */
const READ: DashboardRoute[] = ['/stations', '/'];
const EDITORS: DashboardRoute[] = ['/stations/create', '/stations/edit/{id}'];

/** Three photos of just under 10 MB travel base64 (4/3) in one form. */
const SAVE_BODY_LIMIT = 48 * 1024 * 1024;

export const stationRoutes: FastifyPluginAsyncZod<{ service: StationService }> = async (app, { service }) => {
  app.get(
    '/api/connector_types/',
    {
      config: { access: { permission: [...READ, '/station_groups'] } },
      schema: { tags: ['stations'], response: { 200: connectorTypeListResponseSchema } },
    },
    () => service.connectorTypes(),
  );

  app.get(
    '/api/chargepoints/',
    {
      config: { access: { permission: READ } },
      schema: {
        tags: ['stations'],
        description: 'With `page` (one-based): the paged station list. Without it: the map list of one origin (originType, default MOVE).',
        querystring: chargePointListQuerySchema,
        response: { 200: z.union([chargePointListResponseSchema, mapChargePointListResponseSchema]) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  app.get(
    '/api/chargepoints/check/',
    {
      config: { access: { permission: '/stations/create' } },
      schema: { tags: ['stations'], querystring: stationLimitQuerySchema, response: { 200: stationLimitResponseSchema } },
    },
    (req) => service.checkLimit(ctxOf(req), req.query.tenantPk),
  );

  app.get(
    '/api/chargepoints/:id/',
    {
      config: { access: { permission: [...READ, ...EDITORS] } },
      schema: { tags: ['stations'], params: pkParams, response: { 200: chargePointDetailResponseSchema } },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/chargepoints/:id/photos/',
    {
      config: { access: { permission: [...READ, ...EDITORS] } },
      schema: {
        tags: ['stations'],
        description: 'id is the ChargeBox ID.',
        params: idParams,
        response: { 200: chargePointPhotosResponseSchema },
      },
    },
    (req) => service.photos(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/chargepoints/:id/photos/:uid/',
    {
      config: { access: { permission: [...READ, ...EDITORS] } },
      schema: {
        tags: ['stations'],
        description: 'The photo file; id is the ChargeBox ID.',
        params: z.object({ id: z.string().min(1).max(255), uid: z.string().max(64) }),
      },
    },
    async (req, reply) => {
      const photo = await service.photoFile(ctxOf(req), req.params.id, req.params.uid);
      return reply
        .type(photo.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(photo.name)}`)
        .send(photo.bytes);
    },
  );

  app.get(
    '/api/chargepoints/:id/qrcode.png',
    { config: { access: { permission: READ } }, schema: { tags: ['stations'], params: pkParams } },
    async (req, reply) => {
      const qr = await service.qrCode(ctxOf(req), req.params.id);
      return reply
        .type('image/png')
        .header('x-qr-url', qr.url)
        .header('content-disposition', `attachment; filename="${qr.chargeBoxId.replace(/[^\w.-]/g, '_')}.png"`)
        .send(qr.png);
    },
  );

  app.post(
    '/api/chargepoints/',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: { access: { permission: '/stations/create' } },
      schema: { tags: ['stations'], body: chargePointSaveSchema, response: { 200: chargePointSaveResponseSchema } },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/chargepoints/:id/',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: { access: { permission: '/stations/edit/{id}' } },
      schema: { tags: ['stations'], params: pkParams, body: chargePointSaveSchema, response: { 200: chargePointSaveResponseSchema } },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  app.put(
    '/api/chargepoints/:id/connector/:connectorId/',
    {
      config: { access: { permission: '/stations/edit/{id}' } },
      schema: {
        tags: ['stations'],
        params: z.object({ id: pk, connectorId: z.coerce.number().int().min(0).max(100) }),
        body: connectorUpdateSchema,
        response: { 200: connectorUpdateResponseSchema },
      },
    },
    (req) => service.updateConnector(ctxOf(req), req.params.id, req.params.connectorId, req.body),
  );

  app.delete(
    '/api/chargepoints/:id/',
    {
      config: { access: { permission: '/stations/delete/{id}' } },
      schema: { tags: ['stations'], params: pkParams, response: { 200: messageResponseSchema } },
    },
    (req) => service.remove(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/users_data/private_charge_point/',
    {
      config: { access: { permission: EDITORS } },
      schema: { tags: ['stations'], querystring: privateStationQuerySchema, response: { 200: userPrivateStationListResponseSchema } },
    },
    (req) => service.privateUsers(ctxOf(req), req.query.chargeBoxPK),
  );

  app.get(
    '/api/users_data/tenant_parent/cpf/:cpf/',
    {
      config: { access: { permission: '/users_data/tenant_parent/cpf' } },
      schema: {
        tags: ['stations'],
        params: z.object({ cpf: z.string().max(20) }),
        querystring: privateStationQuerySchema,
        response: { 200: cpfSearchResponseSchema },
      },
    },
    (req) => service.cpfSearch(ctxOf(req), req.params.cpf, req.query.chargeBoxPK),
  );
};
