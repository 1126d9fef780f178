import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  assessmentParamsSchema,
  reportPermissionsResponseSchema,
  stationXlsxQuerySchema,
  type AssessmentParams,
} from '@recarga/contracts/stations';
import { ctxOf } from '../../platform/auth/access-plugin';
import { fileAnswer } from '../../platform/openapi';
import type { StationReportService } from './report-service';

const stamp = () => new Date().toISOString().slice(0, 10);

/** Query and body together (body wins; absent values do not erase the other's). */
function merged(query: AssessmentParams, body: AssessmentParams | null | undefined): AssessmentParams {
  const out: Record<string, unknown> = { ...query };
  for (const [k, v] of Object.entries(body ?? {})) if (v !== undefined) out[k] = v;
  return out as AssessmentParams;
}

export const stationReportRoutes: FastifyPluginAsyncZod<{ service: StationReportService }> = async (app, { service }) => {
  app.get(
    '/api/report/user/permissions/',
    {
      config: { access: { permission: '/stations' } },
      schema: {
        tags: ['Station reports'],
        summary: 'Which station reports the caller may download, and how many remain in the plan',
        response: { 200: reportPermissionsResponseSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => service.permissions(ctxOf(req)),
  );

  app.post(
    '/api/report/xlsx/chargepoints/',
    {
      config: { access: { permission: '/stations' } },
      schema: {
        tags: ['Station reports'],
        summary: 'The station list as a spreadsheet (.xlsx)',
        querystring: stationXlsxQuerySchema,
        response: {
          200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The workbook'),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const stream = await service.xlsx(ctxOf(req), req.query);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="estacoes-${stamp()}.xlsx"`)
        .send(stream);
    },
  );

  app.post(
    '/api/report/assessment/unified/',
    {
      config: { access: { permission: '/stations' } },
      schema: {
        tags: ['Station reports'],
        summary: 'The unified assessment report of the selected stations (PDF)',
        querystring: assessmentParamsSchema,
        body: assessmentParamsSchema.nullish(),
        response: { 200: fileAnswer('application/pdf', 'The report'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const pdf = await service.unified(ctxOf(req), merged(req.query, req.body));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="relatorio-unificado-${stamp()}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/api/report/assessment/users/',
    {
      config: { access: { permission: '/stations' } },
      schema: {
        tags: ['Station reports'],
        summary: 'One assessment report per selected station, zipped',
        querystring: assessmentParamsSchema,
        body: assessmentParamsSchema.nullish(),
        response: { 200: fileAnswer('application/zip', 'One PDF per station'), ...errorAnswers(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const zip = await service.perStation(ctxOf(req), merged(req.query, req.body));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="relatorios-estacoes-${stamp()}.zip"`)
        .send(zip);
    },
  );
};
