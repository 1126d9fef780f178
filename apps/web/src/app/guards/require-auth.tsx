import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { loginPathFor } from '../../lib/return-path';
import { useSession } from '../../lib/use-session';
import { isRouteHandle } from '../route-handle';

/**
 * Signed-out visitors of a private screen go to the login, which brings them back to the same
 * address; an address no screen has goes to the public not-found page.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  if (session) return <Outlet />;
  if (matches.some((match) => isRouteHandle(match.handle) && match.handle.unknownPath)) return <Navigate to="/not-found" replace />;
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
}
