import type { SecondFactorState } from '@sgx/contracts';

/**
 * Who is calling: the signed-in member or admin, taken from the session, never from the body.
 * `secondFactor` is what the session still owes before anything else (decision 0023): 'ok' nothing.
 */
export type Principal = {
  userId: bigint;
  role: 'user' | 'admin';
  sessionId: bigint;
  secondFactor: SecondFactorState;
};
