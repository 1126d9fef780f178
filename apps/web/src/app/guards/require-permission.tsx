import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isRouteAllowed } from '../route-access';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';

/** A private screen opens only when its permission key survived the route filter. */
export function RequirePermission({ permission, children }: { permission: string | null; children: ReactNode }) {
  const permitted = usePermittedRoutes();
  return isRouteAllowed({ permission }, permitted) ? children : <Navigate to="/not-found" replace />;
}
