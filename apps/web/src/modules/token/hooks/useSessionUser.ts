import { useSession } from '../../auth/hooks/useSession';

/** The signed-in member's id, or null for an admin (admins hold no SGX) or when signed out. */
export function useMemberId(): number | null {
  const session = useSession();
  return session !== null && session.role === 'user' ? session.account.id : null;
}
