import type { AuthRecord } from '@sgx/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { type AuthState, signedIn, signedOut, tokenRenewed } from './authSlice';

type SessionEnd = typeof import('./sessionEnd');
let end: SessionEnd;

const account: AuthRecord = {
  id: 7,
  token: 't1',
  refferal_code: 'ABC',
  username: 'SGX000007',
  email: 'm@example.com',
  fullname: 'M',
  role: 'user',
};
const expireAt = '2099-01-01T00:00:00.000Z';
const signedInState: AuthState = { auth: account, admin: false, expireAt, secondFactor: 'ok' };

/** What redux-persist writes: every field of the slice as JSON text inside a JSON object. */
const stored = (state: AuthState) =>
  JSON.stringify({
    auth: JSON.stringify(state.auth),
    admin: JSON.stringify(state.admin),
    expireAt: JSON.stringify(state.expireAt),
    secondFactor: JSON.stringify(state.secondFactor),
    _persist: JSON.stringify({ version: -1, rehydrated: true }),
  });

const tabStorage = new Map<string, string>();
const storageListeners: ((e: Partial<StorageEvent>) => void)[] = [];

beforeAll(async () => {
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (k: string) => tabStorage.get(k) ?? null,
      setItem: (k: string, v: string) => tabStorage.set(k, v),
      removeItem: (k: string) => tabStorage.delete(k),
    },
    addEventListener: (type: string, l: (e: Partial<StorageEvent>) => void) => {
      if (type === 'storage') storageListeners.push(l);
    },
    removeEventListener: () => {},
    location: { pathname: '/user/income', search: '?tab=team', hash: '' },
  });
  end = await import('./sessionEnd');
});
afterAll(() => vi.unstubAllGlobals());

function watchedStore() {
  const store = createStore();
  storageListeners.length = 0;
  const stop = end.watchSessionEnd(store, 'persist:auth');
  const otherTab = (key: string | null, newValue: string | null) => {
    for (const l of storageListeners) l({ key, newValue });
  };
  return { store, stop, otherTab };
}

describe('an ended session', () => {
  beforeEach(() => {
    // A sign-out asked for clears the note: each test starts without one.
    end.signOutRequested();
  });

  it('is noted when the session goes without a sign-out asked for here, and cleared by the next one', () => {
    const { store, stop } = watchedStore();
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    expect(end.sessionEnded()).toBe(false);
    // A 401, the expiry timer or an upload's 401: all dispatch signedOut without asking.
    store.dispatch(signedOut());
    expect(end.sessionEnded()).toBe(true);
    expect(tabStorage.get('sgx:session-ended')).toBe('1');
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    expect(end.sessionEnded()).toBe(false);
    expect(tabStorage.has('sgx:session-ended')).toBe(false);
    stop();
  });

  it('is not noted for a sign-out asked for in this tab, even when a 401 ends it first', () => {
    const { store, stop } = watchedStore();
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    end.signOutRequested();
    store.dispatch(signedOut());
    expect(end.sessionEnded()).toBe(false);
    // The next session that ends on its own is noted again.
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    store.dispatch(signedOut());
    expect(end.sessionEnded()).toBe(true);
    stop();
  });

  it('remembers the page where the sign-out was asked for, until the next session', () => {
    const { store, stop } = watchedStore();
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    end.signOutRequested('admin');
    store.dispatch(signedOut());
    expect(end.signedOutAt()).toBe('/user/income?tab=team');
    // And its area, so a step's guard sends an admin signed out there to the back-office sign-in.
    expect(end.signedOutArea()).toBe('admin');
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    expect(end.signedOutAt()).toBeNull();
    expect(end.signedOutArea()).toBeNull();
    stop();
  });

  it('is not noted when nobody was signed in, nor for a renewed token', () => {
    const { store, stop } = watchedStore();
    store.dispatch(signedOut());
    expect(end.sessionEnded()).toBe(false);
    store.dispatch(signedIn({ auth: account, admin: false, expireAt }));
    store.dispatch(tokenRenewed('t2'));
    expect(end.sessionEnded()).toBe(false);
    stop();
  });

  it('follows another tab: its sign-out ends this session (noted), its renewed token is taken', () => {
    const { store, stop, otherTab } = watchedStore();
    store.dispatch(signedIn({ auth: account, admin: false, expireAt, secondFactor: 'code' }));
    otherTab('persist:auth', stored({ ...signedInState, auth: { ...account, token: 't2' } }));
    expect(store.getState().auth.auth?.token).toBe('t2');
    expect(store.getState().auth.secondFactor).toBe('ok');
    expect(end.sessionEnded()).toBe(false);
    otherTab('something-else', null);
    expect(store.getState().auth.auth).not.toBeNull();
    otherTab('persist:auth', null);
    expect(store.getState().auth.auth).toBeNull();
    expect(end.sessionEnded()).toBe(true);
    stop();
  });

  it('reads the stored slice another tab wrote', () => {
    expect(end.storedSessionChange(null, signedInState)).toEqual({ kind: 'ended' });
    expect(end.storedSessionChange(stored({ ...signedInState, auth: null }), signedInState)).toEqual({
      kind: 'ended',
    });
    expect(end.storedSessionChange(stored(signedInState), signedInState)).toBeNull();
    // Another account signed in there: this tab keeps its own (still valid) session.
    const other = { ...account, id: 8, token: 'x' };
    expect(end.storedSessionChange(stored({ ...signedInState, auth: other }), signedInState)).toBeNull();
    expect(end.storedSessionChange('{not json', signedInState)).toBeNull();
    expect(end.storedSessionChange(JSON.stringify({ auth: 42 }), signedInState)).toBeNull();
  });
});
