import { z } from 'zod';

/**
 * The body of every 4xx and 5xx answer (apps/server/src/platform/errors.ts): a stable code, a
 * message for people and, for invalid input, one message per field (`body.email`, `id`, ...).
 */
export const errorAnswerSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** What each error status means across the API (the OpenAPI response descriptions). */
const meanings = {
  400: 'Invalid request: `fields` names each invalid field (code VALIDATION) or the rule it breaks',
  401: 'No valid session (missing, expired or revoked bearer token)',
  403: 'Signed in, but the permission, role, tenant scope or plan does not allow this',
  404: 'Not found, or outside the caller’s tenant scope',
  409: 'Conflicts with the current state (e.g. a duplicate or an insufficient balance)',
  410: 'Gone: it has expired',
  413: 'Too large',
  422: 'Cannot be done as asked (e.g. a command that the station’s OCPP version does not have)',
  429: 'Too many attempts; try again later',
  502: 'An upstream service failed or is unavailable',
  503: 'A required service is unavailable',
} as const;
export type ErrorStatus = keyof typeof meanings;

/**
 * The error answers of a route, for its `schema.response`:
 * `response: { 200: thing, ...errorAnswers(400, 401, 404) }`.
 */
export function errorAnswers<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorAnswerSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorAnswerSchema.describe(meanings[s])])) as Record<S, typeof errorAnswerSchema>;
}
