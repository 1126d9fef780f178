import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  userListQuerySchema,
  userListResponseSchema,
  userPickerQuerySchema,
  userPickerResponseSchema,
  walletDepositsResponseSchema,
  walletTotalizerSchema,
} from '@recarga/contracts/user-list';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { UserListService } from './user-list-service';

const userParams = z.object({ userPk: z.coerce.number().int().positive().max(2_147_483_647) });

const reportQuerySchema = userListQuerySchema.pick({ activeUsers: true, searchInput: true });

export const userListRoutes: FastifyPluginAsyncZod<{ service: UserListService }> = async (app, { service }) => {
  app.get(
    '/api/users_data/dashboard-details/',
    {
      config: { access: { permission: '/users' } },
      schema: {
        tags: ['Users'],
        summary: 'The users of the caller’s networks with their recharges, paged; by name or e-mail',
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );

  // The screens that pick a user: vouchers (user selection) and remote operations (start by document).
  app.get(
    '/api/users_data/picker/',
    {
      config: { access: { permission: ['/users', '/vouchers', '/operations'] } },
      schema: {
        tags: ['Users'],
        summary:
          'Every active user of the caller’s networks (up to 30,000), compact, for pickers; tenantPk: only those who belong with that network',
        querystring: userPickerQuerySchema,
        response: { 200: userPickerResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.picker(ctxOf(req), req.query),
  );

  app.get(
    '/api/customer-wallet/userDeposits/:userPk/',
    {
      config: { access: { permission: '/users' } },
      schema: {
        tags: ['Users'],
        summary: 'A user’s wallet statement: the money movements of the ledger, newest first',
        params: userParams,
        response: { 200: walletDepositsResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.deposits(ctxOf(req), req.params.userPk),
  );

  app.get(
    '/api/customer-wallet/userDeposits/totalizer/:userPk/',
    {
      config: { access: { permission: '/users' } },
      schema: {
        tags: ['Users'],
        summary: 'A user’s wallet balance',
        params: userParams,
        response: { 200: walletTotalizerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.totalizer(ctxOf(req), req.params.userPk),
  );

  app.get(
    '/api/report/xlsx/users/',
    {
      config: { access: { permission: '/users' } },
      schema: {
        tags: ['Users'],
        summary: 'The users list as a spreadsheet, built in the background and e-mailed to the caller (202)',
        querystring: reportQuerySchema,
        response: { 202: z.object({ message: z.string(), email: z.string() }), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req, reply) => reply.status(202).send(await service.emailReport(ctxOf(req), req.query)),
  );
};
