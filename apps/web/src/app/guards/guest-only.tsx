import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/use-session';

/** A signed-in visitor of an /auth/ page goes to the general view. */
export function GuestOnly() {
  const session = useSession();
  return session ? <Navigate to="/" replace /> : <Outlet />;
}
