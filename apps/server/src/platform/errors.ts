import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An expected failure with an HTTP status, a stable code, a message and optional field errors. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
    /** Answer headers that belong to the failure (Retry-After of a 429). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code = 'BAD_REQUEST') =>
  new AppError(400, code, message, fields);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message = 'Permission denied', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, fields?: Record<string, string>, code = 'CONFLICT') => new AppError(409, code, message, fields);

/** The one error handler: 4xx carry `{ code, message, fields? }`; 5xx hide internals and are logged. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.status).send({ code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key = path || String(err.validationContext ?? 'body');
        if (!fields[key]) fields[key] = issue.message ?? 'Invalid value';
      }
      return reply.status(400).send({ code: 'VALIDATION', message: 'Invalid request', fields });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Internal server error' });
    }
    const fe = err as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ code: fe.code ?? 'BAD_REQUEST', message: fe.message });
    }
    // A value the database refused (SQLSTATE class 22: out of range, bad text…) that got past the
    // contracts is the client's input, not a server failure; logged so the contract gets fixed.
    if (typeof fe.code === 'string' && /^22[0-9A-Z]{3}$/.test(fe.code)) {
      req.log.warn({ err }, 'input refused by the database');
      return reply.status(400).send({ code: 'BAD_REQUEST', message: 'Invalid value' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Internal server error' });
  });
}
