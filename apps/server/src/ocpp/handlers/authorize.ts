import { tagAtStation } from '../authorization';
import type { Handler } from '../handler-context';

/**
 * Looks the tag up (see authorization.ts); an unknown tag is recorded for the station's tenant.
 * Open transactions are not counted here: ConcurrentTx is the answer of StartTransaction (OCPP 1.6
 * §7.2), so a transaction whose stop was lost never keeps a driver from starting elsewhere.
 */
export const authorize: Handler<'Authorize'> = async (deps, station, req) => {
  const { idTagInfo } = await tagAtStation(deps.db, station.chargeBoxPk, req.idTag, deps.now(), { countOpen: false, recordUnknown: true });
  return { idTagInfo };
};
