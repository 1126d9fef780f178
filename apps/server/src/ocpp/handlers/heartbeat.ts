import type { Handler } from '../handler-context';

/** Answers the time once the heartbeat is written (batched with other stations' messages). */
export const heartbeat: Handler<'Heartbeat'> = async (deps, station) => {
  const now = deps.now();
  await deps.batcher.touchAndWait({ chargeBoxPk: station.chargeBoxPk, connectionId: station.connectionId, at: now, message: true });
  return { currentTime: now.toISOString() };
};
