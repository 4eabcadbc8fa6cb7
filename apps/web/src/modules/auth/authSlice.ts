import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthRecord } from '@sgx/contracts';

/** The signed-in account (member or admin), whether it is an admin session, and when the session ends. */
export interface AuthState {
  auth: AuthRecord | null;
  admin: boolean;
  expireAt: string | null;
}

const initialState: AuthState = { auth: null, admin: false, expireAt: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(_state, action: PayloadAction<{ auth: AuthRecord; admin: boolean; expireAt: string }>) {
      return { auth: action.payload.auth, admin: action.payload.admin, expireAt: action.payload.expireAt };
    },
    signedOut() {
      return initialState;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;

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
}

export function sessionOf(state: AuthState, now: number = Date.now()): Session | null {
  if (state.auth === null || state.expireAt === null || isExpired(state.expireAt, now)) return null;
  return { account: state.auth, role: state.admin ? 'admin' : 'user', expireAt: state.expireAt };
}
