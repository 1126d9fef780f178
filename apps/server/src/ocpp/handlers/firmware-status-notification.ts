import { recordFirmwareStatus } from '../../modules/stations/service';
import type { Handler } from '../handler-context';

/** The station's firmware update status is kept by the stations module (shown on the station's card). */
export const firmwareStatusNotification: Handler<'FirmwareStatusNotification'> = async (deps, station, req) => {
  await recordFirmwareStatus(deps.db, station.chargeBoxPk, req.status, deps.now());
  return {};
};
