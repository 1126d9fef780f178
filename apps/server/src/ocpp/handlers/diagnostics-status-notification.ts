import type { Handler } from '../handler-context';
import { updateDiagnosticsStatus } from '../repository';

export const diagnosticsStatusNotification: Handler<'DiagnosticsStatusNotification'> = async (deps, station, req) => {
  await updateDiagnosticsStatus(deps.db, station.chargeBoxPk, req.status, deps.now());
  return {};
};
