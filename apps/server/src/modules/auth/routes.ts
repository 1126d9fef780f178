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
      schema: { tags: ['session'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    (req) => service.login(req.body, meta(req)),
  );

  app.post(
    '/api/logout/',
    { config: { access: { authenticated: true } }, schema: { tags: ['session'], response: { 200: z.object({ message: z.string() }) } } },
    async (req) => {
      await service.logout(ctxOf(req));
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/api/forgotpassword/sendCode/',
    {
      config: { access: { public: true } },
      schema: { tags: ['session'], body: sendCodeRequestSchema, response: { 200: recoveryResponseSchema } },
    },
    (req) => service.sendCode(req.body, meta(req)),
  );

  app.post(
    '/api/forgotpassword/change/',
    {
      config: { access: { public: true } },
      schema: { tags: ['session'], body: changePasswordRequestSchema, response: { 200: recoveryResponseSchema } },
    },
    (req) => service.changePassword(req.body, meta(req)),
  );

  app.get('/api/captcha/challenge/', { config: { access: { public: true } }, schema: { tags: ['session'] } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });
};
