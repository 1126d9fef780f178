import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { isRouteAllowed } from '../route-access';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';
import { useSession } from '../../lib/use-session';

/** A private screen opens only when its permission key survived the route filter (or it is one's own, see selfParam). */
export function RequirePermission({
  permission,
  selfParam,
  children,
}: {
  permission: DashboardRoute | null;
  selfParam?: string;
  children: ReactNode;
}) {
  const permitted = usePermittedRoutes();
  const params = useParams();
  const session = useSession();
  const self = session ? { params, userId: session.user.id } : undefined;
  return isRouteAllowed({ permission, selfParam }, permitted, self) ? children : <Navigate to="/not-found" replace />;
}
