import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { accessPlugin } from './platform/auth/access-plugin';
import { TokenSigner } from './platform/auth/tokens';
import type { Bus } from './platform/bus';
import { AltchaCaptcha } from './platform/captcha/altcha-captcha';
import type { Captcha } from './platform/captcha/captcha';
import { NoCaptcha } from './platform/captcha/no-captcha';
import { RecaptchaCaptcha } from './platform/captcha/recaptcha-captcha';
import { registerErrorHandler } from './platform/errors';
import { apiTags } from './platform/openapi';
import { JobRunner } from './platform/jobs';
import { Metrics, registerMetrics } from './platform/metrics';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerInputGuard } from './platform/input-guard';
import { FileMailer, SmtpMailer, type Mailer } from './platform/mail/mailer';
import { ensureSecret } from './platform/secrets';
import { registerWebApp } from './platform/web-app';
import { registerCompression } from './platform/compression';
import { ServiceRegistry, type AppModule } from './platform/app-module';
import type { Platform } from './platform/platform';
import { LiveGateway } from './live/live-gateway';
import { LivePublisher } from './platform/live-publisher';
import { routeUpgrades } from './live/upgrade-router';
import { CentralSystem } from './ocpp/central-system';
import { closeQuietRejectedStarts, REJECTED_START_QUIET_MS } from './ocpp/repository';
import { authModule } from './modules/auth/module';
import { tenantsModule } from './modules/tenants/module';
import { usersModule } from './modules/users/module';
import { notificationsModule } from './modules/notifications/module';
import { addressLookupModule } from './modules/address-lookup/module';
import { stationsModule } from './modules/stations/module';
import { stationGroupsModule } from './modules/station-groups/module';
import { stationGraphsModule } from './modules/station-graphs/module';
import { invoicesModule } from './modules/invoices/module';
import { paymentsModule } from './modules/payments/module';
import { billingModule } from './modules/billing/module';
import { transactionsModule } from './modules/transactions/module';
import { statsModule } from './modules/stats/module';
import { plugShareModule } from './modules/plug-share/module';
import { tagsModule } from './modules/tags/module';
import { operationsModule } from './modules/operations/module';
import { dynamicPricingModule } from './modules/dynamic-pricing/module';
import { smartChargingModule } from './modules/smart-charging/module';
import { virtualGroupsModule } from './modules/virtual-groups/module';
import { metersModule } from './modules/meters/module';
import { financialModule } from './modules/financial/module';
import { vouchersModule } from './modules/vouchers/module';
import { qrCodeModule } from './modules/qrcode/module';
import { logsModule } from './modules/logs/module';
import { TenantLog } from './modules/logs/tenant-log-service';
import { supportModule } from './modules/support/module';
import { pushModule } from './modules/push/module';

/**
 * Every business area, registered in this order: a module may use the services of the modules
 * listed before it (e.g. transactions uses tenants, billing, payments and invoices).
 */
export const appModules: readonly AppModule[] = [
  authModule,
  tenantsModule,
  usersModule,
  notificationsModule,
  addressLookupModule,
  stationsModule,
  stationGroupsModule,
  stationGraphsModule,
  invoicesModule,
  paymentsModule,
  dynamicPricingModule,
  billingModule,
  transactionsModule,
  statsModule,
  plugShareModule,
  tagsModule,
  operationsModule,
  smartChargingModule,
  virtualGroupsModule,
  metersModule,
  financialModule,
  vouchersModule,
  qrCodeModule,
  logsModule,
  supportModule,
  pushModule,
];

export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  /** Overrides for tests; defaults follow the configuration. */
  mailer?: Mailer;
  captcha?: Captcha;
  logger?: boolean | object;
}

/** The node's app, with what tests and tools reach into. */
export type RecargaApp = FastifyInstance & {
  platform: Platform;
  /** The services the modules provide to each other. */
  services: ServiceRegistry;
  /** This node's OCPP central system. */
  ocpp: CentralSystem;
};

export async function buildApp(deps: AppDeps): Promise<RecargaApp> {
  const { config, database, bus } = deps;
  const app = Fastify({
    ...(config.tls ? { https: { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } } : {}),
    logger: deps.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); off by default.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 40 * 1024 * 1024,
    // No limit on a plugin's or a close hook's time: closing a node that is still answering a fleet's
    // messages (each stop committed before it is acknowledged) takes longer than the default 10 s, and
    // that timeout ended the process with an error in the middle of it. main.ts bounds the shutdown.
    pluginTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const db = database.db;
  const signer = new TokenSigner(await ensureSecret(db, 'session_secret'));
  const captcha =
    deps.captcha ??
    (config.captcha.provider === 'altcha'
      ? new AltchaCaptcha(db, await ensureSecret(db, 'altcha_hmac_key'), config.captcha.altchaMaxNumber)
      : config.captcha.provider === 'recaptcha'
        ? new RecaptchaCaptcha(config.captcha.recaptchaSecret!)
        : new NoCaptcha());
  const mailer =
    deps.mailer ??
    (config.mail.url
      ? new SmtpMailer(config.mail.url, config.mail.from)
      : new FileMailer(path.join(config.dataDir, 'mail'), config.mail.from, app.log));
  const metrics = new Metrics();
  const jobs = new JobRunner(db, app.log);
  app.addHook('onClose', () => jobs.stop());
  const live = new LivePublisher(db, bus);
  // The per-tenant operational log: OCPP traffic, commands, smart charging and sign-ins write to it.
  const tenantLog = new TenantLog(db, { onError: (err, lines) => app.log.error({ err, lines }, 'tenant log: batch not written') });
  const ocpp = new CentralSystem({
    db,
    bus,
    publisher: live,
    log: app.log,
    heartbeatInterval: config.ocpp.heartbeatInterval,
    pingInterval: config.ocpp.pingInterval,
    maxConnections: config.ocpp.maxConnections,
    nodeId: config.nodeId,
    trustProxy: config.trustProxy,
    metrics,
    // The write path has its own connections, one lane per connection (PGlite: one).
    writeDb: database.ingest,
    batcher: { lanes: database.ingestConnections },
    tenantLog,
  });
  // Starts the central system refused and the station dropped without a word: closed once quiet.
  jobs.schedule({
    name: 'ocpp.rejected-starts',
    everyMs: 60_000,
    run: async () => void (await closeQuietRejectedStarts(db, REJECTED_START_QUIET_MS)),
  });
  const platform: Platform = { config, database, bus, mailer, captcha, signer, metrics, jobs, live, stations: ocpp.events };
  registerMetrics(app, metrics, config.metrics);
  registerSecurityHeaders(app, config);
  registerInputGuard(app);
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Recarga API', version: '1.0.0' },
      tags: [...apiTags],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(accessPlugin, { db, signer });

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // OCPP central system (/ocpp/{chargeBoxId}), live updates (/live), station events
  const liveGateway = new LiveGateway({ db, signer, bus, log: app.log });
  routeUpgrades(app.server, [ocpp, liveGateway]);
  await ocpp.start();
  app.addHook('preClose', async () => {
    await liveGateway.close();
    await ocpp.close();
  });

  const services = new ServiceRegistry();
  services.provide('tenantLog', tenantLog);
  for (const module of appModules) await module.register(app, { platform, services });
  app.addHook('onClose', () => tenantLog.close());

  await registerWebApp(app, db, config);
  return Object.assign(app, { platform, services, ocpp });
}
