import type { Handler } from '../handler-context';

/**
 * Stores what the station says it is and accepts it with the configured heartbeat interval; closes
 * its rejected starts. Written with the other boots of the write batcher's batch (a fleet coming
 * back after a restart boots by the thousand), answered after that batch committed.
 */
export const bootNotification: Handler<'BootNotification'> = async (deps, station, req) => {
  const now = deps.now();
  const notificationPks = await deps.batcher.boot({ chargeBoxPk: station.chargeBoxPk, req, at: now });
  deps.events.committed({ notificationPks, chargeBoxPks: [station.chargeBoxPk] });
  return { status: 'Accepted', currentTime: now.toISOString(), interval: deps.heartbeatInterval };
};
