import { useAppSelector } from '../../../app/hooks';
import { type Session, sessionOf } from '../authSlice';

/** The live session (signed in and not expired), or null. */
export function useSession(): Session | null {
  const state = useAppSelector((s) => s.auth);
  return sessionOf(state);
}
