import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  meterCreatedSchema,
  meterCreateSchema,
  meterDeviceParams,
  meterListQuerySchema,
  meterMeasurementListQuerySchema,
  meterMeasurementListSchema,
  meterMeasurementPayloadSchema,
  meterMeasurementQuerySchema,
  meterMeasurementSchema,
  meterMessages as msg,
  meterPageSchema,
  meterPushAnswerSchema,
  meterPushHeadersSchema,
  meterPushParams,
  meterSeriesQuerySchema,
  meterSeriesSchema,
  METER_TOKEN_HEADER,
} from '@recarga/contracts/meters';
import { roles } from '@recarga/contracts/permissions';
import { ctxOf } from '../../platform/auth/access-plugin';
import { unauthorized } from '../../platform/errors';
import type { MeterDevice, MeterService } from './service';

/** Smart charging is part of the advanced settings: their route and DASH_SMART_CHARGING_CREATE (002 §6). */
const access = { permission: '/virtual-groups', role: roles.smartChargingCreate } as const;
const tags = ['Meters'];

/** The smart charging service's meter calls (002 §7), and the devices' own HTTP push. */
export const meterRoutes: FastifyPluginAsyncZod<{ service: MeterService; onPush: (outcome: string) => void }> = async (
  app,
  { service, onPush },
) => {
  const devices = new WeakMap<FastifyRequest, MeterDevice>();

  app.post(
    '/smart/meters/:deviceRemoteId/measurements',
    {
      // The device's token, not a session: checked before the body, so a stranger learns nothing.
      config: { access: { public: true } },
      preValidation: async (req) => {
        const { deviceRemoteId } = req.params as { deviceRemoteId?: unknown };
        const token = req.headers[METER_TOKEN_HEADER];
        const device =
          typeof deviceRemoteId === 'string' && typeof token === 'string' ? await service.authenticate(deviceRemoteId, token) : null;
        if (!device) {
          onPush('unauthorized');
          throw unauthorized(msg.tokenInvalid, 'METER_TOKEN_INVALID');
        }
        devices.set(req, device);
      },
      schema: {
        tags,
        summary: 'A meter device pushes a reading (header X-Meter-Token); 202 once stored, a repeated timestamp is kept once',
        security: [],
        headers: meterPushHeadersSchema,
        params: meterPushParams,
        body: meterMeasurementPayloadSchema,
        response: { 202: meterPushAnswerSchema, ...errorAnswers(400, 401) },
      },
    },
    async (req, reply) => {
      try {
        const outcome = await service.store(devices.get(req)!, req.body);
        onPush(outcome);
        return reply.status(202).send({ accepted: true, duplicate: outcome === 'duplicate' });
      } catch (err) {
        onPush('rejected');
        throw err;
      }
    },
  );
  app.post(
    '/smart/meters',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Register a meter device of a network; the answer carries its token, shown this once',
        body: meterCreateSchema,
        response: { 201: meterCreatedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.status(201).send(await service.register(ctxOf(req), req.body)),
  );
  app.get(
    '/smart/meters',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Meters of the caller’s networks, with their latest reading time and status',
        querystring: meterListQuerySchema,
        response: { 200: meterPageSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
  app.get(
    '/smart/meters/measurements',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A meter’s latest reading and status, by mac_address or device_remote_id',
        querystring: meterMeasurementQuerySchema,
        response: { 200: meterMeasurementSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.latest(ctxOf(req), req.query),
  );
  app.get(
    '/smart/meters/measurements/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The latest reading of several meters (device_remote_ids comma-joined; unknown ones left out)',
        querystring: meterMeasurementListQuerySchema,
        response: { 200: meterMeasurementListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.latestOfMany(ctxOf(req), req.query.device_remote_ids),
  );
  app.get(
    '/smart/meters/:deviceRemoteId/series',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A meter’s readings over time: the highest current of each phase per bucket (at most 1500 points)',
        params: meterDeviceParams,
        querystring: meterSeriesQuerySchema,
        response: { 200: meterSeriesSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.series(ctxOf(req), req.params.deviceRemoteId, req.query),
  );
  app.post(
    '/smart/meters/:deviceRemoteId/token',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Give a meter device a new token (the old one stops working); shown this once',
        params: meterDeviceParams,
        response: { 200: meterCreatedSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.renewToken(ctxOf(req), req.params.deviceRemoteId),
  );
};
