import type { Handler } from '../handler-context';
import { updateFirmwareStatus } from '../repository';

export const firmwareStatusNotification: Handler<'FirmwareStatusNotification'> = async (deps, station, req) => {
  await updateFirmwareStatus(deps.db, station.chargeBoxPk, req.status, deps.now());
  return {};
};
