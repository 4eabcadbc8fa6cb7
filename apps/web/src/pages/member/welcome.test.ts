import { describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_MS, welcomeKey } from './welcome';

describe('the dashboard greeting', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('says "Welcome" to an account a second or minutes old', () => {
    expect(welcomeKey('2026-11-23T11:59:59Z', now)).toBe('welcomeNew');
    expect(welcomeKey(new Date(now - NEW_ACCOUNT_MS + 1000).toISOString(), now)).toBe('welcomeNew');
  });

  it('says "Welcome back" once the account is an hour old', () => {
    expect(welcomeKey(new Date(now - NEW_ACCOUNT_MS).toISOString(), now)).toBe('welcome');
    expect(welcomeKey('2026-10-01T08:00:00Z', now)).toBe('welcome');
  });

  it('says "Welcome" while the age is not known', () => {
    expect(welcomeKey(undefined, now)).toBe('welcomeNew');
    expect(welcomeKey('not a date', now)).toBe('welcomeNew');
  });
});
