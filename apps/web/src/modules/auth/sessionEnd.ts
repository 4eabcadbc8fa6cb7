import type { AuthRecord, SecondFactorState } from '@sgx/contracts';
import { useSyncExternalStore } from 'react';
import { type AuthState, signedIn, signedOut } from './authSlice';

/**
 * An ended session: the session went away without this tab asking (a 401 from the API, its
 * expiry, another tab signing out). The sign-in pages then say so; a sign-out asked for here says nothing.
 * The note is kept per tab (sessionStorage), so a reload of the sign-in page keeps it, until the next
 * session starts or a sign-out is asked for. Its text is auth.json's signIn.sessionEnded.
 */

const NOTE_KEY = 'sgx:session-ended';
const listeners = new Set<() => void>();
let ended = readNote();
/** This tab asked to sign out: the session's end that follows is not "ended". */
let leaving = false;

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readNote(): boolean {
  try {
    return tabStorage()?.getItem(NOTE_KEY) === '1';
  } catch {
    return false;
  }
}

function setEnded(value: boolean) {
  if (ended === value) return;
  ended = value;
  try {
    if (value) tabStorage()?.setItem(NOTE_KEY, '1');
    else tabStorage()?.removeItem(NOTE_KEY);
  } catch {
    // Storage refused (private mode, quota): the note lives in memory only.
  }
  for (const listener of listeners) listener();
}

/** Whether the last session of this tab ended without the member asking. */
export function sessionEnded(): boolean {
  return ended;
}

export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    sessionEnded,
    () => false,
  );
}

/** The page where this tab's member last asked to sign out (until the next session starts). */
let leftFrom: string | null = null;

/** The area of the session this tab's member last asked to sign out of (until the next session starts). */
let leftArea: 'user' | 'admin' | null = null;

/** Called by a sign-out asked for in this tab (of a session of `area`), before anything ends the session. */
export function signOutRequested(area?: 'user' | 'admin'): void {
  leaving = true;
  const here = typeof window === 'undefined' ? undefined : window.location;
  leftFrom = here ? `${here.pathname}${here.search}${here.hash}` : null;
  leftArea = area ?? null;
  setEnded(false);
}

/**
 * Where the member asked to sign out: the guards do not make it the page to return to after the next
 * sign-in (which may be someone else's on a shared device); an ended session's page is returned to.
 */
export function signedOutAt(): string | null {
  return leftFrom;
}

/** The area (member or back-office) of the session signed out of at signedOutAt(), if it was said. */
export function signedOutArea(): 'user' | 'admin' | null {
  return leftArea;
}

/** What a change of the stored session, written by another tab, means for this tab's session. */
export type StoredChange = { kind: 'ended' } | { kind: 'updated'; session: SignedInPayload } | null;
type SignedInPayload = Parameters<typeof signedIn>[0];

const secondFactorStates: readonly string[] = ['ok', 'code', 'enrol'] satisfies SecondFactorState[];

/**
 * Reads redux-persist's stored auth slice (every field JSON text inside a JSON object). Gone, or without
 * an account: the session ended there. The same account with another token or second-factor state: the
 * other tab passed the second factor and the server renewed the token (decision 0032), so this tab takes
 * it. Anything else (unreadable, another account, nothing new) changes nothing here.
 */
export function storedSessionChange(stored: string | null, current: AuthState): StoredChange {
  if (stored === null) return { kind: 'ended' };
  let fields: Record<string, unknown>;
  try {
    const slice = JSON.parse(stored) as Record<string, unknown>;
    fields = Object.fromEntries(
      ['auth', 'admin', 'expireAt', 'secondFactor'].map((k) => [
        k,
        typeof slice[k] === 'string' ? (JSON.parse(slice[k]) as unknown) : undefined,
      ]),
    );
  } catch {
    return null;
  }
  const { auth, admin, expireAt, secondFactor } = fields;
  if (auth === null) return { kind: 'ended' };
  if (typeof auth !== 'object' || auth === undefined || current.auth === null) return null;
  const { id, token } = auth as { id?: unknown; token?: unknown };
  if (id !== current.auth.id || typeof token !== 'string' || typeof expireAt !== 'string') return null;
  const step =
    typeof secondFactor === 'string' && secondFactorStates.includes(secondFactor) ? secondFactor : 'ok';
  if (token === current.auth.token && step === current.secondFactor) return null;
  return {
    kind: 'updated',
    session: {
      auth: auth as AuthRecord,
      admin: admin === true,
      expireAt,
      secondFactor: step as SecondFactorState,
    },
  };
}

interface AuthStore {
  getState(): { auth: AuthState };
  dispatch(action: ReturnType<typeof signedOut> | ReturnType<typeof signedIn>): unknown;
  subscribe(listener: () => void): () => void;
}

/**
 * Watches the store: a session that goes away without a sign-out asked for here is "ended" (whatever
 * ended it: a 401 in api.ts or an upload, the expiry timer, another tab); a new session clears the note.
 * Also follows the stored session when another tab changes it (the `storage` event of `storageKey`).
 */
export function watchSessionEnd(store: AuthStore, storageKey: string): () => void {
  let before = store.getState().auth.auth !== null;
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().auth.auth !== null;
    if (now === before) return;
    // Gone without a sign-out asked for here: ended. A new session clears the note.
    setEnded(before && !leaving);
    leaving = false;
    if (now) {
      leftFrom = null;
      leftArea = null;
    }
    before = now;
  });
  if (typeof window === 'undefined') return unsubscribe;
  const onStorage = (event: StorageEvent) => {
    // A key of null: the whole storage was cleared.
    if (event.key !== null && event.key !== storageKey) return;
    const current = store.getState().auth;
    if (current.auth === null) return;
    const change = storedSessionChange(event.key === null ? null : event.newValue, current);
    if (change?.kind === 'ended') store.dispatch(signedOut());
    else if (change?.kind === 'updated') store.dispatch(signedIn(change.session));
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
