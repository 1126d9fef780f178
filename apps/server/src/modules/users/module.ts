import type { AppModule } from '../../platform/app-module';
import { userRoutes } from './routes';
import { UserService } from './service';
import { userListRoutes } from './user-list-routes';
import { UserListService } from './user-list-service';

/** Users of the dashboard and drivers: forms, addresses, limits. */
export const usersModule: AppModule = {
  name: 'users',
  async register(app, { platform, services }) {
    await app.register(userRoutes, { service: new UserService(platform.database.db) });
    const list = new UserListService(platform.database.db, { tenants: services.get('tenants'), mailer: platform.mailer, log: app.log });
    app.addHook('onClose', () => list.settled());
    await app.register(userListRoutes, { service: list });
  },
};
