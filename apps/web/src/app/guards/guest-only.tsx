import { Navigate, Outlet, useSearchParams } from 'react-router';
import { returnParam, safeReturnPath } from '../../lib/return-path';
import { useSession } from '../../lib/use-session';

/** A signed-in visitor of an /auth/ page goes where the login was asked to return, else to the general view. */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  return session ? <Navigate to={safeReturnPath(params.get(returnParam)) ?? '/'} replace /> : <Outlet />;
}
