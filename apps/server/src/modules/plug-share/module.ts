import type { AppModule } from '../../platform/app-module';
import { plugShareRoutes } from './routes';
import { PlugShareService } from './service';

/** Third-party (PLUG_SHARE) points: CSV import and list. */
export const plugShareModule: AppModule = {
  name: 'plug-share',
  async register(app, { platform }) {
    await app.register(plugShareRoutes, { service: new PlugShareService(platform.database.db) });
  },
};
