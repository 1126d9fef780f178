import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The card-payment bridge page (001 §"Card-payment bridge"): a mobile app embeds it in its web view. */
export const BRIDGE_PATH = '/three-ds-authentication';
/** The card provider's 3-D Secure script and calls, allowed on the bridge page only. */
/** PagBank's 3-D Secure SDK (assets.pagseguro.com.br) and the Cardinal Commerce frames it opens, on the bridge page only. */
const CARD_PROVIDER_SOURCES = [
  'https://*.pagseguro.uol.com.br',
  'https://assets.pagseguro.com.br',
  'https://*.pagseguro.com.br',
  'https://*.cardinalcommerce.com',
];
const RECAPTCHA = {
  script: ['https://www.google.com', 'https://www.gstatic.com'],
  frame: ['https://www.google.com', 'https://recaptcha.google.com'],
};
/** Answers of the API are personal (tokens, user data): never kept by a browser or a shared cache. */
const BACKEND = /^\/(api|gateway|smart)(\/|$)/;
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin of a tile URL template, with `{s}`-style placeholders in the host as wildcards. */
export function tileOrigin(template: string): string | null {
  const m = /^(https?):\/\/([^/]+)/.exec(template);
  if (!m) return null;
  const host = m[2]!.replace(/\{[^}]*\}/g, '*');
  return /^[A-Za-z0-9.*:-]+$/.test(host) ? `${m[1]}://${host}` : null;
}

/**
 * The Content-Security-Policy of the app: its own scripts only (the build has no inline script),
 * inline styles (the component library writes them at run time), images from itself, data: and
 * blob: (markers, downloads) and the map tile server, calls and websockets to its own host, and the
 * captcha provider's script and frame when reCAPTCHA is configured. Nothing may frame the app
 * except the bridge page, which a mobile app embeds.
 */
export function contentSecurityPolicy(config: Config, host: string | undefined, bridge: boolean): string {
  const tiles = tileOrigin(config.services.mapTileUrl);
  const recaptcha = config.captcha.provider === 'recaptcha';
  const sockets = host && SAFE_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  const card = bridge ? CARD_PROVIDER_SOURCES : [];
  const list = (...parts: (string | null)[][]) => parts.flat().filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'"], recaptcha ? RECAPTCHA.script : [], card)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list(["'self'", 'data:', 'blob:'], [tiles], recaptcha ? RECAPTCHA.script : [])}`,
    "font-src 'self' data:",
    `connect-src ${list(["'self'"], sockets, recaptcha ? RECAPTCHA.script : [], card)}`,
    "worker-src 'self' blob:",
    `frame-src ${list(recaptcha ? RECAPTCHA.frame : ["'none'"], card)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${bridge ? '*' : "'none'"}`,
  ].join('; ');
}

function isBridge(req: FastifyRequest) {
  const path = req.url.split('?')[0]!;
  return path === BRIDGE_PATH || path === `${BRIDGE_PATH}/`;
}

/** Security headers on every answer (pages, API, errors, not-found). */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  app.addHook('onSend', async (req, reply, payload) => {
    const bridge = isBridge(req);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('content-security-policy', contentSecurityPolicy(config, req.host, bridge));
    if (!bridge) reply.header('x-frame-options', 'DENY');
    if (config.tls) reply.header('strict-transport-security', 'max-age=31536000');
    if (BACKEND.test(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
