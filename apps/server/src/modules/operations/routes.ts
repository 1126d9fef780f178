import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import {
  commandAcceptedSchema,
  commandAction,
  commandBodySchemas,
  commandPermission,
  ocppVersions,
  operationCommands,
  operationOptionsQuerySchema,
  operationOptionsSchema,
  taskDetailResponseSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  type OperationCommand,
} from '@recarga/contracts/operations';
import {
  chargingProfileListSchema,
  chargingProfileSavedSchema,
  chargingProfileSaveSchema,
  chargingProfileSchema,
} from '@recarga/contracts/charging-profiles';
import { INT4_MAX } from '@recarga/contracts/query';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { ChargingProfileService } from './charging-profile-service';
import type { OperationService } from './service';

const versionParams = z.object({ version: z.enum(ocppVersions) });
const idParams = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });

export const operationRoutes: FastifyPluginAsyncZod<{ service: OperationService; profiles: ChargingProfileService }> = async (
  app,
  { service, profiles },
) => {
  for (const command of operationCommands) registerCommand(command);

  function registerCommand<C extends OperationCommand>(command: C) {
    const permission = commandPermission[command];
    app.get(
      `/api/operations/:version/${command}/`,
      {
        config: { access: { permission } },
        schema: {
          tags: ['Operations'],
          summary: `Option data of ${command} (${commandAction[command]}): stations of the version in scope, online first`,
          params: versionParams,
          querystring: operationOptionsQuerySchema,
          response: { 200: operationOptionsSchema, ...errorAnswers(400, 401, 403, 422) },
        },
      },
      (req) => service.options(ctxOf(req), req.params.version, command, req.query),
    );
    app.post(
      `/api/operations/:version/${command}/`,
      {
        config: { access: { permission } },
        schema: {
          tags: ['Operations'],
          summary: `Send ${commandAction[command]} to the chosen stations; answers the task id at once`,
          params: versionParams,
          body: commandBodySchemas[command],
          response: { 200: commandAcceptedSchema, ...errorAnswers(400, 401, 403, 422) },
        },
      },
      (req) => service.send(ctxOf(req), req.params.version, command, req.body as never),
    );
  }

  app.post(
    '/api/transaction/:id/stop/',
    {
      config: { access: { permission: commandPermission.remote_stop_transaction } },
      schema: {
        tags: ['Operations'],
        summary: 'Stop one running recharge: RemoteStopTransaction to its own station only; answers the task id at once',
        params: idParams,
        response: { 200: commandAcceptedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    (req) => service.stopTransaction(ctxOf(req), req.params.id),
  );

  app.get(
    '/api/operations/tasks/',
    {
      config: { access: { permission: '/operations/tasks' } },
      schema: {
        tags: ['Operations'],
        summary: 'The task history: commands with a station in the caller’s scope, newest first',
        querystring: taskListQuerySchema,
        response: { 200: taskListResponseSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => service.tasks(ctxOf(req), req.query),
  );

  app.get(
    '/api/operations/tasks/:taskId/details/:chargeBoxId/',
    {
      config: { access: { permission: '/operations/tasks' } },
      schema: {
        tags: ['Operations'],
        summary: 'What one station answered to a task (configuration keys of get_configuration)',
        params: z.object({
          taskId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          chargeBoxId: z.string().min(1).max(255),
        }),
        response: { 200: taskDetailResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.taskDetail(ctxOf(req), req.params.taskId, req.params.chargeBoxId),
  );

  app.get(
    '/api/charging_profiles/',
    {
      config: {
        access: { permission: ['/operations/charging_profile', '/operations/set_charging_profile', '/operations/clear_charging_profile'] },
      },
      schema: {
        tags: ['Operations'],
        summary: 'The charging profiles of the caller’s networks',
        response: { 200: chargingProfileListSchema, ...errorAnswers(401, 403) },
      },
    },
    (req) => profiles.list(ctxOf(req)),
  );

  app.get(
    '/api/charging_profiles/:id/',
    {
      config: { access: { permission: ['/operations/charging_profile', '/charging_profile/edit/{id}'] } },
      schema: {
        tags: ['Operations'],
        summary: 'One charging profile, for its form, with the stations where it is active',
        params: idParams,
        response: { 200: chargingProfileSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => profiles.detail(ctxOf(req), req.params.id),
  );

  app.post(
    '/api/charging_profiles/',
    {
      config: { access: { permission: '/charging_profile/create' } },
      schema: {
        tags: ['Operations'],
        summary: 'Create a charging profile (refused with field errors where OCPP 1.6 would refuse it)',
        body: chargingProfileSaveSchema,
        response: { 200: chargingProfileSavedSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    (req) => profiles.create(ctxOf(req), req.body),
  );

  app.put(
    '/api/charging_profiles/',
    {
      config: { access: { permission: '/charging_profile/edit/{id}' } },
      schema: {
        tags: ['Operations'],
        summary: 'Update a charging profile (the form with its chargingProfilePk)',
        body: chargingProfileSaveSchema.and(z.object({ chargingProfilePk: z.number().int().positive().max(INT4_MAX) })),
        response: { 200: chargingProfileSavedSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => profiles.update(ctxOf(req), req.body.chargingProfilePk, req.body),
  );
};
