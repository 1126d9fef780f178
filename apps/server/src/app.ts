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
import { JobRunner } from './platform/jobs';
import { Metrics, registerMetrics } from './platform/metrics';
import { FileMailer, SmtpMailer, type Mailer } from './platform/mail/mailer';
import { ensureSecret } from './platform/secrets';
import { registerWebApp } from './platform/web-app';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
// OCPP central system, live updates, station events
import { LiveGateway } from './live/live-gateway';
import { LivePublisher } from './live/publisher';
import { routeUpgrades } from './live/upgrade-router';
import { notificationRoutes } from './modules/notifications/routes';
import { NotificationService } from './modules/notifications/service';
import { CentralSystem } from './ocpp/central-system';
import { tenantRoutes } from './modules/tenants/routes';
import { TenantService } from './modules/tenants/service';
import { userRoutes } from './modules/users/routes';
import { UserService } from './modules/users/service';
// Stations, groups, reports, graphs, address look-ups
import { registerStationModules } from './modules/stations/register';
// Transactions, billing, ledger, payments, invoices
import { registerTransactionModules } from './modules/transactions/register';
// Home dashboard: stats, live stats, third-party (PLUG_SHARE) points
import { registerDashboardModules } from './modules/stats/register';

export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  /** Overrides for tests; defaults follow the configuration. */
  mailer?: Mailer;
  captcha?: Captcha;
  logger?: boolean | object;
}

/** Everything the modules share, built once per node. */
export interface Platform {
  config: Config;
  database: Database;
  bus: Bus;
  mailer: Mailer;
  captcha: Captcha;
  signer: TokenSigner;
  metrics: Metrics;
  jobs: JobRunner;
  /** Publishes live updates to dashboards (any node). */
  live: LivePublisher;
  /** This node's OCPP central system (station events; commands go through ocpp/call-station.ts). */
  ocpp: CentralSystem;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance & { platform: Platform }> {
  const { config, database, bus } = deps;
  const app = Fastify({
    ...(config.tls ? { https: { cert: fs.readFileSync(config.tls.certFile), key: fs.readFileSync(config.tls.keyFile) } } : {}),
    logger: deps.logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 40 * 1024 * 1024,
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
  const ocpp = new CentralSystem({
    db,
    bus,
    publisher: live,
    log: app.log,
    heartbeatInterval: config.ocpp.heartbeatInterval,
    pingInterval: config.ocpp.pingInterval,
    nodeId: config.nodeId,
    metrics,
    // The write path has its own connections, one lane per connection (PGlite: one).
    writeDb: database.ingest,
    batcher: { lanes: database.ingestConnections },
  });
  const platform: Platform = { config, database, bus, mailer, captcha, signer, metrics, jobs, live, ocpp };
  registerMetrics(app, metrics);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Recarga API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(accessPlugin, { db, signer });

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // Modules
  const authService = new AuthService({
    db,
    captcha,
    mailer,
    signer,
    sessionTtlMs: config.sessionTtlMs,
    codeSecret: await ensureSecret(db, 'reset_code_secret'),
  });
  await app.register(authRoutes, { service: authService, captcha });
  await app.register(tenantRoutes, { service: new TenantService(db) });
  await app.register(userRoutes, { service: new UserService(db) });

  // OCPP central system (/ocpp/{chargeBoxId}), live updates (/live), station events
  const liveGateway = new LiveGateway({ db, signer, bus, log: app.log });
  routeUpgrades(app.server, [ocpp, liveGateway]);
  await ocpp.start();
  app.addHook('preClose', async () => {
    await liveGateway.close();
    await ocpp.close();
  });
  await app.register(notificationRoutes, { service: new NotificationService(db) });
  await registerStationModules(app, platform);
  await registerTransactionModules(app, platform);
  await registerDashboardModules(app, platform);

  await registerWebApp(app, db, config);
  return Object.assign(app, { platform });
}
