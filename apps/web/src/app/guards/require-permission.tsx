import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { DashboardRoute } from '@recarga/contracts/routes';
import { isRouteAllowed } from '../route-access';
import { usePermittedRoutes } from '../../lib/use-permitted-routes';
import { useSession } from '../../lib/use-session';

// Loaded only when needed: the antd Result and its art stay out of every screen's first load.
const NoPermissionView = lazy(() => import('../../components/no-permission-view').then((m) => ({ default: m.NoPermissionView })));

/**
 * A private screen opens only when its permission key survived the route filter (or it is one's
 * own, see selfParam); otherwise the shell shows that the user may not open it. The server refuses
 * the screen's calls on its own (this only spares the user a broken screen).
 */
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
  return isRouteAllowed({ permission, selfParam }, permitted, self) ? (
    children
  ) : (
    <Suspense fallback={null}>
      <NoPermissionView />
    </Suspense>
  );
}
