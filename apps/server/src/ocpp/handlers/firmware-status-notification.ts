import { recordFirmwareStatus } from '../../modules/stations/service';
import type { Handler } from '../handler-context';

/** The station's firmware update status is kept by the stations module (shown on the station's card, live). */
export const firmwareStatusNotification: Handler<'FirmwareStatusNotification'> = async (deps, station, req) => {
  await recordFirmwareStatus(deps.db, station.chargeBoxPk, req.status, deps.now());
  // Dashboards get the station again (`<apiKey>/chargeBox`), so an open station card shows it live.
  deps.events.committed({ chargeBoxPks: [station.chargeBoxPk] });
  return {};
};
