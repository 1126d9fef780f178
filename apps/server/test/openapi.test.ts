import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswerSchema } from '@recarga/contracts/errors';
import { buildOpenApiDocument } from '../src/openapi-document';
import { apiTags } from '../src/platform/openapi';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>>; tags?: { name: string }[] };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);
const known = apiTags.map((t) => t.name as string);

let doc: Document;
let operations: { name: string; op: Operation }[];

beforeAll(async () => {
  doc = (await buildOpenApiDocument()) as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
});

describe('OpenAPI document', () => {
  it('lists the API, when built from the route schemas, with its operations', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((o) => o.name)).toContain('POST /api/login/');
  });

  it('every operation, when documented, has a non-empty summary', () => {
    const missing = operations.filter(({ op }) => !op.summary?.trim()).map((o) => o.name);
    expect(missing).toEqual([]);
  });

  it('every operation, when documented, has exactly one tag from the known areas', () => {
    const wrong = operations
      .filter(({ op }) => op.tags?.length !== 1 || !known.includes(op.tags[0]!))
      .map(({ name, op }) => `${name}: ${JSON.stringify(op.tags ?? [])}`);
    expect(wrong).toEqual([]);
  });

  it('every operation, when documented, has a success answer and at least one 4xx answer', () => {
    const noSuccess = operations.filter(({ op }) => !Object.keys(op.responses ?? {}).some((s) => /^2/.test(s))).map((o) => o.name);
    const noClientError = operations.filter(({ op }) => !Object.keys(op.responses ?? {}).some((s) => /^4/.test(s))).map((o) => o.name);
    expect(noSuccess).toEqual([]);
    expect(noClientError).toEqual([]);
  });

  it('the document, when it declares tags, declares exactly the known areas', () => {
    expect(doc.tags?.map((t) => t.name)).toEqual(known);
  });
});

describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('a validation error, when a field is invalid, matches the documented error answer with field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 5 } });

    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(errorAnswerSchema.strict().parse(body)).toEqual(body);
    expect(body.code).toBe('VALIDATION');
    expect(Object.keys(body.fields ?? {})).not.toEqual([]);
  });

  it('a call without a session, when the route documents 401, answers the documented shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tenants/' });

    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' });
  });
});
