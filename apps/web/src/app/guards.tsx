import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../modules/auth/hooks/useSession';

/** What the sign-in pages read from the router state to send the visitor back. */
export interface ReturnState {
  from?: string;
}

/**
 * Lets only the given role through. A visitor who is not signed in (or whose session expired) goes to the
 * sign-in page of that area with the wanted path remembered; a signed-in account of the other role goes to
 * /unauthorized.
 */
export function RequireRole({ allow: role }: { allow: 'user' | 'admin' }) {
  const session = useSession();
  const location = useLocation();
  if (session === null) {
    const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={role === 'admin' ? '/admin-login' : '/login'} replace state={state} />;
  }
  if (session.role !== role) return <Navigate to="/unauthorized" replace />;
  return <Outlet />;
}
