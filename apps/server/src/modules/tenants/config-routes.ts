import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '@recarga/contracts/errors';
import { INT4_MAX } from '@recarga/contracts/int4';
import {
  auditPageSchema,
  auditQuerySchema,
  pushCredentialsUploadSchema,
  qrTokenResponseSchema,
  tenantLogoUploadSchema,
  tenantSettingsQuerySchema,
  tenantSettingsSchema,
  tenantSettingsUpdateSchema,
} from '@recarga/contracts/tenant-settings';
import { ctxOf } from '../../platform/auth/access-plugin';
import { notFound } from '../../platform/errors';
import { fileAnswer } from '../../platform/openapi';
import type { TenantSettingsService } from './config-service';

const access = { permission: '/config' } as const;
const tags = ['Tenant settings'];
const settingsAnswer = { 200: tenantSettingsSchema, ...errorAnswers(400, 401, 403, 404) };

const logoParams = z.object({
  tenantPk: z.coerce.number().int().positive().max(INT4_MAX),
  // The image's hash as logo-image.ts writes it: anything else (a NUL, a long text) is refused before the database.
  version: z.string().regex(/^[0-9a-f]{16}$/, 'Unknown logo version.'),
});

/** A network's own settings (/config), and the public address of its uploaded logo. */
export const configRoutes: FastifyPluginAsyncZod<{ service: TenantSettingsService }> = async (app, { service }) => {
  app.get(
    '/api/config/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The network’s settings (the caller’s own, or `tenant` in scope): brand, contact, QR token, push, CO₂, operation, plan',
        querystring: tenantSettingsQuerySchema,
        response: settingsAnswer,
      },
    },
    (req) => service.get(ctxOf(req), req.query),
  );
  app.put(
    '/api/config/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Save the network’s editable settings (every field; empty clears an optional one); audited',
        querystring: tenantSettingsQuerySchema,
        body: tenantSettingsUpdateSchema,
        response: settingsAnswer,
      },
    },
    (req) => service.update(ctxOf(req), req.query, req.body),
  );
  app.put(
    '/api/config/logo',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Upload the network’s logo as a data: URL (PNG, JPEG or WebP by its bytes, at most 200 KB); audited',
        querystring: tenantSettingsQuerySchema,
        body: tenantLogoUploadSchema,
        response: settingsAnswer,
      },
    },
    (req) => service.putLogo(ctxOf(req), req.query, req.body),
  );
  app.delete(
    '/api/config/logo',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove the network’s logo (the theme’s shows again); audited',
        querystring: tenantSettingsQuerySchema,
        response: settingsAnswer,
      },
    },
    (req) => service.deleteLogo(ctxOf(req), req.query),
  );
  app.put(
    '/api/config/push-credentials',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Set the network’s Firebase service account (JSON); its private key is never answered; audited',
        querystring: tenantSettingsQuerySchema,
        body: pushCredentialsUploadSchema,
        response: settingsAnswer,
      },
    },
    (req) => service.putPushCredentials(ctxOf(req), req.query, req.body),
  );
  app.delete(
    '/api/config/push-credentials',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove the network’s Firebase service account (pushes use the server’s provider); audited',
        querystring: tenantSettingsQuerySchema,
        response: settingsAnswer,
      },
    },
    (req) => service.deletePushCredentials(ctxOf(req), req.query),
  );
  app.post(
    '/api/config/qr-token',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Make a new QR token: QR codes printed with the old one stop working; audited',
        querystring: tenantSettingsQuerySchema,
        response: { 200: qrTokenResponseSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.rotateQrToken(ctxOf(req), req.query),
  );
  app.get(
    '/api/config/audit',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The network’s change history (who, when, before and after), newest first, 10 a page',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    (req) => service.audit(ctxOf(req), req.query),
  );
  app.get(
    '/api/tenant-logos/:tenantPk/:version',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'A network’s uploaded logo (public: the sign-in page shows it); one address per image, cached for good',
        params: logoParams,
        response: { 200: fileAnswer('image/*', 'The logo (PNG, JPEG or WebP)'), ...errorAnswers(400, 404) },
      },
    },
    async (req, reply) => {
      const logo = await service.logo(req.params.tenantPk, req.params.version);
      if (!logo) throw notFound('No such logo', 'LOGO_NOT_FOUND');
      return reply
        .type(logo.mediaType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  );
};
