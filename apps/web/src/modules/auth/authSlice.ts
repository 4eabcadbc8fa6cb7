import type { AuthRecord, SecondFactorState } from '@sgx/contracts';

/**
 * The signed-in account (member or admin), whether it is an admin session, when the session ends, and what
 * the session still owes before it may do anything (decision 0023): 'ok' nothing, 'code' a code from the
 * authenticator app, 'enrol' (an admin without two-factor) setting it up.
 */
export interface AuthState {
  auth: AuthRecord | null;
  admin: boolean;
  expireAt: string | null;
  secondFactor: SecondFactorState;
}

const initialState: AuthState = { auth: null, admin: false, expireAt: null, secondFactor: 'ok' };

type SignedInPayload = {
  auth: AuthRecord;
  admin: boolean;
  expireAt: string;
  secondFactor?: SecondFactorState;
};

/** Signed in (or the session restored from another tab). */
export const signedIn = (payload: SignedInPayload) => ({ type: 'auth/signedIn' as const, payload });
/** The server asked for the second factor (a 403 SECOND_FACTOR_*), or the session passed it ('ok'). */
export const secondFactorChanged = (payload: SecondFactorState) => ({
  type: 'auth/secondFactorChanged' as const,
  payload,
});
/**
 * The session proved its second factor and the server gave it a new token (decision 0032): the old one
 * no longer works, so every later call sends this one.
 */
export const tokenRenewed = (payload: string) => ({ type: 'auth/tokenRenewed' as const, payload });
export const signedOut = () => ({ type: 'auth/signedOut' as const });

export type AuthAction = ReturnType<
  typeof signedIn | typeof secondFactorChanged | typeof tokenRenewed | typeof signedOut
>;

/** The session's state after `action` (a new object when it changes, the same one otherwise). */
export function authReducer(state: AuthState = initialState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'auth/signedIn': {
      const { auth, admin, expireAt, secondFactor = 'ok' } = action.payload;
      return { auth, admin, expireAt, secondFactor };
    }
    case 'auth/secondFactorChanged':
      return state.auth === null ? state : { ...state, secondFactor: action.payload };
    case 'auth/tokenRenewed':
      return state.auth === null ? state : { ...state, auth: { ...state.auth, token: action.payload } };
    case 'auth/signedOut':
      return initialState;
    default:
      return state;
  }
}

/** The auth slice: the one piece of global state (spec 4), kept by app/store.ts. */
export const authSlice = { name: 'auth', reducer: authReducer };

/** A session is over once its expiry has passed (or when the expiry cannot be read). */
export function isExpired(expireAt: string | null, now: number = Date.now()): boolean {
  if (expireAt === null) return true;
  const end = Date.parse(expireAt);
  return Number.isNaN(end) || end <= now;
}

export type SessionRole = 'user' | 'admin';

/** The live session, or null when signed out or expired. */
export interface Session {
  account: AuthRecord;
  role: SessionRole;
  expireAt: string;
  /** 'ok' once the second factor is passed (or not needed); otherwise the step the session owes. */
  secondFactor: SecondFactorState;
}

export function sessionOf(state: AuthState, now: number = Date.now()): Session | null {
  if (state.auth === null || state.expireAt === null || isExpired(state.expireAt, now)) return null;
  return {
    account: state.auth,
    role: state.admin ? 'admin' : 'user',
    expireAt: state.expireAt,
    // A session stored before two-factor existed has no such field: the server's 403 corrects it.
    secondFactor: state.secondFactor ?? 'ok',
  };
}

/** The 403 codes the server answers a session that owes its second factor, and the step each asks for. */
export const secondFactorCodes: Record<string, SecondFactorState | undefined> = {
  SECOND_FACTOR_REQUIRED: 'code',
  SECOND_FACTOR_ENROLMENT_REQUIRED: 'enrol',
};
