import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  recoveryResponseSchema,
  sendCodeRequestSchema,
} from '@recarga/contracts/auth';
import { ctxOf } from '../../platform/auth/access-plugin';
import type { Captcha } from '../../platform/captcha/captcha';
import { errorAnswers } from '@recarga/contracts/errors';
import type { AuthService } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; captcha: Captcha }> = async (app, { service, captcha }) => {
  const meta = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  app.post(
    '/api/login/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with e-mail, password and captcha; answers a bearer token and the user’s permissions',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorAnswers(400, 401, 403, 429, 503) },
      },
    },
    (req) => service.login(req.body, meta(req)),
  );

  app.post(
    '/api/logout/',
    {
      config: { access: { authenticated: true } },
      schema: {
        tags: ['Auth'],
        summary: 'Sign out: revoke the current session',
        response: { 200: z.object({ message: z.string() }), ...errorAnswers(401) },
      },
    },
    async (req) => {
      await service.logout(ctxOf(req));
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/forgotpassword/sendCode/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Auth'],
        summary: 'Send a password recovery code to an e-mail address',
        body: sendCodeRequestSchema,
        response: { 200: recoveryResponseSchema, ...errorAnswers(400, 429, 503) },
      },
    },
    (req) => service.sendCode(req.body, meta(req)),
  );

  app.post(
    '/api/forgotpassword/change/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Auth'],
        summary: 'Change a password with a recovery code; ends every session of the user',
        body: changePasswordRequestSchema,
        response: { 200: recoveryResponseSchema, ...errorAnswers(400, 410, 429, 503) },
      },
    },
    (req) => service.changePassword(req.body, meta(req)),
  );

  app.get(
    '/api/captcha/challenge/',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Auth'],
        summary: 'A captcha challenge for the sign-in and recovery forms (ALTCHA; none with reCAPTCHA)',
        response: {
          200: z.unknown().describe('The ALTCHA challenge (algorithm, challenge, salt, signature); null when no captcha is configured'),
          ...errorAnswers(404),
        },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );
};
