import type { AppModule } from '../../platform/app-module';
import { PhotoStore } from './photo-store';
import { stationReportRoutes } from './report-routes';
import { StationReportService } from './report-service';
import { stationRoutes } from './routes';
import { StationService } from './service';

/** Stations and connectors: list, form, photos, access lists, QR codes, and the station reports. */
export const stationsModule: AppModule = {
  name: 'stations',
  async register(app, { platform, services }) {
    const { config, database } = platform;
    const db = database.db;
    const pingIntervalSec = config.ocpp.pingInterval;
    const stations = new StationService({
      db,
      photos: new PhotoStore(config.dataDir),
      lookup: services.get('addressLookup'),
      pingIntervalSec,
      stationChanged: (pk, type) =>
        platform.stations.chargeBoxChanged(pk, type).catch((err) => app.log.warn({ err }, 'stations: live publish failed')),
      connectorStatus: (tenantPk, status) =>
        platform.live.connectorStatus(tenantPk, status).catch((err) => app.log.warn({ err }, 'stations: live publish failed')),
    });
    await app.register(stationRoutes, { service: stations });
    const reports = new StationReportService({
      db,
      tenants: services.get('tenants'),
      pingIntervalSec,
      webDist: config.webDist,
      log: app.log,
    });
    await app.register(stationReportRoutes, { service: reports });
  },
};
