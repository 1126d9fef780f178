import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../../test/helpers/test-app';

/** Calls the spec names as reachable without signing in (plus the captcha challenge they need). */
const SPEC_PUBLIC = new Set([
  'POST /api/login/',
  'POST /api/forgotpassword/sendCode/',
  'POST /api/forgotpassword/change/',
  'GET /api/captcha/challenge/',
  // Later issues: unknown tags, QR start/stop.
  'GET /api/ocpptags/unknown/',
  'POST /api/ocpptags/unknown/',
  'DELETE /api/ocpptags/unknown/:idTag/',
  'POST /api/qrcode/start/',
  'POST /api/qrcode/stop/',
  // A meter's own readings (issue 18): no user, the device's X-Meter-Token is checked by the route.
  'POST /smart/meters/:deviceRemoteId/measurements',
  // Mercado Pago's payment notifications (issue 19): no user, the x-signature is checked by the route.
  'POST /webhooks/mercado-pago',
  // The contact page (issue 21): a signed-out visitor, behind the captcha and a per-address limit.
  'POST /api/contact/',
  // A network's uploaded logo (issue 21 item 8): the sign-in page shows it before anyone signs in.
  'GET /api/tenant-logos/:tenantPk/:version',
]);

describe('access control', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/forgotten-rule/', async () => ({ leaked: true }));
    t.app.get('/gateway/forgotten-rule', async () => ({ leaked: true }));
  });
  afterAll(() => t.close());

  it('a route without an access rule, when called even by the administrator, answers 403', async () => {
    const token = await loginAs(t.app, demo.admin);
    for (const url of ['/api/forgotten-rule/', '/gateway/forgotten-rule']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('leaked');
    }
  });

  it('every public call, when listed, is one the specification names', () => {
    const open = t.app.accessRules.filter((r) => r.access && 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(open.length).toBeGreaterThan(0);
    for (const call of open) expect(SPEC_PUBLIC, call).toContain(call);
  });

  it('a protected call, when made without a token, answers 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tenants/' })).statusCode).toBe(401);
  });

  it('every protected call answers 401 without a token, also when its path is percent-encoded', async () => {
    const closed = t.app.accessRules.filter((r) => r.access && !('public' in r.access));
    expect(closed.length).toBeGreaterThan(40);
    const seen: string[] = [];
    // `/%61pi/...` (a letter encoded), `/%2561pi/...` (encoded twice) and `/api%2F...` (the slash encoded).
    const variants = (p: string) => [
      p,
      p.replace(/^\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`),
      p.replace(/^\/([a-z])/, (_, c: string) => `/%25${c.charCodeAt(0).toString(16)}`),
      p.replace(/^(\/[a-z]+)\//, '$1%2F'),
    ];
    for (const rule of closed) {
      // Path parameters filled with a plausible id; the check runs before any handler reads them.
      for (const url of variants(rule.url.replace(/:[A-Za-z]+/g, '1'))) {
        const res = await t.app.inject({ method: rule.method as never, url });
        // Refused (401), or matching no API route: the JSON 404 or the web app's fallback page.
        const webFallback = /^text\/(html|plain)/.test(String(res.headers['content-type']));
        if (res.statusCode !== 401 && res.statusCode !== 404 && !webFallback) seen.push(`${rule.method} ${url} -> ${res.statusCode}`);
      }
    }
    expect(seen).toEqual([]);
    // The encoded variant of a known call is matched and refused, not answered nor lost.
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/tenants/' })).statusCode).toBe(401);
  });

  it('an unknown api path answers 404 with a JSON error, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('the tenant list, for a tenant operator, holds their tenant and its children only', async () => {
    const token = await loginAs(t.app, demo.operator);
    const res = await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .tenantList.map((x: { alias: string }) => x.alias)
        .sort(),
    ).toEqual(['move', 'sol']);
  });

  it('the tenant list, for the administrator of the root tenant, holds every tenant', async () => {
    const token = await loginAs(t.app, demo.admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(token) });
    expect(
      res
        .json()
        .tenantList.map((x: { alias: string }) => x.alias)
        .sort(),
    ).toEqual(['andes', 'move', 'recarga', 'sol', 'terpel']);
  });
});

describe('start-up headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the app address, for a mapped host, carries that tenant api key and theme', async () => {
    const terpel = await t.db.selectFrom('tenants').select(['api_key']).where('alias', '=', 'terpel').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'terpel.localhost:3000' } });
    expect(res.headers['x-theme']).toBe('terpel');
    expect(res.headers['x-api-key']).toBe(terpel.api_key);
    expect(res.headers['x-captcha-provider']).toBe('none');
  });

  it('the app address, for an unmapped host, carries the default tenant settings', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'unknown.example.com' } });
    expect(res.headers['x-theme']).toBe('move');
  });

  it('an api answer does not carry the start-up headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tenants/' });
    expect(res.headers['x-api-key']).toBeUndefined();
  });
});

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('health, when the database answers, is ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('metrics, after a call, count it by route and status', async () => {
    await t.app.inject({ method: 'GET', url: '/api/tenants/' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/recarga_http_request_duration_seconds_count\{method="GET",route="\/api\/tenants\/",status="401"\} 1/);
  });
});
