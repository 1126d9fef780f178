import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/helpers/test-app';
import { tileOrigin } from './security-headers';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectCommon = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  };

  it('the web app page: CSP with the map tiles and same-host websockets, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'sol.localhost:3000' } });
    expectCommon(res.headers);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org;");
    expect(csp).toContain("connect-src 'self' ws://sol.localhost:3000 wss://sol.localhost:3000;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('an API answer, an error and a not-found: the same headers, and API answers are never stored', async () => {
    const token = await loginAs(t.app, demo.operator);
    const ok = await t.app.inject({ method: 'GET', url: '/api/tenants/', headers: bearer(token) });
    const denied = await t.app.inject({ method: 'GET', url: '/api/tenants/' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call/', headers: bearer(token) });
    expect([ok.statusCode, denied.statusCode, missing.statusCode]).toEqual([200, 401, 404]);
    for (const res of [ok, denied, missing]) {
      expectCommon(res.headers);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('the login and logout answers: Cache-Control no-store', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { ...demo.operator, recaptchaResponse: '' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: bearer(login.json().token) });
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('the card-payment bridge page: may be framed by the app, may load the card provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/three-ds-authentication' });
    expectCommon(res.headers);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain('https://*.pagseguro.uol.com.br');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('with reCAPTCHA configured: its script and frame are allowed', async () => {
    const r = await createTestApp({ env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's', RECAPTCHA_SITE_KEY: 'k' } });
    try {
      const csp = String((await r.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://www.google.com https://www.gstatic.com;");
      expect(csp).toContain('frame-src https://www.google.com https://recaptcha.google.com;');
    } finally {
      await r.close();
    }
  });

  it('a tile template with a subdomain placeholder: allowed as a wildcard host', () => {
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileOrigin('http://tiles.local:8080/{z}/{x}/{y}.png')).toBe('http://tiles.local:8080');
    expect(tileOrigin('not a url')).toBeNull();
  });
});

describe('/metrics and /docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token-0123456789', METRICS_ALLOW: '10.9.0.0/16' } });
  });
  afterAll(() => t.close());

  it('metrics: 404 to an address not allowed; 200 to an allowed address or with the token', async () => {
    const stranger = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5' });
    const wrongToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { authorization: 'Bearer scrape-token-0123456780' },
    });
    const allowed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.9.3.4' });
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect([stranger.statusCode, wrongToken.statusCode, allowed.statusCode, withToken.statusCode]).toEqual([404, 404, 200, 200]);
    expect(withToken.body).toContain('recarga_http_request_duration_seconds');
    expect(stranger.body).not.toContain('recarga_');
  });

  it('metrics, without settings: served on loopback only', async () => {
    const d = await createTestApp();
    try {
      expect((await d.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await d.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '198.51.100.1' })).statusCode).toBe(404);
    } finally {
      await d.close();
    }
  });

  it('docs: served by default on the embedded database, not when API_DOCS is off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    const off = await createTestApp({ env: { API_DOCS: 'false' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('docs setting: on by default for the embedded database, off with DATABASE_URL unless API_DOCS says so', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/recarga' }).apiDocs).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/recarga', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_ALLOW: 'not an address' })).toThrow(/METRICS_ALLOW/);
  });
});
