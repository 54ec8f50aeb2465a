import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useSession } from '../../lib/session-context.tsx';
import { homeOf, paths } from '../paths.ts';

/** Signed-in screens: anyone else goes to `/` (spec 3 §2.1). */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** Administrators only; the client check the spec describes (the server refuses the calls as well). */
export function RequireAdmin() {
  const session = useSession();
  if (!session?.isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}

/** Login and signup: a signed-in person is sent on to where they work. */
export function AnonymousOnly() {
  const session = useSession();
  if (session) return <Navigate to={homeOf(session)} replace />;
  return <Outlet />;
}

/** `/refresh/{path}` replaces its own history entry with `/{path}`, remounting the page (spec 3 §2.1). */
export function RefreshRoute() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
