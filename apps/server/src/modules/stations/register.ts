import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../app';
import { ensureSecret } from '../../platform/secrets';
import { ViaCepAdapter } from '../address-lookup/cep-adapter';
import { NominatimGeocoder } from '../address-lookup/geocoder';
import { LookupSigner } from '../address-lookup/lookup-token';
import { addressLookupRoutes } from '../address-lookup/routes';
import { AddressLookupService } from '../address-lookup/service';
import { stationGraphRoutes } from '../station-graphs/routes';
import { StationGraphService } from '../station-graphs/service';
import { stationGroupRoutes } from '../station-groups/routes';
import { StationGroupService } from '../station-groups/service';
import { stationReportRoutes } from '../station-reports/routes';
import { StationReportService } from '../station-reports/service';
import { PhotoStore } from './photo-store';
import { stationRoutes } from './routes';
import { StationService } from './service';

/** Look-up services never make a form wait longer than this. */
const LOOKUP_TIMEOUT_MS = 3000;

/** Wires the stations area: stations, groups, reports, graphs and address look-ups. */
export async function registerStationModules(app: FastifyInstance, platform: Platform) {
  const db = platform.database.db;
  const config = platform.config;
  const lookup = new LookupSigner(await ensureSecret(db, 'address_lookup_secret'));
  const pingIntervalSec = config.ocpp.pingInterval;
  const stations = new StationService({
    db,
    photos: new PhotoStore(config.dataDir),
    lookup,
    pingIntervalSec,
    stationChanged: (pk, type) =>
      platform.ocpp.events.chargeBoxChanged(pk, type).catch((err) => app.log.warn({ err }, 'stations: live publish failed')),
    connectorStatus: (tenantPk, status) =>
      platform.live.connectorStatus(tenantPk, status).catch((err) => app.log.warn({ err }, 'stations: live publish failed')),
  });
  await app.register(stationRoutes, { service: stations });
  await app.register(stationGroupRoutes, { service: new StationGroupService(db) });
  await app.register(stationReportRoutes, {
    service: new StationReportService({ db, pingIntervalSec, webDist: config.webDist, log: app.log }),
  });
  await app.register(stationGraphRoutes, { service: new StationGraphService(db) });
  await app.register(addressLookupRoutes, {
    service: new AddressLookupService(
      new ViaCepAdapter(config.services.cepUrl, LOOKUP_TIMEOUT_MS),
      new NominatimGeocoder(config.services.geocoderUrl, LOOKUP_TIMEOUT_MS),
      lookup,
    ),
  });
}
