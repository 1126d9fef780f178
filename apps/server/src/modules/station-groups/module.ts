import type { AppModule } from '../../platform/app-module';
import { stationGroupRoutes } from './routes';
import { StationGroupService } from './service';

/** Station groups: list and form. */
export const stationGroupsModule: AppModule = {
  name: 'station-groups',
  async register(app, { platform }) {
    await app.register(stationGroupRoutes, { service: new StationGroupService(platform.database.db) });
  },
};
