import fs from 'node:fs';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { roles } from '@recarga/contracts/permissions';
import { queryTimeZone } from '@recarga/contracts/query';
import { commandPermission } from '@recarga/contracts/operation-commands';
import {
  closeLostResponseSchema,
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
import { fileAnswer } from '../../platform/openapi';
import type { TransactionService } from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const stamp = () => new Date().toISOString().slice(0, 10);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['Transactions'];

/** Transactions calls of 001 §7 (paths under /api/, trailing slash tolerated). */
export const transactionRoutes: FastifyPluginAsyncZod<{ service: TransactionService }> = async (app, { service }) => {
  app.get(
    '/api/transaction/',
    {
      config: { access: { permission: '/transactions' } },
      schema: {
        tags,
        summary: 'The recharges in the caller’s scope, filtered, sorted and paged',
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.list(ctxOf(req), req.query, req.headers),
  );

  app.get(
    '/api/transaction/:id/',
    {
      config: { access: { permission: '/transactions' } },
      schema: {
        tags,
        summary: 'One recharge with its meter values, price and payment',
        params: idParams,
        response: { 200: transactionDetailResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.detail(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/transaction/:id/close-lost/',
    {
      config: { access: { permission: commandPermission.remote_stop_transaction } },
      schema: {
        tags,
        summary:
          'Close as lost an open recharge of an offline station, with its last metered energy, billed like any stop (a repeat answers the same close)',
        params: idParams,
        response: { 200: closeLostResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.closeAsLost(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/transaction/:id/pay/',
    {
      config: { access: { permission: '/transactions/{id}/payment/edit', role: roles.paymentApproval } },
      schema: {
        tags,
        summary: 'Confirm by hand that one recharge was paid',
        params: idParams,
        body: payBodySchema.nullish(),
        response: { 200: payResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
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
      schema: {
        tags,
        summary: 'Confirm by hand that several recharges were paid',
        body: confirmPaymentsBodySchema.nullish(),
        response: { 200: confirmPaymentsResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
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
      schema: {
        tags,
        summary: 'Pay a recharge or its idle time, from the wallet or through a payment provider',
        params: idParams,
        body: checkoutBodySchema,
        response: { 200: checkoutResponseSchema, ...errorAnswers(400, 401, 404, 409, 503) },
      },
    },
    (req) => service.checkout(ctxOf(req), req.params.id, req.body),
  );

  app.delete(
    '/api/cancel-idle-payment/transaction/:id/',
    {
      config: { access: { permission: '/cancel-idle-payment' } },
      schema: {
        tags,
        summary: 'Waive the idle-time fee of a recharge (answers 204)',
        params: idParams,
        response: {
          204: z.void().meta({ type: 'null', description: 'The fee was waived (no content)' }),
          ...errorAnswers(400, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      await service.cancelIdlePayment(ctxOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/nfe/resend/',
    {
      config: { access: { permission: ['/transactions', '/financial'] } },
      schema: {
        tags: ['Invoices'],
        summary: 'Issue or send again the electronic invoice (NF-e) of a recharge',
        body: nfeResendBodySchema,
        response: { 200: nfeResendResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.resendInvoice(ctxOf(req), req.body),
  );

  app.get(
    '/api/nfe/:id/pdf/',
    {
      config: { access: { permission: ['/transactions', '/financial'] } },
      schema: {
        tags: ['Invoices'],
        summary: 'The electronic invoice (NF-e) of a recharge as PDF',
        params: idParams,
        response: { 200: fileAnswer('application/pdf', 'The invoice PDF'), ...errorAnswers(400, 401, 403, 404) },
      },
    },
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
        tags: ['Payments'],
        summary: 'The payment types a tenant accepts',
        querystring: z.object({ tenantPk: z.coerce.number().int().positive().optional() }),
        response: { 200: paymentTypesResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.paymentTypes(ctxOf(req), req.query.tenantPk),
  );

  app.get(
    '/api/report/xlsx/transactions/',
    {
      config: { access: { permission: '/transactions' } },
      schema: {
        tags,
        summary: 'The filtered recharge list as a spreadsheet (.xlsx)',
        querystring: transactionFilterSchema,
        response: { 200: fileAnswer(XLSX, 'The workbook'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const stream = await service.xlsx(ctxOf(req), req.query, req.headers);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="recargas-${stamp()}.xlsx"`).send(stream);
    },
  );

  app.get(
    '/api/report/xlsx/transactions/:id/meter-values/',
    {
      config: { access: { permission: '/transactions' } },
      schema: {
        tags,
        summary: 'The meter values of one recharge as a spreadsheet (.xlsx); refused for recharges over 5 hours',
        params: idParams,
        querystring: z.object({ timeZone: queryTimeZone }),
        response: { 200: fileAnswer(XLSX, 'The workbook'), ...errorAnswers(400, 401, 403, 404, 413) },
      },
    },
    async (req, reply) => {
      const stream = await service.meterValuesXlsx(ctxOf(req), req.params.id, req.headers, req.query.timeZone);
      return reply.type(XLSX).header('content-disposition', `attachment; filename="recarga-${req.params.id}-medicoes.xlsx"`).send(stream);
    },
  );
};
