import { sql, type RawBuilder } from 'kysely';

/** The part of a tenant scope that narrows it to a station owner's stations. */
export interface OwnerScope {
  ownerUserPk?: number | null;
}

/**
 * True for a station the caller may see: any station of the scope's tenants, or — for a station
 * owner — only one the owner has on its access list as owner. `chargeBoxPk` names the column that
 * holds the station key in the query (`cb.charge_box_pk`, `t.charge_box_pk`…). The one rule every
 * repository applies wherever it already filters by tenant.
 */
export function ownedStation(scope: OwnerScope, chargeBoxPk: string): RawBuilder<boolean> {
  if (scope.ownerUserPk == null) return sql<boolean>`true`;
  return sql<boolean>`exists (select 1 from station_user_bindings owned
    where owned.charge_box_pk = ${sql.ref(chargeBoxPk)} and owned.user_pk = ${scope.ownerUserPk} and owned.owner)`;
}
