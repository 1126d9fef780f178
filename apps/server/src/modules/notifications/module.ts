import type { AppModule } from '../../platform/app-module';
import { notificationRoutes } from './routes';
import { NotificationService } from './service';

/** Station events (alerts) for the dashboard; the OCPP central system records them. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  async register(app, { platform }) {
    await app.register(notificationRoutes, { service: new NotificationService(platform.database.db) });
  },
};
