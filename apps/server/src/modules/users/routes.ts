import type { DashboardRoute } from '@recarga/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { z } from 'zod';
import {
  addressFormResponseSchema,
  availableTagsQuerySchema,
  availableTagsResponseSchema,
  docTypesQuerySchema,
  docTypesResponseSchema,
  userCreateSchema,
  userFormResponseSchema,
  userGroupsQuerySchema,
  userGroupsResponseSchema,
  userLimitQuerySchema,
  userLimitResponseSchema,
  userSaveResponseSchema,
  userUpdateSchema,
} from '@recarga/contracts/users';
import { ctxOf } from '../../platform/auth/access-plugin';
import { USER_CREATE, USER_EDIT, type UserService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const FORM_EDITORS: DashboardRoute[] = [USER_CREATE, USER_EDIT];

/**
 * User form calls (001 §7 Users). Reading and saving one user is open to every signed-in user at
 * the route level because everyone may read and edit their own profile; the service answers 403
 * for anyone else without /user/{id} (docs/decisions.md, 2026-11-21 — User form).
 */
export const userRoutes: FastifyPluginAsyncZod<{ service: UserService }> = async (app, { service }) => {
  app.get(
    '/api/users_data/check/',
    {
      config: { access: { permission: USER_CREATE } },
      schema: {
        tags: ['Users'],
        summary: 'Whether a tenant may add another user under its plan',
        querystring: userLimitQuerySchema,
        response: { 200: userLimitResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.checkLimit(ctxOf(req), req.query.tenantPk),
  );

  app.get(
    '/api/users_data/doc_types/',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['Users'],
        summary: 'The identity document types of a tenant’s country',
        querystring: docTypesQuerySchema,
        response: { 200: docTypesResponseSchema, ...errorAnswers(400, 401) },
      },
    },
    (req) => service.docTypes(ctxOf(req), req.query.tenantPk),
  );

  app.get(
    '/api/users_data/available_tags/',
    {
      config: { access: { permission: FORM_EDITORS } },
      schema: {
        tags: ['Users'],
        summary: 'The free card tags of a tenant, plus the ones a user holds',
        querystring: availableTagsQuerySchema,
        response: { 200: availableTagsResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.availableTags(ctxOf(req), req.query),
  );

  app.get(
    '/api/user-groups/',
    {
      config: { access: { permission: FORM_EDITORS } },
      schema: {
        tags: ['Users'],
        summary: 'The user groups of a tenant or of the whole scope',
        querystring: userGroupsQuerySchema,
        response: { 200: userGroupsResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.userGroups(ctxOf(req), req.query),
  );

  app.get(
    '/api/users_data/:id/',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['Users'],
        summary: 'One user for the user form (everyone may open their own profile)',
        params: idParams,
        response: { 200: userFormResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.form(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/users_data/:id/address/',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['Users'],
        summary: 'The address of one user',
        params: idParams,
        response: { 200: addressFormResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.address(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/users_data/',
    {
      config: { access: { permission: USER_CREATE } },
      schema: {
        tags: ['Users'],
        summary: 'Create a user (within the tenant’s plan limit)',
        body: userCreateSchema,
        response: { 200: userSaveResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/users_data/:id/',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['Users'],
        summary: 'Update a user (everyone may update their own profile)',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: userSaveResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
};
