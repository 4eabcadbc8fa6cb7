import type { AuthRecord } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { authSlice, isExpired, sessionOf, signedIn, signedOut } from './authSlice';

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

describe('auth slice', () => {
  it('stores a session on sign-in and clears it on sign-out', () => {
    const reducer = authSlice.reducer;
    const inState = reducer(
      undefined,
      signedIn({ auth: account, admin: true, expireAt: '2026-01-02T00:00:00Z' }),
    );
    expect(inState).toEqual({ auth: account, admin: true, expireAt: '2026-01-02T00:00:00Z' });
    expect(reducer(inState, signedOut())).toEqual({ auth: null, admin: false, expireAt: null });
  });

  it('treats an expired or unreadable expiry as signed out', () => {
    expect(isExpired('2025-12-31T23:59:59Z', now)).toBe(true);
    expect(isExpired('2026-01-01T00:00:01Z', now)).toBe(false);
    expect(isExpired('not a date', now)).toBe(true);
    expect(isExpired(null, now)).toBe(true);
  });

  it('derives the live session and its role', () => {
    expect(sessionOf({ auth: account, admin: false, expireAt: '2026-01-02T00:00:00Z' }, now)?.role).toBe(
      'user',
    );
    expect(sessionOf({ auth: account, admin: true, expireAt: '2026-01-02T00:00:00Z' }, now)?.role).toBe(
      'admin',
    );
    expect(sessionOf({ auth: account, admin: false, expireAt: '2025-01-02T00:00:00Z' }, now)).toBeNull();
    expect(sessionOf({ auth: null, admin: false, expireAt: null }, now)).toBeNull();
  });
});
