import { describe, expect, it } from 'vitest';
import { brandHeaderOf, resolveStartupSettings, sameOriginWebSocketUrl } from './startup-settings';

const origin = 'https://painel.example.com';
const headers = (values: Record<string, string>) => new Headers(values);

describe('resolveStartupSettings', () => {
  it('uses the start-up headers, when the app address sends them', () => {
    const settings = resolveStartupSettings(
      headers({
        'x-api-key': 'key-1',
        'x-theme': 'terpel',
        'x-terms-of-use': 'https://terms.example.com',
        'x-deep-link-host': 'links.example.com',
        'x-captcha-provider': 'none',
      }),
      {},
      origin,
    );
    expect(settings).toMatchObject({
      apiKey: 'key-1',
      theme: 'terpel',
      termsOfUse: 'https://terms.example.com',
      deepLinkHost: 'links.example.com',
      captchaProvider: 'none',
    });
  });

  it('falls back to build settings and defaults, when headers are absent', () => {
    const settings = resolveStartupSettings(headers({}), {}, origin);
    expect(settings).toMatchObject({
      apiBase: '/api/',
      gatewayBase: '/gateway/',
      smartBase: '/smart/',
      wsUrl: 'wss://painel.example.com/live',
      theme: 'move',
      apiKey: '',
      termsOfUse: '',
      captchaProvider: 'altcha',
    });
  });

  it('derives the deep-link host from the theme, when no header names one', () => {
    expect(resolveStartupSettings(headers({ 'x-theme': 'sol' }), {}, origin).deepLinkHost).toBe('sol.app.recarga.dev');
  });

  it('takes the build theme and bases, when the header gives none', () => {
    const settings = resolveStartupSettings(
      headers({}),
      { VITE_THEME: 'andes', VITE_API_BASE: 'https://api.example.com/v1', VITE_WS_URL: 'wss://live.example.com/ws' },
      origin,
    );
    expect(settings.theme).toBe('andes');
    expect(settings.apiBase).toBe('https://api.example.com/v1/');
    expect(settings.wsUrl).toBe('wss://live.example.com/ws');
  });

  it('falls back to the default theme, when the announced theme is unknown', () => {
    expect(resolveStartupSettings(headers({ 'x-theme': 'nope' }), {}, origin).theme).toBe('move');
  });

  it('chooses reCAPTCHA, when only a site key is configured', () => {
    const settings = resolveStartupSettings(headers({}), { VITE_CAPTCHA_SITE_KEY: 'site' }, origin);
    expect(settings.captchaProvider).toBe('recaptcha');
    expect(settings.captchaSiteKey).toBe('site');
  });

  it('takes the map tiles from the server, when the start-up headers name a tile server', () => {
    const settings = resolveStartupSettings(
      headers({ 'x-map-tile-url': 'https://tiles.example.com/{z}/{x}/{y}.png' }),
      { VITE_MAP_TILE_URL: 'https://build.example.com/{z}/{x}/{y}.png' },
      origin,
    );
    expect(settings.mapTileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
  });

  it('takes the map tiles from the build setting, then OpenStreetMap, when the server names none', () => {
    const built = resolveStartupSettings(headers({}), { VITE_MAP_TILE_URL: 'https://build.example.com/{z}/{x}/{y}.png' }, origin);
    expect(built.mapTileUrl).toBe('https://build.example.com/{z}/{x}/{y}.png');
    expect(resolveStartupSettings(null, {}, origin).mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('reuses the previous start-up values, when the start-up request failed', () => {
    const settings = resolveStartupSettings(null, {}, origin, { apiKey: 'old', theme: 'sol', termsOfUse: null });
    expect(settings).toMatchObject({ apiKey: 'old', theme: 'sol', termsOfUse: '' });
  });

  it('leaves the network brand to start-up, which reads it with its own code', () => {
    expect(resolveStartupSettings(headers({ 'x-brand': '%7B%7D' }), {}, origin).brand).toBeNull();
  });
});

describe('brandHeaderOf', () => {
  it('takes the x-brand header as sent, and an empty text when the header is absent', () => {
    const brand = encodeURIComponent('{"name":"Volt","primary":"#112233"}');
    expect(brandHeaderOf(headers({ 'x-brand': brand }), 'old')).toBe(brand);
    expect(brandHeaderOf(headers({}), 'old')).toBe('');
  });

  it('keeps the stored header, when the start-up request failed', () => {
    expect(brandHeaderOf(null, '%7B%22dark%22%3A%22%23001122%22%7D')).toBe('%7B%22dark%22%3A%22%23001122%22%7D');
    expect(brandHeaderOf(null, null)).toBe('');
  });
});

describe('sameOriginWebSocketUrl', () => {
  it('uses ws: for an http page and wss: for an https page', () => {
    expect(sameOriginWebSocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/live');
    expect(sameOriginWebSocketUrl('https://a.example.com')).toBe('wss://a.example.com/live');
  });
});
