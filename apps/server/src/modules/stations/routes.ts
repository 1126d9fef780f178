import type { DashboardRoute } from '@recarga/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
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
import { fileAnswer } from '../../platform/openapi';
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
      schema: {
        tags: ['Stations'],
        summary: 'The connector types a station form offers',
        response: { 200: connectorTypeListResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    () => service.connectorTypes(),
  );

  app.get(
    '/api/chargepoints/',
    {
      config: { access: { permission: READ } },
      schema: {
        tags: ['Stations'],
        summary: 'The station list (paged) or the map list of one origin',
        description: 'With `page` (one-based): the paged station list. Without it: the map list of one origin (originType, default MOVE).',
        querystring: chargePointListQuerySchema,
        response: { 200: z.union([mapChargePointListResponseSchema, chargePointListResponseSchema]), ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  app.get(
    '/api/chargepoints/check/',
    {
      config: { access: { permission: '/stations/create' } },
      schema: {
        tags: ['Stations'],
        summary: 'Whether a tenant may add another station under its plan',
        querystring: stationLimitQuerySchema,
        response: { 200: stationLimitResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.checkLimit(ctxOf(req), req.query.tenantPk),
  );

  app.get(
    '/api/chargepoints/:id/',
    {
      config: { access: { permission: [...READ, ...EDITORS] } },
      schema: {
        tags: ['Stations'],
        summary: 'One station with its connectors, for the detail page and the form',
        params: pkParams,
        response: { 200: chargePointDetailResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/chargepoints/:id/photos/',
    {
      config: { access: { permission: [...READ, ...EDITORS] } },
      schema: {
        tags: ['Stations'],
        summary: 'The photos of a station',
        description: 'id is the ChargeBox ID.',
        params: idParams,
        response: { 200: chargePointPhotosResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.photos(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/chargepoints/:id/photos/:uid/',
    {
      config: { access: { permission: [...READ, ...EDITORS] } },
      schema: {
        tags: ['Stations'],
        summary: 'One photo file of a station',
        description: 'The photo file; id is the ChargeBox ID.',
        params: z.object({ id: z.string().min(1).max(255), uid: z.string().max(64) }),
        response: { 200: fileAnswer('image/*', 'The photo'), ...errorAnswers(400, 401, 403, 404) },
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
    {
      config: { access: { permission: READ } },
      schema: {
        tags: ['Stations'],
        summary: 'The QR code (PNG) that opens a station in the driver app',
        params: pkParams,
        response: {
          200: fileAnswer('image/png', 'The QR code; the x-qr-url header carries the link it encodes'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
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
      schema: {
        tags: ['Stations'],
        summary: 'Create a station (within the tenant’s plan limit)',
        body: chargePointSaveSchema,
        response: { 200: chargePointSaveResponseSchema, ...errorAnswers(400, 401, 403, 413) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/chargepoints/:id/',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      config: { access: { permission: '/stations/edit/{id}' } },
      schema: {
        tags: ['Stations'],
        summary: 'Update a station',
        params: pkParams,
        body: chargePointSaveSchema,
        response: { 200: chargePointSaveResponseSchema, ...errorAnswers(400, 401, 403, 404, 413) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  app.put(
    '/api/chargepoints/:id/connector/:connectorId/',
    {
      config: { access: { permission: '/stations/edit/{id}' } },
      schema: {
        tags: ['Stations'],
        summary: 'Update one connector of a station (type, power, price)',
        params: z.object({ id: pk, connectorId: z.coerce.number().int().min(0).max(100) }),
        body: connectorUpdateSchema,
        response: { 200: connectorUpdateResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.updateConnector(ctxOf(req), req.params.id, req.params.connectorId, req.body),
  );

  app.delete(
    '/api/chargepoints/:id/',
    {
      config: { access: { permission: '/stations/delete/{id}' } },
      schema: {
        tags: ['Stations'],
        summary: 'Delete a station (refused while a recharge is open on it)',
        params: pkParams,
        response: { 200: messageResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.remove(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/users_data/private_charge_point/',
    {
      config: { access: { permission: EDITORS } },
      schema: {
        tags: ['Stations'],
        summary: 'The users allowed on a private station',
        querystring: privateStationQuerySchema,
        response: { 200: userPrivateStationListResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.privateUsers(ctxOf(req), req.query.chargeBoxPK),
  );

  app.get(
    '/api/users_data/tenant_parent/cpf/:cpf/',
    {
      config: { access: { permission: '/users_data/tenant_parent/cpf' } },
      schema: {
        tags: ['Stations'],
        summary: 'Find a user by CPF to allow them on a private station',
        params: z.object({ cpf: z.string().max(20) }),
        querystring: privateStationQuerySchema,
        response: { 200: cpfSearchResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.cpfSearch(ctxOf(req), req.params.cpf, req.query.chargeBoxPK),
  );
};
