import { store } from '../../../app/store';
import { sessionOf } from '../../auth/authSlice';
import { useSession } from '../../auth/hooks/useSession';

/** The signed-in account's id (the member acts only for themself), or null when signed out. */
export function useMemberId(): number | null {
  return useSession()?.account.id ?? null;
}

/**
 * The signed-in member's id outside React (a page's `prefetch`, before the first render), or null when no
 * member session may ask yet: signed out, an admin's session, or a second factor still owed.
 */
export function memberIdNow(): number | null {
  const session = sessionOf(store.getState().auth);
  return session?.role === 'user' && session.secondFactor === 'ok' ? session.account.id : null;
}
