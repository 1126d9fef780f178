import type { AdminTenant } from '@recarga/contracts/tenant-settings';

/** The network and every network below it (by parent links), as ids. */
export function subtreeOf(tenants: readonly Pick<AdminTenant, 'tenantPk' | 'parentTenantPk'>[], root: number): Set<number> {
  const out = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of tenants) {
      if (t.parentTenantPk !== null && out.has(t.parentTenantPk) && !out.has(t.tenantPk)) {
        out.add(t.tenantPk);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * The networks a network may hang from: any in scope except itself and those below it (a move
 * would make a loop). A new network (null) may hang from any.
 */
export function parentChoices<T extends Pick<AdminTenant, 'tenantPk' | 'parentTenantPk'>>(
  tenants: readonly T[],
  tenantPk: number | null,
): T[] {
  if (tenantPk === null) return [...tenants];
  const below = subtreeOf(tenants, tenantPk);
  return tenants.filter((t) => !below.has(t.tenantPk));
}

/** A use against its limit: 'over' at or past it, 'near' from 80 %, else 'ok'; unlimited is 'ok'. */
export function usageLevel(used: number, limit: number | null): 'ok' | 'near' | 'over' {
  if (limit === null) return 'ok';
  if (used >= limit) return 'over';
  return used >= limit * 0.8 ? 'near' : 'ok';
}
