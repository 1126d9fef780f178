import type { AppModule } from '../../platform/app-module';
import { ensureSecret } from '../../platform/secrets';
import { authRoutes } from './routes';
import { AuthService } from './service';

/** Sign-in, sign-up, password recovery and sessions. */
export const authModule: AppModule = {
  name: 'auth',
  async register(app, { platform }) {
    const { database, captcha, mailer, signer, config } = platform;
    const service = new AuthService({
      db: database.db,
      captcha,
      mailer,
      signer,
      sessionTtlMs: config.sessionTtlMs,
      codeSecret: await ensureSecret(database.db, 'reset_code_secret'),
    });
    await app.register(authRoutes, { service, captcha });
  },
};
