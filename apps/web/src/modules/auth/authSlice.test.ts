import type { AuthRecord } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  authSlice,
  isExpired,
  secondFactorChanged,
  secondFactorCodes,
  sessionOf,
  signedIn,
  signedOut,
  tokenRenewed,
} from './authSlice';

const account: AuthRecord = {
  id: 7,
  token: 't',
  refferal_code: 'ABC',
  username: 'SGX000007',
  email: 'm@example.com',
  fullname: 'M',
  role: 'user',
};
const now = Date.parse('2026-01-01T00:00:00Z');
const later = '2026-01-02T00:00:00Z';

describe('auth slice', () => {
  it('stores a session on sign-in and clears it on sign-out', () => {
    const reducer = authSlice.reducer;
    const inState = reducer(undefined, signedIn({ auth: account, admin: true, expireAt: later }));
    expect(inState).toEqual({ auth: account, admin: true, expireAt: later, secondFactor: 'ok' });
    expect(reducer(inState, signedOut())).toEqual({
      auth: null,
      admin: false,
      expireAt: null,
      secondFactor: 'ok',
    });
  });

  it('keeps the step a session owes until it is passed, and only for a signed-in session', () => {
    const reducer = authSlice.reducer;
    const owing = reducer(
      undefined,
      signedIn({ auth: account, admin: true, expireAt: later, secondFactor: 'enrol' }),
    );
    expect(sessionOf(owing, now)?.secondFactor).toBe('enrol');
    // A 403 asking for the code (another tab passed the enrolment, or the server's state moved).
    const code = reducer(owing, secondFactorChanged('code'));
    expect(sessionOf(code, now)?.secondFactor).toBe('code');
    const passed = reducer(code, secondFactorChanged('ok'));
    expect(sessionOf(passed, now)?.secondFactor).toBe('ok');
    // A late 403 after signing out does not make a signed-out state owe anything.
    expect(reducer(reducer(passed, signedOut()), secondFactorChanged('code')).secondFactor).toBe('ok');
  });

  it('replaces the token once the second factor is passed (decision 0032), only for a signed-in session', () => {
    const reducer = authSlice.reducer;
    const owing = reducer(
      undefined,
      signedIn({ auth: account, admin: false, expireAt: later, secondFactor: 'code' }),
    );
    const renewed = reducer(owing, tokenRenewed('new-token'));
    expect(renewed.auth).toEqual({ ...account, token: 'new-token' });
    expect(renewed.secondFactor).toBe('code');
    expect(reducer(undefined, tokenRenewed('new-token')).auth).toBeNull();
  });

  it('maps the server refusals to the step they ask for', () => {
    expect(secondFactorCodes.SECOND_FACTOR_REQUIRED).toBe('code');
    expect(secondFactorCodes.SECOND_FACTOR_ENROLMENT_REQUIRED).toBe('enrol');
    expect(secondFactorCodes.FORBIDDEN).toBeUndefined();
  });

  it('treats an expired or unreadable expiry as signed out', () => {
    expect(isExpired('2025-12-31T23:59:59Z', now)).toBe(true);
    expect(isExpired('2026-01-01T00:00:01Z', now)).toBe(false);
    expect(isExpired('not a date', now)).toBe(true);
    expect(isExpired(null, now)).toBe(true);
  });

  it('derives the live session and its role', () => {
    const ok = 'ok' as const;
    expect(sessionOf({ auth: account, admin: false, expireAt: later, secondFactor: ok }, now)?.role).toBe(
      'user',
    );
    expect(sessionOf({ auth: account, admin: true, expireAt: later, secondFactor: ok }, now)?.role).toBe(
      'admin',
    );
    expect(
      sessionOf({ auth: account, admin: false, expireAt: '2025-01-02T00:00:00Z', secondFactor: ok }, now),
    ).toBeNull();
    expect(sessionOf({ auth: null, admin: false, expireAt: null, secondFactor: ok }, now)).toBeNull();
  });
});
