import type { AppModule } from '../../platform/app-module';
import { userRoutes } from './routes';
import { UserService } from './service';

/** Users of the dashboard and drivers: forms, addresses, limits. */
export const usersModule: AppModule = {
  name: 'users',
  async register(app, { platform }) {
    await app.register(userRoutes, { service: new UserService(platform.database.db) });
  },
};
