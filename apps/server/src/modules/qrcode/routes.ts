import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { qrCommandAnswerSchema, qrStartBodySchema, qrStopBodySchema } from '@recarga/contracts/qrcode';
import { INT4_MAX } from '@recarga/contracts/query';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { ctxOf } from '../../platform/auth/access-plugin';
import { fileAnswer } from '../../platform/openapi';
import type { QrCodeService } from './service';

/** Who may print a station's QR codes: the station readers (as the station's own QR code). */
const STATION_READ: DashboardRoute[] = ['/stations', '/'];

export const qrCodeRoutes: FastifyPluginAsyncZod<{ service: QrCodeService }> = async (app, { service }) => {
  app.post(
    '/api/qrcode/start/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Operations'],
        summary: 'Public QR page: start a recharge on a connector (robot check, QR token of the station’s network)',
        description:
          'No session. Throttled per client address and per station (429 with Retry-After). Sends RemoteStartTransaction as a task of origin QR_PAGE with the network’s guest tag (free recharge, no wallet) and answers once the station answered: 502 when it refused, is offline or did not answer. Only on public stations without payment (409 otherwise).',
        body: qrStartBodySchema,
        response: { 200: qrCommandAnswerSchema, ...errorAnswers(400, 403, 404, 409, 429, 502) },
      },
    },
    (req) => service.start(req.body, req.ip),
  );

  app.post(
    '/api/qrcode/stop/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Operations'],
        summary: 'Public QR page: stop the recharge the QR page started on a connector',
        description:
          'No session, no robot check (the spec’s request has none): the token, the throttle and the rule that only a recharge started from the QR page can be stopped protect it. Sends RemoteStopTransaction as a task of origin QR_PAGE.',
        body: qrStopBodySchema,
        response: { 200: qrCommandAnswerSchema, ...errorAnswers(400, 403, 404, 409, 429, 502) },
      },
    },
    (req) => service.stop(req.body, req.ip),
  );

  app.get(
    '/api/qrcode/chargepoints/:id/connectors/:connectorId/qrcode.png',
    {
      config: { access: { permission: STATION_READ } },
      schema: {
        tags: ['Stations'],
        summary: 'The QR code (PNG) of one connector: it opens the public QR start/stop page',
        params: z.object({
          id: z.coerce.number().int().positive().max(INT4_MAX),
          connectorId: z.coerce.number().int().positive().max(INT4_MAX),
        }),
        response: {
          200: fileAnswer('image/png', 'The QR code; the x-qr-url header carries the link it encodes'),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) => {
      const { url, chargeBoxId } = await service.link(ctxOf(req), req.params.id, req.params.connectorId, {
        protocol: req.protocol,
        host: req.host,
      });
      const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', width: 512, margin: 2 });
      const name = `${chargeBoxId}-${req.params.connectorId}`.replace(/[^\w.-]/g, '_');
      return reply
        .type('image/png')
        .header('x-qr-url', url)
        .header('access-control-expose-headers', 'x-qr-url')
        .header('content-disposition', `attachment; filename="${name}.png"`)
        .send(png);
    },
  );
};
