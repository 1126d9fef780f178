import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  FINANCIAL_REPORT_FILE,
  financialChargeBoxPageSchema,
  financialIdParams,
  financialPageSchema,
  financialPickerQuerySchema,
  financialQuerySchema,
  financialRefundHeadersSchema,
  financialRefundQuerySchema,
  financialRefundResponseSchema,
  financialResendResponseSchema,
  financialSummarySchema,
  financialTenantListSchema,
  financialTransactionSchema,
  TOTAL_ROWS_HEADER,
  XLSX_MEDIA_TYPE,
  type FinancialQuery,
  type FinancialTab,
} from '@recarga/contracts/financial';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { FinancialExportService } from './export-service';
import type { FinancialService } from './service';

/** DASH_CVE_PRO_MONETIZATION_CONFIG (or the Terpel theme) keeps /financial in the permitted routes (permittedRoutes). */
const access = { permission: '/financial' } as const;
const tags = ['Financial'];

const pageOrFile = {
  description: 'A page of movements (JSON), or the whole filtered list as a spreadsheet when asked for one',
  content: {
    'application/json': { schema: financialPageSchema },
    [XLSX_MEDIA_TYPE]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) },
  },
};

const wantsXlsx = (req: FastifyRequest, q: FinancialQuery) =>
  q.format === 'xlsx' || String(req.headers.accept ?? '').includes(XLSX_MEDIA_TYPE);

/** The gateway financial service (000 §7): zero-based pages, `{ content, totalElements }`. */
export const financialRoutes: FastifyPluginAsyncZod<{ service: FinancialService; exports: FinancialExportService }> = async (
  app,
  { service, exports },
) => {
  const list = (tab: FinancialTab) => async (req: FastifyRequest<{ Querystring: FinancialQuery }>, reply: FastifyReply) => {
    const ctx = ctxOf(req);
    if (!wantsXlsx(req, req.query)) return service.list(ctx, tab, req.query, req.headers);
    const { stream, rows } = await exports.xlsx(ctx, tab, req.query, req.headers);
    return reply
      .type(XLSX_MEDIA_TYPE)
      .header('content-disposition', `attachment; filename="${FINANCIAL_REPORT_FILE}"`)
      .header(TOTAL_ROWS_HEADER, String(rows))
      .header('access-control-expose-headers', TOTAL_ROWS_HEADER)
      .send(stream);
  };

  app.get(
    '/gateway/transactions/summary',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Summary cards of the movements: number, total value, recharges, deposits',
        querystring: financialQuerySchema,
        response: { 200: financialSummarySchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.summary(ctxOf(req), req.query, req.headers),
  );
  for (const [path, tab, summary] of [
    ['/gateway/transactions', 'all', 'All movements (recharges and deposits), newest first'],
    ['/gateway/transactions/recharges', 'recharges', 'Recharge movements (bills of recharges and their idle time)'],
    ['/gateway/transactions/deposits', 'deposits', 'Wallet deposits'],
  ] as const) {
    app.get(
      path,
      {
        config: { access },
        schema: {
          tags,
          summary: `${summary}; the spreadsheet with format=xlsx or Accept: ${XLSX_MEDIA_TYPE} (header ${TOTAL_ROWS_HEADER})`,
          querystring: financialQuerySchema,
          response: { 200: pageOrFile, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      list(tab),
    );
  }
  app.get(
    '/gateway/transactions/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One movement (the detail drawer), by movement id',
        params: financialIdParams,
        response: { 200: financialTransactionSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.one(ctxOf(req), req.params.id),
  );
  app.post(
    '/gateway/transactions/:id/payments/refunds',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Refund a movement: the total, or partialAmount hundredths (Idempotency-Key: one refund per key)',
        params: financialIdParams,
        querystring: financialRefundQuerySchema,
        headers: financialRefundHeadersSchema,
        response: { 200: financialRefundResponseSchema, ...errorAnswers(400, 401, 403, 404, 409, 422, 502, 503) },
      },
    },
    (req) => service.refund(ctxOf(req), req.params.id, req.query.partialAmount, req.headers['idempotency-key']),
  );
  app.post(
    '/gateway/transactions/:id/nfes/resends',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Request the invoice (NF) of a recharge movement again',
        params: financialIdParams,
        response: { 200: financialResendResponseSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.resendInvoice(ctxOf(req), req.params.id),
  );
  app.get(
    '/gateway/tenants',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Tenants for the tenant selector: the caller’s networks (with the ones below a chosen tenant)',
        querystring: financialPickerQuerySchema,
        response: { 200: financialTenantListSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.tenants(ctxOf(req), req.query),
  );
  app.get(
    '/gateway/chargeboxes',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Charge boxes for the financial filter, searchable, of the chosen tenants',
        querystring: financialPickerQuerySchema,
        response: { 200: financialChargeBoxPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.chargeBoxes(ctxOf(req), req.query),
  );
};
