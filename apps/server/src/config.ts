import proxyAddr from '@fastify/proxy-addr';
import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { openFileLimit, stationSocketCap } from './ocpp/socket-cap';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be an integer')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** A comma-separated list of addresses or CIDR ranges (or loopback, linklocal, uniquelocal), as @fastify/proxy-addr reads it. */
const addressList = z.string().refine((list) => {
  try {
    proxyAddr.compile(list.split(',').map((a) => a.trim()));
    return true;
  } catch {
    return false;
  }
}, 'must be a comma-separated list of addresses or CIDR ranges (or loopback, linklocal, uniquelocal)');

/** Why an FCM service-account file cannot be used (missing, not JSON, a field absent), or null. */
function serviceAccountProblem(file: string): string | null {
  if (!fs.existsSync(file)) return 'file does not exist';
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const missing = ['project_id', 'client_email', 'private_key'].filter((k) => typeof json[k] !== 'string' || !json[k]);
    return missing.length ? `the service account lacks ${missing.join(', ')}` : null;
  } catch {
    return 'is not a JSON service-account file';
  }
}

const envSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none'], { message: 'must be one of altcha, recaptcha, none' }).default('altcha'),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    RECAPTCHA_SECRET: z.string().optional(),
    ALTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
    MAIL_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Recarga <no-reply@recarga.app>'),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).optional(),
    DEMO: bool.optional(),
    /** The demo's past 90 days of recharges, on its first start (default on with DEMO). */
    DEMO_HISTORY: bool.optional(),
    SIMULATOR_STATIONS: z.coerce.number().int().min(0).max(100_000).optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    NATS_URL: z
      .string()
      .regex(/^nats:\/\//, 'must be a nats:// URL')
      .optional(),
    MQTT_URL: z
      .string()
      .regex(/^(mqtts?|wss?):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
      .optional(),
    METER_ONLINE_WINDOW_SEC: z.coerce.number().int().min(5).max(86_400).default(120),
    METER_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Smart charging: how often the load manager re-plans (ms), its safety margin and hysteresis (A). */
    SMART_CHARGING_PERIOD_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    SMART_CHARGING_MARGIN_A: z.coerce.number().min(0).max(100).default(5),
    MQTT_SHARE_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"')
      .default('recarga'),
    WEB_DIST: z.string().default('apps/web/dist'),
    TLS_CERT_FILE: z.string().optional(),
    TLS_KEY_FILE: z.string().optional(),
    TRUST_PROXY: addressList.optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_ALLOW: addressList.optional(),
    API_DOCS: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    OCPP_HEARTBEAT_INTERVAL: z.coerce.number().int().min(10).max(86_400).default(300),
    OCPP_PING_INTERVAL: z.coerce.number().int().min(1).max(600).default(30),
    /** Seconds a station has to answer a remote command before it is recorded as timed out. */
    OCPP_COMMAND_TIMEOUT: z.coerce.number().int().min(1).max(600).default(30),
    /** Station sockets one node holds at most (default: the open-file limit less 512). */
    OCPP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).optional(),
    NODE_ID: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'must be 1-100 letters, digits, "_", "." or "-"')
      .optional(),
    CEP_URL: z.url().default('https://viacep.com.br/ws/{cep}/json/'),
    GEOCODER_URL: z.url().default('https://nominatim.openstreetmap.org/search'),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    /** Mercado Pago (modules/payments/mercado-pago-provider.ts): the seller's access token, the API's address, the webhook's secret. */
    MERCADO_PAGO_ACCESS_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
    MERCADO_PAGO_BASE_URL: z.url({ message: 'must be an absolute URL' }).default('https://api.mercadopago.com'),
    MERCADO_PAGO_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    MERCADO_PAGO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** Notifications older than this (their signed ts) are refused; 0 = no limit (replays are harmless: a payment credits once). */
    MERCADO_PAGO_WEBHOOK_MAX_AGE_SEC: z.coerce
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .default(0),
    /** Support mail (modules/support): the platform's address when neither a tenant nor its ancestors set one. */
    SUPPORT_MAIL_TO: z.email({ message: 'must be an e-mail address' }).optional(),
    /** Push notifications (modules/push): the outbox (default), or FCM HTTP v1 with a service account. */
    PUSH_PROVIDER: z.enum(['outbox', 'fcm'], { message: 'must be one of outbox, fcm' }).optional(),
    FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
    FCM_BASE_URL: z.url({ message: 'must be an absolute URL' }).default('https://fcm.googleapis.com'),
    /** Default: the service account's token_uri. */
    FCM_TOKEN_URL: z.url({ message: 'must be an absolute URL' }).optional(),
    FCM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  })
  .superRefine((env, ctx) => {
    if (!!env.TLS_CERT_FILE !== !!env.TLS_KEY_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'],
        message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
      });
    }
    for (const key of ['TLS_CERT_FILE', 'TLS_KEY_FILE'] as const) {
      const file = env[key];
      if (file && !fs.existsSync(file)) ctx.addIssue({ code: 'custom', path: [key], message: 'file does not exist' });
    }
    if (env.PUSH_PROVIDER === 'fcm' && !env.FCM_SERVICE_ACCOUNT_FILE) {
      ctx.addIssue({ code: 'custom', path: ['FCM_SERVICE_ACCOUNT_FILE'], message: 'is required when PUSH_PROVIDER=fcm' });
    }
    if (env.FCM_SERVICE_ACCOUNT_FILE) {
      const problem = serviceAccountProblem(env.FCM_SERVICE_ACCOUNT_FILE);
      if (problem) ctx.addIssue({ code: 'custom', path: ['FCM_SERVICE_ACCOUNT_FILE'], message: problem });
    }
    if (env.CAPTCHA_PROVIDER === 'recaptcha' && !env.RECAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: 'is required when CAPTCHA_PROVIDER=recaptcha' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  captcha: { provider: 'altcha' | 'recaptcha' | 'none'; altchaMaxNumber: number; recaptchaSiteKey?: string; recaptchaSecret?: string };
  mail: { url?: string; from: string };
  publicUrl?: string;
  demo: boolean;
  /** Seed the demo's 90 days of history on the first start: DEMO_HISTORY, default on with the demo. */
  demoHistory: boolean;
  simulatorStations: number;
  sessionTtlMs: number;
  natsUrl?: string;
  /** Meters: MQTT_URL (readings also over MQTT), the online window and how long readings are kept (modules/meters). */
  meters: { mqttUrl?: string; mqttShareGroup: string; onlineWindowSec: number; retentionDays: number };
  /** The smart-charging control loop (modules/smart-charging): period (ms) and safety margin (A); the dead band and the rest are settings of each group (issue 41). */
  smartCharging: { periodMs: number; marginA: number };
  webDist: string;
  /** HTTPS (and WSS for OCPP security profile 2) when both files are given. */
  tls?: { certFile: string; keyFile: string };
  logLevel: Env['LOG_LEVEL'];
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses, CIDR ranges or
   * loopback/linklocal/uniquelocal); empty: the header is ignored and the socket's address counts.
   */
  trustProxy: string[];
  /**
   * Who may read /metrics: a scraper presenting METRICS_TOKEN as a bearer token, or one calling
   * from METRICS_ALLOW (addresses or CIDR ranges; default loopback). Anyone else gets 404.
   */
  metrics: { token?: string; allow: string[] };
  /** /docs (the API's OpenAPI page) is served: API_DOCS, default on for the embedded demo, off with DATABASE_URL. */
  apiDocs: boolean;
  ocpp: { heartbeatInterval: number; pingInterval: number; commandTimeoutMs: number; maxConnections?: number };
  /**
   * This node's name in the cluster (NODE_ID, default the host name): OCPP connection records
   * name the node holding each socket, and a node clears the records of its own name at start,
   * so two nodes on one host need distinct ids.
   */
  nodeId: string;
  services: { cepUrl: string; geocoderUrl: string; mapTileUrl: string };
  /**
   * Mercado Pago: refunds and payment look-ups need the access token (without it those calls answer
   * 503 and change nothing); the webhook (POST /webhooks/mercado-pago) needs the secret to check
   * the `x-signature` of each notification (without it the webhook answers 503).
   */
  mercadoPago: { accessToken?: string; baseUrl: string; webhookSecret?: string; timeoutMs: number; webhookMaxAgeSec: number };
  /** Support mail: the platform's support address (SUPPORT_MAIL_TO), used when a tenant and its ancestors set none. */
  support: { mailTo?: string };
  /**
   * Push notifications: `outbox` stores and lists them (the local default); `fcm` (chosen when
   * FCM_SERVICE_ACCOUNT_FILE is set, unless PUSH_PROVIDER=outbox) sends through FCM HTTP v1.
   */
  push: {
    provider: 'outbox' | 'fcm';
    fcm?: { serviceAccountFile: string; baseUrl: string; tokenUrl?: string; timeoutMs: number };
    /** FCM for networks with their own service account (/config); absent when PUSH_PROVIDER=outbox (nothing leaves the machine). */
    tenantFcm?: { baseUrl: string; tokenUrl?: string; timeoutMs: number };
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment once; throws ConfigError listing every bad value. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const key = String(i.path[0] ?? '');
        const got = key in raw ? ` (got "${raw[key]}")` : '';
        return `${key}: ${i.message}${got}`;
      }),
    );
  }
  const env = parsed.data;
  const embedded = !env.DATABASE_URL;
  const demo = env.DEMO ?? embedded;
  return {
    port: env.PORT,
    host: env.HOST,
    // From the repository root: `npm start` runs the server in apps/server, and the README promises ./data.
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    captcha: {
      provider: env.CAPTCHA_PROVIDER,
      altchaMaxNumber: env.ALTCHA_MAX_NUMBER,
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
      recaptchaSecret: env.RECAPTCHA_SECRET,
    },
    mail: { url: env.MAIL_URL, from: env.MAIL_FROM },
    publicUrl: env.PUBLIC_URL,
    demo,
    demoHistory: demo && (env.DEMO_HISTORY ?? true),
    simulatorStations: env.SIMULATOR_STATIONS ?? (demo && embedded ? 6 : 0),
    sessionTtlMs: env.SESSION_TTL_HOURS * 3_600_000,
    natsUrl: env.NATS_URL,
    meters: {
      mqttUrl: env.MQTT_URL,
      mqttShareGroup: env.MQTT_SHARE_GROUP,
      onlineWindowSec: env.METER_ONLINE_WINDOW_SEC,
      retentionDays: env.METER_RETENTION_DAYS,
    },
    smartCharging: {
      periodMs: env.SMART_CHARGING_PERIOD_MS,
      marginA: env.SMART_CHARGING_MARGIN_A,
    },
    webDist: path.resolve(repoRoot, env.WEB_DIST),
    tls: env.TLS_CERT_FILE && env.TLS_KEY_FILE ? { certFile: env.TLS_CERT_FILE, keyFile: env.TLS_KEY_FILE } : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY?.split(',').map((a) => a.trim()) ?? [],
    metrics: { token: env.METRICS_TOKEN, allow: (env.METRICS_ALLOW ?? 'loopback').split(',').map((a) => a.trim()) },
    apiDocs: env.API_DOCS ?? embedded,
    ocpp: {
      heartbeatInterval: env.OCPP_HEARTBEAT_INTERVAL,
      pingInterval: env.OCPP_PING_INTERVAL,
      commandTimeoutMs: env.OCPP_COMMAND_TIMEOUT * 1000,
      maxConnections: stationSocketCap(env.OCPP_MAX_CONNECTIONS, openFileLimit()),
    },
    nodeId: env.NODE_ID ?? hostname(),
    services: { cepUrl: env.CEP_URL, geocoderUrl: env.GEOCODER_URL, mapTileUrl: env.MAP_TILE_URL },
    mercadoPago: {
      accessToken: env.MERCADO_PAGO_ACCESS_TOKEN,
      baseUrl: env.MERCADO_PAGO_BASE_URL,
      webhookSecret: env.MERCADO_PAGO_WEBHOOK_SECRET,
      timeoutMs: env.MERCADO_PAGO_TIMEOUT_MS,
      webhookMaxAgeSec: env.MERCADO_PAGO_WEBHOOK_MAX_AGE_SEC,
    },
    support: { mailTo: env.SUPPORT_MAIL_TO },
    push: {
      provider: env.PUSH_PROVIDER ?? (env.FCM_SERVICE_ACCOUNT_FILE ? 'fcm' : 'outbox'),
      fcm: env.FCM_SERVICE_ACCOUNT_FILE
        ? {
            serviceAccountFile: path.resolve(env.FCM_SERVICE_ACCOUNT_FILE),
            baseUrl: env.FCM_BASE_URL,
            tokenUrl: env.FCM_TOKEN_URL,
            timeoutMs: env.FCM_TIMEOUT_MS,
          }
        : undefined,
      tenantFcm:
        env.PUSH_PROVIDER === 'outbox'
          ? undefined
          : { baseUrl: env.FCM_BASE_URL, tokenUrl: env.FCM_TOKEN_URL, timeoutMs: env.FCM_TIMEOUT_MS },
    },
  };
}
