import type { AppModule } from '../../platform/app-module';
import { stationGraphRoutes } from './routes';
import { StationGraphService } from './service';

/** The station card's graphs: recharges, energy and users per day or hour. */
export const stationGraphsModule: AppModule = {
  name: 'station-graphs',
  async register(app, { platform }) {
    await app.register(stationGraphRoutes, { service: new StationGraphService(platform.database.db) });
  },
};
