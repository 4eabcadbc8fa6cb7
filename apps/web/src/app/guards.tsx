import type { SecondFactorState } from '@sgx/contracts';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../modules/auth/hooks/useSession';
import { signedOutArea, signedOutAt, watchSessionEnd } from '../modules/auth/sessionEnd';
import { adminHome, memberHome, signInPath } from './homes';
import { safeReturnPath } from './returnPath';
import { authPersistConfig, store } from './store';

// From the first render on, a session that goes away without the member asking (a 401, its expiry,
// another tab signing out) is noted, so the sign-in page says it ended.
watchSessionEnd(store, `persist:${authPersistConfig.key}`);

/** What the sign-in pages read from the router state to send the visitor back. */
export interface ReturnState {
  from?: string;
}

/** The pages of the steps a session may owe after its password (decision 0023). */
export const secondFactorPaths: Record<Exclude<SecondFactorState, 'ok'>, string> = {
  code: '/two-factor',
  enrol: '/two-factor/setup',
};

/**
 * Lets only the given role through. A visitor who is not signed in (or whose session ended: expired,
 * refused by the server, signed out in another tab) goes to the sign-in page of that area with the wanted
 * path remembered (not the page where this tab's member asked to sign out); a signed-in account of the
 * other role goes to /unauthorized; a session that still owes its second factor goes to that step, the
 * wanted path remembered.
 */
export function RequireRole({ allow: role }: { allow: 'user' | 'admin' }) {
  const session = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const state: ReturnState = { from: here };
  if (session === null) {
    // An ended session comes back here after signing in; a sign-out asked for on this page does not.
    const back = signedOutAt() === here ? undefined : state;
    return <Navigate to={signInPath(role)} replace state={back} />;
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
  if (session === null) {
    // Signed out from this step (SignOutButton): its area's sign-in page. The button navigates there first, but
    // that navigation is a transition, which the signed-out state can overtake on a slow device (the address has
    // already changed by then, so the area is what tells). No session since an admin's sign-out: theirs too.
    return <Navigate to={signInPath(signedOutArea())} replace />;
  }
  if (session.secondFactor === 'ok') {
    const home = session.role === 'admin' ? adminHome : memberHome;
    return <Navigate to={safeReturnPath(state?.from, session.role) ?? home} replace />;
  }
  if (session.secondFactor !== step) {
    return <Navigate to={secondFactorPaths[session.secondFactor]} replace state={state} />;
  }
  return <Outlet />;
}
