import fs from 'node:fs';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roles } from '@recarga/contracts/permissions';
import { queryTimeZone } from '@recarga/contracts/query';
import {
  checkoutBodySchema,
  checkoutResponseSchema,
  confirmPaymentsBodySchema,
  confirmPaymentsResponseSchema,
  nfeResendBodySchema,
  nfeResendResponseSchema,
  payBodySchema,
  payResponseSchema,
  paymentTypesResponseSchema,
  transactionDetailResponseSchema,
  transactionFilterSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionMessages,
} from '@recarga/contracts/transactions';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { TransactionService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const stamp = () => new Date().toISOString().slice(0, 10);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['transactions'];

/** Transactions calls of 001 §7 (paths under /api/, trailing slash tolerated). */
export const transactionRoutes: FastifyPluginAsyncZod<{ service: TransactionService }> = async (app, { service }) => {
  app.get(
    '/api/transaction/',
    {
      config: { access: { permission: '/transactions' } },
      schema: { tags, querystring: transactionListQuerySchema, response: { 200: transactionListResponseSchema } },
    },
    (req) => service.list(ctxOf(req), req.query, req.headers),
  );

  app.get(
    '/api/transaction/:id/',
    {
      config: { access: { permission: '/transactions' } },
      schema: { tags, params: idParams, response: { 200: transactionDetailResponseSchema } },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/transaction/:id/pay/',
    {
      config: { access: { permission: '/transactions/{id}/payment/edit', role: roles.paymentApproval } },
      schema: { tags, params: idParams, body: payBodySchema.nullish(), response: { 200: payResponseSchema } },
    },
    async (req) => ({
      message: transactionMessages.confirmSuccess,
      transaction: await service.pay(ctxOf(req), req.params.id, req.body ?? {}),
    }),
  );

  app.post(
    '/api/transaction/confirm_payments/',
    {
      config: { access: { permission: '/transactions/{id}/payment/edit', role: roles.paymentApproval } },
      schema: { tags, body: confirmPaymentsBodySchema.nullish(), response: { 200: confirmPaymentsResponseSchema } },
    },
    async (req) => ({
      message: transactionMessages.confirmSuccess,
      transaction_pks: await service.confirmPayments(ctxOf(req), req.body ?? {}),
    }),
  );

  app.post(
    '/api/transaction/:id/checkout/',
    {
      config: { access: { authenticated: true } },
      schema: { tags, params: idParams, body: checkoutBodySchema, response: { 200: checkoutResponseSchema } },
    },
    (req) => service.checkout(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/cancel-idle-payment/transaction/:id/',
    { config: { access: { permission: '/cancel-idle-payment' } }, schema: { tags, params: idParams } },
    async (req, reply) => {
      await service.cancelIdlePayment(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/nfe/resend/',
    {
      config: { access: { permission: ['/transactions', '/financial'] } },
      schema: { tags, body: nfeResendBodySchema, response: { 200: nfeResendResponseSchema } },
    },
    (req) => service.resendInvoice(ctxOf(req), req.body),
  );

  app.get(
    '/api/nfe/:id/pdf/',
    { config: { access: { permission: ['/transactions', '/financial'] } }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { file, name } = await service.invoicePdf(ctxOf(req), req.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(fs.createReadStream(file));
    },
  );

  app.get(
    '/api/payment/types/',
    {
      config: { access: { permission: ['/transactions', '/operations', '/financial'] } },
      schema: {
        tags,
        querystring: z.object({ tenantPk: z.coerce.number().int().positive().optional() }),
        response: { 200: paymentTypesResponseSchema },
      },
    },
    (req) => service.paymentTypes(ctxOf(req), req.query.tenantPk),
  );

  app.get(
    '/api/report/xlsx/transactions/',
    { config: { access: { permission: '/transactions' } }, schema: { tags, querystring: transactionFilterSchema } },
    async (req, reply) => {
      const stream = await service.xlsx(ctxOf(req), req.query, req.headers);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="recargas-${stamp()}.xlsx"`).send(stream);
    },
  );

  app.get(
    '/api/report/xlsx/transactions/:id/meter-values/',
    {
      config: { access: { permission: '/transactions' } },
      schema: { tags, params: idParams, querystring: z.object({ timeZone: queryTimeZone }) },
    },
    async (req, reply) => {
      const stream = await service.meterValuesXlsx(ctxOf(req), req.params.id, req.headers, req.query.timeZone);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="recarga-${req.params.id}-medicoes.xlsx"`).send(stream);
    },
  );
};
