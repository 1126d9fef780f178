import { useMemo } from 'react';
import { permittedRoutes } from '@recarga/contracts/permissions';
import { useBrand } from '../lib/theme/brand-context';
import { useSession } from '../lib/use-session';

/** Route keys the signed-in user may use, after the theme-aware route filter of the spec. */
export function usePermittedRoutes(): ReadonlySet<string> {
  const session = useSession();
  const brand = useBrand();
  return useMemo(() => (session ? permittedRoutes(session.user.permissions, brand.name) : new Set<string>()), [session, brand.name]);
}
