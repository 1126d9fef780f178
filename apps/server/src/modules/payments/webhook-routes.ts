import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import type { MercadoPagoWebhookService } from './mercado-pago-webhook-service';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Payment providers' notifications. Public: no session; each notification proves itself by its
 * signature, checked by the service before anything is read.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ mercadoPago: MercadoPagoWebhookService }> = async (app, { mercadoPago }) => {
  app.post(
    '/webhooks/mercado-pago',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Payments'],
        summary: 'Mercado Pago payment notification (x-signature checked): a wallet top-up is credited once',
        querystring: z.object({
          'data.id': z.string().max(64).optional(),
          type: z.string().max(64).optional(),
          topic: z.string().max(64).optional(),
        }),
        body: z
          .object({
            type: z.string().max(64).optional(),
            action: z.string().max(64).optional(),
            data: z.object({ id: z.union([z.string().max(64), z.number().int()]).optional() }).optional(),
          })
          .nullish(),
        response: { 200: z.object({ result: z.string() }), ...errorAnswers(400, 401, 502, 503) },
      },
    },
    async (req) => {
      const bodyId = req.body?.data?.id;
      return mercadoPago.handle({
        signature: header(req.headers['x-signature']),
        requestId: header(req.headers['x-request-id']),
        dataId: req.query['data.id'] ?? (bodyId === undefined ? undefined : String(bodyId)),
        topic: req.query.type ?? req.query.topic ?? req.body?.type,
      });
    },
  );
};
