import type { SecondFactorState, StaffRole } from '@sgx/contracts';

/**
 * Who is calling: the signed-in member or admin, taken from the session, never from the body.
 * `secondFactor` is what the session still owes before anything else (decision 0023): 'ok' nothing.
 */
export type Principal = {
  userId: bigint;
  role: 'user' | 'admin';
  sessionId: bigint;
  secondFactor: SecondFactorState;
  /**
   * Whether the account has two-factor sign-in on, read with the session (no extra round trip): money
   * routes skip the code check for accounts without it. Undefined when not read: callers then ask the database.
   */
  twoFactorOn?: boolean;
  /**
   * A staff account's roles (decision 0042), read with the session; none for a member. Undefined where a
   * principal is made in code (jobs, the demo, tests): such a caller acts as the owner, as the spec's admin did.
   */
  staffRoles?: readonly StaffRole[];
  /**
   * Set when the caller is an API key (decision 0071): the key's id and scopes. The key acts as its creator
   * (userId, role, staffRoles: read afresh on every call); its second factor was given at its creation, so
   * `secondFactor` is 'ok'; `sessionId` is the key's id negated (no session has it), so counters kept per session
   * are kept per key.
   */
  apiKeyId?: bigint;
  apiKeyScopes?: readonly string[];
};
