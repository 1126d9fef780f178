import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  VOUCHER_ROUTE_KEY,
  voucherCreateSchema,
  voucherDetailQuerySchema,
  voucherHistoryAnswerSchema,
  voucherHistoryQuerySchema,
  voucherIdParams,
  voucherLastQuerySchema,
  voucherListAnswerSchema,
  voucherListItemSchema,
  voucherListQuerySchema,
  voucherRoutes as paths,
  voucherSavedSchema,
  voucherSchema,
  voucherUpdateSchema,
} from '@recarga/contracts/vouchers';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { VoucherService } from './service';

/**
 * '/vouchers' is permitted only with DASH_CVE_PRO_CREATE_VOUCHER or a Terpel theme
 * (contracts/permissions permittedRoutes), so this one key is the route key and the role.
 */
const access = { permission: VOUCHER_ROUTE_KEY } as const;
const tags = ['Vouchers'];

/** The operator backend's voucher calls (002 §7): pages from 1, `{ results, count }`. */
export const voucherRoutesPlugin: FastifyPluginAsyncZod<{ service: VoucherService }> = async (app, { service }) => {
  app.get(
    paths.list,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Vouchers of the caller’s networks (filters code, title, description, kind, status), newest first',
        querystring: voucherListQuerySchema,
        response: { 200: voucherListAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
  app.get(
    paths.last,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The most recent voucher with a code (an ACTIVE status means the code is taken)',
        querystring: voucherLastQuerySchema,
        response: { 200: voucherListItemSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.last(ctxOf(req), req.query),
  );
  app.get(
    paths.one,
    {
      config: { access },
      schema: {
        tags,
        summary: 'One voucher: value, window, status, charge points, users and indicators',
        params: voucherIdParams,
        querystring: voucherDetailQuerySchema,
        response: { 200: voucherSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );
  app.get(
    paths.history,
    {
      config: { access },
      schema: {
        tags,
        summary: 'The voucher’s activity history: the recharges it paid, newest first',
        params: voucherIdParams,
        querystring: voucherHistoryQuerySchema,
        response: { 200: voucherHistoryAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.history(ctxOf(req), req.params.id, req.query),
  );
  app.post(
    paths.list,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Creates a voucher for chosen users',
        body: voucherCreateSchema,
        response: { 201: voucherSavedSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(ctxOf(req), req.body)),
  );
  app.put(
    paths.one,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Updates a voucher (everything but its code)',
        params: voucherIdParams,
        body: voucherUpdateSchema,
        response: { 200: voucherSavedSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
};
