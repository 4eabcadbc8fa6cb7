import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthRecord, SecondFactorState } from '@sgx/contracts';

/**
 * The signed-in account (member or admin), whether it is an admin session, when the session ends, and what
 * the session still owes before it may do anything (issue 13): 'ok' nothing, 'code' a code from the
 * authenticator app, 'enrol' (an admin without two-factor) setting it up.
 */
export interface AuthState {
  auth: AuthRecord | null;
  admin: boolean;
  expireAt: string | null;
  secondFactor: SecondFactorState;
}

const initialState: AuthState = { auth: null, admin: false, expireAt: null, secondFactor: 'ok' };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(
      _state,
      action: PayloadAction<{
        auth: AuthRecord;
        admin: boolean;
        expireAt: string;
        secondFactor?: SecondFactorState;
      }>,
    ) {
      const { auth, admin, expireAt, secondFactor = 'ok' } = action.payload;
      return { auth, admin, expireAt, secondFactor };
    },
    /** The server asked for the second factor (a 403 SECOND_FACTOR_*), or the session passed it ('ok'). */
    secondFactorChanged(state, action: PayloadAction<SecondFactorState>) {
      if (state.auth !== null) state.secondFactor = action.payload;
    },
    /**
     * The session proved its second factor and the server gave it a new token (decision 0032): the old one
     * no longer works, so every later call sends this one.
     */
    tokenRenewed(state, action: PayloadAction<string>) {
      if (state.auth !== null) state.auth.token = action.payload;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const { signedIn, signedOut, secondFactorChanged, tokenRenewed } = authSlice.actions;

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
