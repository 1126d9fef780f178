import { recordNotifications } from '../../modules/notifications/service';
import type { Handler } from '../handler-context';
import { closeRejectedStarts, updateBoot } from '../repository';

/** Stores what the station says it is and accepts it with the configured heartbeat interval; closes its rejected starts. */
export const bootNotification: Handler<'BootNotification'> = async (deps, station, req) => {
  const now = deps.now();
  const notificationPks = await deps.db.transaction().execute(async (trx) => {
    await updateBoot(trx, station.chargeBoxPk, req, now);
    // A rebooted station has forgotten the starts it was refused.
    await closeRejectedStarts(trx, [{ chargeBoxPk: station.chargeBoxPk, at: now }], 'boot');
    return recordNotifications(trx, [{ chargeBoxPk: station.chargeBoxPk, type: 'StationBooted', timestamp: now }]);
  });
  deps.events.committed({ notificationPks, chargeBoxPks: [station.chargeBoxPk] });
  return { status: 'Accepted', currentTime: now.toISOString(), interval: deps.heartbeatInterval };
};
