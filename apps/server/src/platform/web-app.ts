import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { startupHeaders } from '@recarga/contracts/auth';
import type { BrandOverride } from '@recarga/contracts/startup';
import type { DB } from '../db/db';
import type { Config } from '../config';

interface HostSettings {
  apiKey: string;
  theme: string;
  termsOfUse: string | null;
  deepLinkHost: string | null;
  /** The network's own brand over its theme's (/config); null when it keeps the theme's. */
  brand: BrandOverride | null;
}

const CACHE_MS = 60_000;
const BACKEND = /^\/(api|gateway|smart|ocpp|live|docs|metrics|health)(\/|$)/;
/** The build's content-hashed files: the same bytes for every host, cached a year by anyone. */
const HASHED_ASSET = /^\/assets\//;

/** The host caches of this process (one per app built in it). */
const hostCaches = new Set<Map<string, { at: number; value: HostSettings | null }>>();

/**
 * Forgets every host resolved so far on this node: called after a change of a host or of a
 * network's brand (/admin, /config), so the next page load reads the new settings. Other nodes
 * see the change when their entry is older than CACHE_MS (one minute).
 */
export function forgetHostSettings(): void {
  for (const cache of hostCaches) cache.clear();
}

/** The /config brand fields that are set, or null when none is (the theme's brand stays). */
function brandOverride(t: { brand_name: string | null; logo_url: string | null; primary_color: string | null; dark_color: string | null }) {
  const brand: BrandOverride = {
    ...(t.brand_name ? { name: t.brand_name } : {}),
    ...(t.logo_url ? { logo: t.logo_url } : {}),
    ...(t.primary_color ? { primary: t.primary_color } : {}),
    ...(t.dark_color ? { dark: t.dark_color } : {}),
  };
  return Object.keys(brand).length ? brand : null;
}

/**
 * Resolves a host name to its tenant's start-up settings (table tenant_hosts; '*' is the fallback
 * row), cached for a minute.
 */
function hostResolver(app: FastifyInstance, db: Kysely<DB>) {
  const cache = new Map<string, { at: number; value: HostSettings | null }>();
  hostCaches.add(cache);
  app.addHook('onClose', async () => void hostCaches.delete(cache));
  return async (host: string): Promise<HostSettings | null> => {
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const rows = await db
      .selectFrom('tenant_hosts as h')
      .innerJoin('tenants as t', 't.tenant_pk', 'h.tenant_pk')
      .select([
        'h.host',
        't.api_key',
        't.theme',
        'h.terms_of_use_url',
        'h.deep_link_host',
        't.terms_of_use_url as tenant_terms_of_use_url',
        't.brand_name',
        't.logo_url',
        't.primary_color',
        't.dark_color',
      ])
      .where('h.host', 'in', [host, '*'])
      .execute();
    const row = rows.find((r) => r.host === host) ?? rows.find((r) => r.host === '*');
    const value = row
      ? {
          apiKey: row.api_key,
          theme: row.theme,
          // The host's own terms first (a brand sold under several addresses), else the network's.
          termsOfUse: row.terms_of_use_url ?? row.tenant_terms_of_use_url,
          deepLinkHost: row.deep_link_host,
          brand: brandOverride(row),
        }
      : null;
    cache.set(host, { at: Date.now(), value });
    return value;
  };
}

/**
 * Serves the built web app. Every response of the app's own address carries the start-up headers
 * for the requesting host, except the content-hashed assets: those are the same for every host and
 * cached by browsers and proxies as immutable, so a host's key and brand must not ride on them, and
 * a screen fetches a hundred of them (about 0.4 KB of headers each). Unknown front-end paths fall
 * back to index.html (client routing).
 */
export async function registerWebApp(app: FastifyInstance, db: Kysely<DB>, config: Config) {
  const resolve = hostResolver(app, db);
  app.addHook('onRequest', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || BACKEND.test(req.url) || HASHED_ASSET.test(req.url)) return;
    const settings = await resolve(req.hostname.replace(/:\d+$/, '').toLowerCase());
    if (!settings) return;
    reply.header(startupHeaders.apiKey, settings.apiKey);
    reply.header(startupHeaders.theme, settings.theme);
    if (settings.termsOfUse) reply.header(startupHeaders.termsOfUse, settings.termsOfUse);
    if (settings.deepLinkHost) reply.header(startupHeaders.deepLinkHost, settings.deepLinkHost);
    if (settings.brand) reply.header(startupHeaders.brand, encodeURIComponent(JSON.stringify(settings.brand)));
    reply.header(startupHeaders.captchaProvider, config.captcha.provider);
    if (config.captcha.recaptchaSiteKey) reply.header(startupHeaders.captchaSiteKey, config.captcha.recaptchaSiteKey);
    if (config.services.mapTileUrl) reply.header(startupHeaders.mapTileUrl, config.services.mapTileUrl);
    reply.header('access-control-expose-headers', Object.values(startupHeaders).join(', '));
  });

  const index = path.join(config.webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; the client's Accept-Encoding picks one.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        // Files under assets/ carry a content hash in their name: a new build has new names.
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const sendIndex = (reply: import('fastify').FastifyReply) => {
    if (!built) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` first.');
    // Never cached: it names the hashed assets of the build being served.
    return reply.header('cache-control', 'no-store').type('text/html').send(fs.createReadStream(index));
  };
  app.get('/', { config: { access: { public: true } }, schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && !BACKEND.test(req.url) && !path.extname(req.url.split('?')[0]!)) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Route ${req.method} ${req.url.split('?')[0]} not found` });
  });
}
