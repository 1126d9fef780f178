// @postgres planner, driver-types: hostile values into every route: the driver's errors and SQLSTATE mapping, and the search plans only PostgreSQL has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeService } from './helpers/fake-service';
import { bearer, createTestApp, demo, loginAs, type TestApp } from './helpers/test-app';

/**
 * Walks every operation of the API's OpenAPI document and sends, field by field, the values a
 * hostile client would: a NUL character, integers beyond int4, a 1 MB string and values of the
 * wrong type. Any answer of 500 or more fails the test, listed as method, path, field and value.
 * Logout is left out (it would end the session the walk uses); a 401 signs in again.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  pattern?: string;
  $ref?: string;
};
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const NUL = 'a\u0000b';
const MB = 'x'.repeat(1024 * 1024);
const BAD: { kind: string; value: unknown }[] = [
  { kind: 'NUL', value: NUL },
  { kind: 'int4+1', value: 2147483648 },
  { kind: '99999999999', value: 99999999999 },
  { kind: '-int4-2', value: -2147483650 },
  { kind: '1 MB string', value: MB },
  { kind: 'object', value: { a: 1 } },
  { kind: 'array', value: [1, 'b'] },
  { kind: 'boolean', value: true },
];
const SKIP = new Set(['POST /api/logout/']);

const first = (s: Schema): Schema => s.anyOf?.find((x) => x.type !== 'null') ?? s.oneOf?.[0] ?? s.allOf?.[0] ?? s;
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** Valid values of fields whose rules a schema walk cannot guess (formats checked in code). */
const KNOWN: Record<string, unknown> = {
  timeZone: 'UTC',
  fromDate: '2026-01-01',
  toDate: '2026-01-31',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  days: 7,
  cpf: '52998224725',
  email: 'fuzz@example.com',
  code: '123456',
  chargeBoxId: 'FUZZ-01',
  name: 'Fuzz',
  firstName: 'Fuzz',
  lastName: 'Tester',
  description: 'Fuzz station',
  street: 'Rua Augusta',
  houseNumber: '100',
  city: 'São Paulo',
  state: 'SP',
  country: 'Brasil',
  zipCode: '01305-000',
  locationLatitude: -23.55,
  locationLongitude: -46.63,
  password: 'Fuzz@2026pass',
};
KNOWN.address = {
  street: KNOWN.street,
  houseNumber: KNOWN.houseNumber,
  city: KNOWN.city,
  state: KNOWN.state,
  country: KNOWN.country,
  zipCode: KNOWN.zipCode,
};

/** A plausible valid value for a schema (the fields around the one under attack). */
function sample(schema: Schema | undefined, depth = 0, name?: string): unknown {
  if (!schema || depth > 6) return undefined;
  if (name && name in KNOWN) return KNOWN[name];
  const s = first(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if ((s.required ?? []).includes(key) || key in KNOWN) out[key] = sample(child, depth + 1, key);
      }
      return out;
    }
    case 'string':
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'email') return 'fuzz@example.com';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'a';
  }
}

/** Every field path of a body schema (top-level and one level into objects and arrays). */
function fieldPaths(schema: Schema | undefined, prefix: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 3) return [];
  const s = first(schema);
  if (typeOf(s) === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, [...prefix, key], depth + 1)]);
  }
  if (typeOf(s) === 'array' && s.items) return fieldPaths(s.items, [...prefix, '0'], depth + 1);
  return [];
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (/^\d+$/.test(head!)) return [withValue(Array.isArray(base) ? base[0] : undefined, rest, value)];
  const obj = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  obj[head!] = withValue(obj[head!], rest, value);
  return obj;
}

const queryValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestApp;
  let token: string;
  let doc: Doc;
  let geocoder: Awaited<ReturnType<typeof fakeService>>;

  beforeAll(async () => {
    // The outside address services answer (empty), so their routes are judged on input alone.
    geocoder = await fakeService(() => ({ json: [] }));
    t = await createTestApp({ env: { GEOCODER_URL: `${geocoder.url}/search`, CEP_URL: `${geocoder.url}/cep/{cep}/json/` } });
    await t.app.ready();
    doc = t.app.swagger() as unknown as Doc;
    token = await loginAs(t.app, demo.admin);
  });
  afterAll(async () => {
    await t.close();
    await geocoder.close();
  });

  it('no input gives an answer of 500 or more', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (method: string, route: string, field: string, kind: string, req: { url: string; payload?: unknown }) => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: req.url,
          ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
          headers: { ...bearer(token), ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        });
        sent++;
        if (res.statusCode === 401 && attempt === 0 && !route.includes('login')) {
          token = await loginAs(t.app, demo.admin);
          continue;
        }
        if (res.statusCode >= 500) failures.push(`${method} ${route} ${field} = ${kind} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        return;
      }
    };

    for (const [route, item] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(item)) {
        const method = m.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || SKIP.has(`${method} ${route}`)) continue;
        const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const baseParams = Object.fromEntries(
          params.filter((p) => p.in === 'path' || p.required || p.name in KNOWN).map((p) => [p.name, sample(p.schema, 0, p.name)]),
        );
        const baseBody = bodySchema ? sample(bodySchema) : undefined;
        const build = (values: Record<string, unknown>, body: unknown) => {
          let url = route;
          const query = new URLSearchParams();
          for (const p of params) {
            const v = values[p.name];
            if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(queryValue(v ?? 1)));
            else if (v !== undefined) query.set(p.name, queryValue(v));
          }
          const qs = query.toString();
          return { url: qs ? `${url}?${qs}` : url, payload: body };
        };
        if (process.env.FUZZ_REPORT) {
          const base = build(baseParams, baseBody);
          const res = await t.app.inject({
            method: method as 'GET',
            url: base.url,
            ...(base.payload !== undefined ? { payload: base.payload as object } : {}),
            headers: bearer(token),
          });
          if (res.statusCode === 400) console.log(`BASE400 ${method} ${route} ${res.body.slice(0, 200)}`);
        }
        for (const p of params) {
          for (const bad of BAD)
            await send(method, route, `${p.in}.${p.name}`, bad.kind, build({ ...baseParams, [p.name]: bad.value }, baseBody));
        }
        for (const path of fieldPaths(bodySchema)) {
          for (const bad of BAD)
            await send(method, route, `body.${path.join('.')}`, bad.kind, build(baseParams, withValue(baseBody, path, bad.value)));
        }
        if (bodySchema)
          await send(method, route, 'body', 'NUL in raw JSON', { ...build(baseParams, undefined), payload: '{"x":"\\u0000"}' });
      }
    }

    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  });
});
