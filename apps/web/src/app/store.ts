import { type AuthAction, type AuthState, authReducer } from '../modules/auth/authSlice';

/**
 * The app's global state: the auth slice only (spec 4), persisted in the browser's local storage under
 * `persist:auth` in redux-persist's format (each field JSON text inside one JSON object), so sessions stored
 * before this store keep working and other tabs read them (modules/auth/sessionEnd.ts). A small store of our
 * own instead of Redux Toolkit, react-redux and redux-persist: the same reducer, actions, subscription and
 * persistence in about 1 kB, where the libraries were 10 kB gzip on every first screen (decision 0046).
 *
 * The stored copy is read synchronously when the app starts (local storage answers at once), so the
 * persisted-state gate opens before the first render; the spec's 5000 ms rehydrate time-out bounds that read.
 */
export interface RootState {
  auth: AuthState;
}

export const authPersistConfig = { key: 'auth', timeout: 5000 };
/** Where the session is kept (redux-persist's `persist:` prefix and key). */
export const AUTH_STORAGE_KEY = `persist:${authPersistConfig.key}`;

const persistMeta = JSON.stringify({ version: -1, rehydrated: true });
const fields = ['auth', 'admin', 'expireAt', 'secondFactor'] as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored session, or undefined when there is none or it cannot be read. */
function readStored(): AuthState | undefined {
  const text = storage()?.getItem(AUTH_STORAGE_KEY);
  if (text === null || text === undefined) return undefined;
  try {
    const slice = JSON.parse(text) as Record<string, unknown>;
    const state = Object.fromEntries(
      fields.map((k) => [k, typeof slice[k] === 'string' ? (JSON.parse(slice[k]) as unknown) : undefined]),
    ) as Partial<AuthState>;
    return {
      ...authReducer(undefined, { type: 'auth/init' } as unknown as AuthAction),
      ...dropUndefined(state),
    };
  } catch {
    return undefined;
  }
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function writeStored(state: AuthState): void {
  const slice: Record<string, string> = Object.fromEntries(fields.map((k) => [k, JSON.stringify(state[k])]));
  slice._persist = persistMeta;
  try {
    storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(slice));
  } catch {
    // Storage full or refused (private mode): the session lives until the tab closes.
  }
}

export type Listener = () => void;

/** A store over `authReducer`: getState, dispatch and subscribe, as Redux's, and a write to storage per change. */
export function createStore(initial: AuthState | undefined = undefined, persist = false) {
  let state: RootState = {
    auth: initial ?? authReducer(undefined, { type: 'auth/init' } as unknown as AuthAction),
  };
  const listeners = new Set<Listener>();
  return {
    getState: (): RootState => state,
    dispatch<A extends AuthAction>(action: A): A {
      const auth = authReducer(state.auth, action);
      if (auth !== state.auth) {
        state = { auth };
        if (persist) writeStored(auth);
        for (const listener of [...listeners]) listener();
      }
      return action;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AppStore = ReturnType<typeof createStore>;

export const store = createStore(readStored(), true);

/**
 * What the sign-in and sign-out code asks of the persistence: writes happen with every change, so `flush`
 * has nothing left to do; `purge` removes the stored copy.
 */
export const persistor = {
  flush: (): Promise<void> => Promise.resolve(),
  purge: (): Promise<void> => {
    storage()?.removeItem(AUTH_STORAGE_KEY);
    return Promise.resolve();
  },
};

export type AppDispatch = AppStore['dispatch'];
