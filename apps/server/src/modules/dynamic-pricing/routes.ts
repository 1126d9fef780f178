import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  pricingDetailListSchema,
  pricingDetailSaveSchema,
  pricingProfileCreatedSchema,
  pricingProfileCreateSchema,
  pricingProfileIdParams,
  pricingProfileListSchema,
} from '@recarga/contracts/dynamic-pricing';
import { z } from 'zod';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { DynamicPricingService } from './service';

const access = { permission: '/dynamic-pricing' } as const;

export const dynamicPricingRoutes: FastifyPluginAsyncZod<{ service: DynamicPricingService }> = async (app, { service }) => {
  app.get(
    '/api/dynamic-pricing/',
    {
      config: { access },
      schema: {
        tags: ['Dynamic pricing'],
        summary: 'Pricing profiles of the caller’s networks, with how many chargers each prices',
        response: { 200: pricingProfileListSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => service.list(ctxOf(req)),
  );

  app.post(
    '/api/dynamic-pricing/',
    {
      config: { access },
      schema: {
        tags: ['Dynamic pricing'],
        summary: 'Create a pricing profile (a name unique in its network)',
        body: pricingProfileCreateSchema,
        response: { 200: pricingProfileCreatedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );

  app.get(
    '/api/dynamic-pricing/:id/detail/',
    {
      config: { access },
      schema: {
        tags: ['Dynamic pricing'],
        summary: 'A profile’s weekday rules, time windows and exceptions',
        params: pricingProfileIdParams,
        response: { 200: pricingDetailListSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.details(ctxOf(req), req.params.id),
  );

  app.put(
    '/api/dynamic-pricing/:id/detail/',
    {
      config: { access },
      schema: {
        tags: ['Dynamic pricing'],
        summary: 'Save a profile’s whole list of details as its next version (field errors by the rules of 002 §5)',
        params: pricingProfileIdParams,
        body: pricingDetailSaveSchema,
        response: { 200: z.object({ message: z.string(), version: z.number().int() }), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.saveDetails(ctxOf(req), req.params.id, req.body.dynamicPricingDetailFormList),
  );
};
