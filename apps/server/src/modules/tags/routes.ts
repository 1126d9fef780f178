import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  messageOnlyResponseSchema,
  tagCpfQuerySchema,
  tagCpfResponseSchema,
  tagDriverListResponseSchema,
  tagDriverQuerySchema,
  tagDetailResponseSchema,
  tagListQuerySchema,
  tagListResponseSchema,
  tagSaveResponseSchema,
  tagSaveSchema,
  tagXlsxQuerySchema,
  TAG_ID_MAX,
  unknownTagApproveResponseSchema,
  unknownTagApproveSchema,
  unknownTagDeleteQuerySchema,
  unknownTagListResponseSchema,
  unknownTagQuerySchema,
} from '@recarga/contracts/tags';
import { ctxOf } from '../../platform/auth/access-plugin';
import { fileAnswer } from '../../platform/openapi';
import type { TagService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const tagRoutes: FastifyPluginAsyncZod<{ service: TagService }> = async (app, { service }) => {
  // The transactions screen's tag search offers tags too (001 §9: up to 5 suggestions).
  app.get(
    '/api/ocpptags/',
    {
      config: { access: { permission: ['/ocpptags', '/transactions'] } },
      schema: {
        tags: ['Tags'],
        summary: 'The RFID tags of the caller’s networks, paged; by tag id, tenant, type or user',
        querystring: tagListQuerySchema,
        response: { 200: tagListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  app.get(
    '/api/ocpptags/unknown/',
    {
      config: { access: { permission: '/ocpptags/unknown' } },
      schema: {
        tags: ['Tags'],
        summary: 'Tag ids that stations of the caller’s networks presented and nobody registered',
        querystring: unknownTagQuerySchema,
        response: { 200: unknownTagListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.unknownList(ctxOf(req), req.query),
  );

  app.post(
    '/api/ocpptags/unknown/',
    {
      config: { access: { permission: '/ocpptags/unknown' } },
      schema: {
        tags: ['Tags'],
        summary: 'Approve unknown tags: each becomes a card of its tenant (a list: all or nothing)',
        body: unknownTagApproveSchema,
        response: { 200: unknownTagApproveResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.approve(ctxOf(req), req.body),
  );

  app.delete(
    '/api/ocpptags/unknown/:idTag/',
    {
      config: { access: { permission: '/ocpptags/unknown' } },
      schema: {
        tags: ['Tags'],
        summary: 'Forget an unknown tag (of one tenant when tenantPk is given)',
        params: z.object({ idTag: z.string().min(1).max(TAG_ID_MAX) }),
        querystring: unknownTagDeleteQuerySchema,
        response: { 200: messageOnlyResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.deleteUnknown(ctxOf(req), req.params.idTag, req.query.tenantPk),
  );

  app.get(
    '/api/ocpptags/tenant_parent/cpf/:cpf/',
    {
      config: { access: { permission: '/users_data/tenant_parent/cpf' } },
      schema: {
        tags: ['Tags'],
        summary: 'The tag of the user with this CPF, to pick as a card’s parent',
        params: z.object({ cpf: z.string().max(20) }),
        querystring: tagCpfQuerySchema,
        response: { 200: tagCpfResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.cpfSearch(ctxOf(req), req.params.cpf, req.query.docType),
  );

  app.get(
    '/api/ocpptags/drivers/',
    {
      config: { access: { permission: ['/ocpptags/create', '/ocpptags/edit/{id}'] } },
      schema: {
        tags: ['Tags'],
        summary: 'The tag form’s driver search: active users of one network by name, e-mail or document (up to 20)',
        querystring: tagDriverQuerySchema,
        response: { 200: tagDriverListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.drivers(ctxOf(req), req.query),
  );

  app.get(
    '/api/ocpptags/:id/',
    {
      config: { access: { permission: ['/ocpptags', '/ocpptags/edit/{id}'] } },
      schema: {
        tags: ['Tags'],
        summary: 'One RFID tag, for the tag form',
        params: idParams,
        response: { 200: tagDetailResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/ocpptags/',
    {
      config: { access: { permission: '/ocpptags/create' } },
      schema: {
        tags: ['Tags'],
        summary: 'Register an RFID tag',
        body: tagSaveSchema,
        response: { 200: tagSaveResponseSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/ocpptags/:id/',
    {
      config: { access: { permission: '/ocpptags/edit/{id}' } },
      schema: {
        tags: ['Tags'],
        summary: 'Update an RFID tag (a USER tag keeps its id and parent)',
        params: idParams,
        body: tagSaveSchema,
        response: { 200: tagSaveResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/ocpptags/:id/',
    {
      config: { access: { permission: '/ocpptags/delete/{id}' } },
      schema: {
        tags: ['Tags'],
        summary: 'Delete an RFID tag (its child cards lose their parent)',
        params: idParams,
        response: { 200: messageOnlyResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.remove(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/report/xlsx/ocpptags/',
    {
      config: { access: { permission: '/ocpptags' } },
      schema: {
        tags: ['Tags'],
        summary: 'The tags list as a spreadsheet (.xlsx); counted against the monthly report limit (403)',
        querystring: tagXlsxQuerySchema,
        response: { 200: fileAnswer(XLSX, 'The workbook'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const stream = await service.xlsx(ctxOf(req), req.query);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="tags-${new Date().toISOString().slice(0, 10)}.xlsx"`)
        .send(stream);
    },
  );
};
