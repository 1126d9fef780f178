import type { AppModule } from '../../platform/app-module';
import { tagRoutes } from './routes';
import { TagService } from './service';

/** RFID tags and unknown tags: list, form, spreadsheet, approvals. */
export const tagsModule: AppModule = {
  name: 'tags',
  async register(app, { platform, services }) {
    const service = new TagService(platform.database.db, { tenants: services.get('tenants'), log: app.log });
    await app.register(tagRoutes, { service });
  },
};
