import type { AppModule } from '../../platform/app-module';
import { supportRoutes } from './routes';
import { SupportService } from './service';

/** Support mail to the network's support address, and the public contact form (001 §2, §7). */
export const supportModule: AppModule = {
  name: 'support',
  async register(app, { platform }) {
    const service = new SupportService({
      db: platform.database.db,
      mailer: platform.mailer,
      captcha: platform.captcha,
      platformAddress: platform.config.support.mailTo,
    });
    await app.register(supportRoutes, { service });
  },
};
