import { idTagInfoFor } from '../authorization';
import type { Handler } from '../handler-context';
import { findTag, recordUnknownTag, stationTenant } from '../repository';

/** Looks the tag up (see authorization.ts); an unknown tag is recorded for the station's tenant. */
export const authorize: Handler<'Authorize'> = async (deps, station, req) => {
  const [tag, tenant] = await Promise.all([findTag(deps.db, req.idTag), stationTenant(deps.db, station.chargeBoxPk)]);
  if (!tag) await recordUnknownTag(deps.db, req.idTag, tenant.tenant_pk, station.chargeBoxPk);
  return { idTagInfo: idTagInfoFor(tag, tenant.path, deps.now(), { countOpen: true }) };
};
