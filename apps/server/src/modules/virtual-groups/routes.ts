import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  addChargersSchema,
  chargeBoxPickerQuerySchema,
  chargerPageSchema,
  groupChargersQuerySchema,
  groupEventPageSchema,
  groupPagedQuerySchema,
  groupPricingAnswerSchema,
  groupPricingCreateSchema,
  groupPricingSchema,
  groupTransactionPageSchema,
  messageSchema,
  virtualGroupCreatedSchema,
  virtualGroupCreateSchema,
  virtualGroupDetailSchema,
  virtualGroupDetailQuerySchema,
  virtualGroupIdParams,
  virtualGroupListQuerySchema,
  virtualGroupPageSchema,
  virtualGroupUpdateSchema,
} from '@recarga/contracts/virtual-groups';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { VirtualGroupService } from './service';

const access = { permission: '/virtual-groups' } as const;
const tags = ['Virtual groups'];

/** The gateway's virtual-group calls (002 §7): zero-based pages, `{ content, totalElements }`. */
export const virtualGroupRoutes: FastifyPluginAsyncZod<{ service: VirtualGroupService }> = async (app, { service }) => {
  app.get(
    '/gateway/virtual-groups/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Virtual groups of the caller’s networks',
        querystring: virtualGroupListQuerySchema,
        response: { 200: virtualGroupPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.list(ctxOf(req), req.query),
  );
  app.get(
    '/gateway/charge-boxs',
    {
      config: { access: { permission: ['/virtual-groups', '/financial'] } },
      schema: {
        tags,
        summary: 'Chargers of the caller’s networks for the pickers, free ones first',
        querystring: chargeBoxPickerQuerySchema,
        response: { 200: chargerPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.chargeBoxes(ctxOf(req), req.query),
  );
  app.post(
    '/gateway/virtual-groups',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a virtual group with its chargers and pricing (all or nothing)',
        body: virtualGroupCreateSchema,
        response: { 200: virtualGroupCreatedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.create(ctxOf(req), req.body),
  );
  app.get(
    '/gateway/virtual-groups/charge-boxs/list',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A group’s chargers',
        querystring: groupChargersQuerySchema,
        response: { 200: chargerPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.chargers(ctxOf(req), req.query),
  );
  app.post(
    '/gateway/virtual-groups/charge-boxs/all',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add chargers to groups (DASH_VIRTUAL_GROUP_EDIT_CHARGEBOXES; a charger in another group is refused)',
        body: addChargersSchema,
        response: { 200: messageSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.addChargers(ctxOf(req), req.body),
  );
  app.delete(
    '/gateway/virtual-groups/charge-boxs/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove a charger from its group (by membership id)',
        params: virtualGroupIdParams,
        response: { 200: messageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.removeCharger(ctxOf(req), req.params.id),
  );
  app.get(
    '/gateway/virtual-groups/dynamic-pricing/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A group’s pricing setting',
        params: virtualGroupIdParams,
        response: { 200: groupPricingAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.pricing(ctxOf(req), req.params.id),
  );
  app.put(
    '/gateway/virtual-groups/dynamic-pricing/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Set a group’s pricing: on or off, a profile per connector',
        params: virtualGroupIdParams,
        body: groupPricingSchema,
        response: { 200: messageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.savePricing(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/gateway/virtual-groups/dynamic-pricing',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Set a group’s pricing (the group in the body)',
        body: groupPricingCreateSchema,
        response: { 200: messageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.savePricing(ctxOf(req), req.body.virtual_group_id, req.body),
  );
  app.get(
    '/gateway/virtual-groups/:id/events',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Station events of a group’s chargers, newest first',
        params: virtualGroupIdParams,
        querystring: groupPagedQuerySchema,
        response: { 200: groupEventPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.events(ctxOf(req), req.params.id, req.query),
  );
  app.get(
    '/gateway/virtual-groups/:id/transactions',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Recharges at a group’s chargers, newest first',
        params: virtualGroupIdParams,
        querystring: groupPagedQuerySchema,
        response: { 200: groupTransactionPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.transactions(ctxOf(req), req.params.id, req.query),
  );
  app.get(
    '/gateway/virtual-groups/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A virtual group',
        params: virtualGroupIdParams,
        querystring: virtualGroupDetailQuerySchema,
        response: { 200: virtualGroupDetailSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.detail(ctxOf(req), req.params.id, req.query.tenant_id),
  );
  app.put(
    '/gateway/virtual-groups/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Rename a virtual group (name and description)',
        params: virtualGroupIdParams,
        body: virtualGroupUpdateSchema,
        response: { 200: messageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/gateway/virtual-groups/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete a virtual group (its chargers are free again)',
        params: virtualGroupIdParams,
        response: { 200: messageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.remove(ctxOf(req), req.params.id),
  );
};
