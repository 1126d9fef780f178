import { tagAtStation } from '../authorization';
import type { Handler } from '../handler-context';

/** Looks the tag up (see authorization.ts); an unknown tag is recorded for the station's tenant. */
export const authorize: Handler<'Authorize'> = async (deps, station, req) => {
  const { idTagInfo } = await tagAtStation(deps.db, station.chargeBoxPk, req.idTag, deps.now(), { countOpen: true, recordUnknown: true });
  return { idTagInfo };
};
