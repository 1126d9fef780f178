import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/helpers/test-app';

describe('start-up headers: the map tile server', () => {
  let configured: TestApp;
  let byDefault: TestApp;
  beforeAll(async () => {
    [configured, byDefault] = await Promise.all([
      createTestApp({ env: { MAP_TILE_URL: 'https://tiles.example.com/osm/{z}/{x}/{y}.png?key={apikey}' } }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured?.close(), byDefault?.close()]);
  });

  it('the app address, when MAP_TILE_URL is set: carries it in x-map-tile-url and exposes the header', async () => {
    const res = await configured.app.inject({ method: 'HEAD', url: '/', headers: { host: 'terpel.localhost:3000' } });

    expect(res.headers['x-map-tile-url']).toBe('https://tiles.example.com/osm/{z}/{x}/{y}.png?key={apikey}');
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-map-tile-url');
  });

  it('a client-routed page, when MAP_TILE_URL is set: carries the same header', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/stations/create', headers: { host: 'localhost' } });

    expect(res.headers['x-map-tile-url']).toBe('https://tiles.example.com/osm/{z}/{x}/{y}.png?key={apikey}');
  });

  it('the app address, when MAP_TILE_URL is not set: carries the OpenStreetMap default', async () => {
    const res = await byDefault.app.inject({ method: 'HEAD', url: '/', headers: { host: 'unknown.example.com' } });

    expect(res.headers['x-map-tile-url']).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('an API answer: does not carry the tile server', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/tenants/' });

    expect(res.headers['x-map-tile-url']).toBeUndefined();
  });
});

describe('the built web app: precompressed assets, caching, compressed answers', () => {
  let t: TestApp;
  let dist: string;
  // Repetitive text compresses well: each variant is much smaller than the original.
  const script = `console.log(${JSON.stringify('recarga '.repeat(400))});\n`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'recarga-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dashboard</title><script src="/assets/app-3f9a1c.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets/app-3f9a1c.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-3f9a1c.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets/app-3f9a1c.js.gz'), gzipSync(script));
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('a hashed asset, when the client accepts brotli: the .br file with Content-Encoding br, cached a year as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("a hashed asset carries no host's start-up headers (the same bytes for every host, cached by anyone); the page does", async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js' });
    const page = await t.app.inject({ method: 'GET', url: '/' });

    for (const header of ['x-api-key', 'x-theme', 'x-captcha-provider', 'access-control-expose-headers']) {
      expect(asset.headers[header], header).toBeUndefined();
      expect(page.headers[header], header).toBeDefined();
    }
  });

  it('a hashed asset, when the client accepts gzip only: the .gz file; without Accept-Encoding: the plain file', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'identity' } });

    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('a file without a hash in its name: cached an hour, not immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });

    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('index.html, at / and on a client-routed path: never stored', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    const routed = await t.app.inject({ method: 'GET', url: '/transactions?page=2' });

    for (const res of [root, routed]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<title>Dashboard</title>');
    }
  });

  it('a JSON answer over 1 KB: compressed with brotli when accepted; a small one: sent as it is', async () => {
    const token = await loginAs(t.app, demo.operator);
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/chargepoints?page=1',
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    const small = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });

    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(big.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json)).toBeTruthy();
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });
});
