import { recordNotifications } from '../../modules/notifications/service';
import type { Handler } from '../handler-context';
import { updateBoot } from '../repository';

/** Stores what the station says it is and accepts it with the configured heartbeat interval. */
export const bootNotification: Handler<'BootNotification'> = async (deps, station, req) => {
  const now = deps.now();
  const notificationPks = await deps.db.transaction().execute(async (trx) => {
    await updateBoot(trx, station.chargeBoxPk, req, now);
    return recordNotifications(trx, [{ chargeBoxPk: station.chargeBoxPk, type: 'StationBooted', timestamp: now }]);
  });
  deps.events.committed({ notificationPks, chargeBoxPks: [station.chargeBoxPk] });
  return { status: 'Accepted', currentTime: now.toISOString(), interval: deps.heartbeatInterval };
};
