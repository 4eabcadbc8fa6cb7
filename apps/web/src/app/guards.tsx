import type { SecondFactorState } from '@sgx/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../modules/auth/hooks/useSession';
import { adminHome, memberHome } from './homes';
import { safeReturnPath } from './returnPath';

/** What the sign-in pages read from the router state to send the visitor back. */
export interface ReturnState {
  from?: string;
}

/** The pages of the steps a session may owe after its password (issue 13). */
export const secondFactorPaths: Record<Exclude<SecondFactorState, 'ok'>, string> = {
  code: '/two-factor',
  enrol: '/two-factor/setup',
};

/**
 * Lets only the given role through. A visitor who is not signed in (or whose session expired) goes to the
 * sign-in page of that area with the wanted path remembered; a signed-in account of the other role goes to
 * /unauthorized; a session that still owes its second factor goes to that step, the wanted path remembered.
 */
export function RequireRole({ allow: role }: { allow: 'user' | 'admin' }) {
  const session = useSession();
  const location = useLocation();
  const state: ReturnState = { from: `${location.pathname}${location.search}${location.hash}` };
  if (session === null) {
    return <Navigate to={role === 'admin' ? '/admin-login' : '/login'} replace state={state} />;
  }
  if (session.role !== role) return <Navigate to="/unauthorized" replace />;
  if (session.secondFactor !== 'ok') {
    return <Navigate to={secondFactorPaths[session.secondFactor]} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * The two-factor step pages: only for a session that owes that step. Signed out: the sign-in page; owing
 * the other step: that one; owing nothing (the step was just passed): back where the visitor was going.
 */
export function RequireSecondFactorStep({ step }: { step: Exclude<SecondFactorState, 'ok'> }) {
  const session = useSession();
  const location = useLocation();
  const state = location.state as ReturnState | null;
  if (session === null) return <Navigate to="/login" replace />;
  if (session.secondFactor === 'ok') {
    const home = session.role === 'admin' ? adminHome : memberHome;
    return <Navigate to={safeReturnPath(state?.from, session.role) ?? home} replace />;
  }
  if (session.secondFactor !== step) {
    return <Navigate to={secondFactorPaths[session.secondFactor]} replace state={state} />;
  }
  return <Outlet />;
}
