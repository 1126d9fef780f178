import type { AppModule } from '../../platform/app-module';
import { ensureSecret } from '../../platform/secrets';
import { authRoutes } from './routes';
import { AuthService } from './service';

/** How often old sign-in attempts are forgotten. */
const SWEEP_JOB_MS = 5 * 60_000;

/** Sign-in, sign-up, password recovery and sessions. */
export const authModule: AppModule = {
  name: 'auth',
  async register(app, { platform, services }) {
    const { database, captcha, mailer, signer, config, bus } = platform;
    const service = new AuthService({
      db: database.db,
      captcha,
      mailer,
      signer,
      sessionTtlMs: config.sessionTtlMs,
      codeSecret: await ensureSecret(database.db, 'reset_code_secret'),
      webDist: config.webDist,
      bus,
      tenantLog: services.get('tenantLog'),
    });
    platform.jobs.schedule({ name: 'auth.sweep', everyMs: SWEEP_JOB_MS, run: () => service.sweepAttempts() });
    await app.register(authRoutes, { service, captcha });
  },
};
