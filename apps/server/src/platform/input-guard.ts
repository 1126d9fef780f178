import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** What a client is told about a text holding a NUL character. */
export const NUL_MESSAGE = 'Must not contain a NUL character';

/** The first path (dotted, as the validation errors name fields) whose text holds a NUL character, or null. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || !value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * No text the API receives may hold a NUL character: no field of the product means one, and
 * PostgreSQL refuses it in text, so it would surface as a server error deep in a service. Every
 * route's path parameters, query and JSON body are checked once, before the route's own schema,
 * and the first offending field gets a field error — whatever the route, now or later.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const found = nulPath(value);
      if (found) throw badRequest('Invalid request', { [found.join('.') || part]: NUL_MESSAGE }, 'VALIDATION');
    }
  });
}
