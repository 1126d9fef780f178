import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/use-session';

/** Signed-out visitors of a private screen go to the login. */
export function RequireAuth() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to="/auth/login" replace />;
}
