import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';

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
