import { useMemo } from 'react';
import { hasRole, permittedRoutes } from '@recarga/contracts/permissions';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { useBrand } from './theme/brand-context';
import { useSession } from './use-session';

/**
 * Route keys the signed-in user may use, after the theme-aware route filter of the spec. Typed by
 * the spec's keys: `permitted.has('/stations/creat')` does not compile.
 */
export function usePermittedRoutes(): ReadonlySet<DashboardRoute> {
  const session = useSession();
  const brand = useBrand();
  return useMemo(
    () => (session ? permittedRoutes(session.user.permissions, brand.name) : new Set<DashboardRoute>()),
    [session, brand.name],
  );
}

/** True when the signed-in user holds this role id (e.g. DASH_FINANCIAL_INDICATORS). */
export function useHasRole(roleId: string): boolean {
  const session = useSession();
  return session ? hasRole(session.user.permissions, roleId) : false;
}
