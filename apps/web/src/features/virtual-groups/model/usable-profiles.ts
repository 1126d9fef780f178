/** A pricing profile as the pickers list it. */
export interface ProfileOption {
  uuid: string;
  name: string;
  tenantPk: number;
}

/**
 * The profiles a group of this network may use: the network's own and those of the networks above
 * it (the server refuses others). With no network known, or one the tenant list does not hold,
 * every profile of the list is offered and the server has the last word.
 */
export function usableProfiles<P extends ProfileOption>(
  profiles: readonly P[],
  tenants: readonly { tenant_pk: number; parent_tenant_pk: number | null }[],
  groupTenantPk: number | undefined,
): P[] {
  if (groupTenantPk === undefined || !tenants.some((t) => t.tenant_pk === groupTenantPk)) return [...profiles];
  const parentOf = new Map(tenants.map((t) => [t.tenant_pk, t.parent_tenant_pk]));
  const line = new Set<number>();
  for (let pk: number | null | undefined = groupTenantPk; pk != null && !line.has(pk); pk = parentOf.get(pk)) line.add(pk);
  return profiles.filter((p) => line.has(p.tenantPk));
}
