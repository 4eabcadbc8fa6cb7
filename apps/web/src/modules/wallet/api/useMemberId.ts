import { useSession } from '../../auth/hooks/useSession';

/** The signed-in account's id (the member acts only for themself), or null when signed out. */
export function useMemberId(): number | null {
  return useSession()?.account.id ?? null;
}
