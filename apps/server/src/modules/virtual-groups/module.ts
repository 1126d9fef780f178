import type { AppModule } from '../../platform/app-module';
import { virtualGroupRoutes } from './routes';
import { VirtualGroupService } from './service';

/** Virtual groups — advanced settings (002 §2–§7): chargers under one pricing setting. */
export const virtualGroupsModule: AppModule = {
  name: 'virtual-groups',
  async register(app, { platform, services }) {
    const service = new VirtualGroupService(platform.database.db, {
      pingIntervalSec: platform.config.ocpp.pingInterval,
      smartCharging: services.get('smartCharging'),
    });
    await app.register(virtualGroupRoutes, { service });
  },
};
