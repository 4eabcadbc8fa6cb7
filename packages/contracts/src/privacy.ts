import { z } from 'zod';
import { SecondFactorCode } from './two-factor';

/**
 * Members' data rights (decision 0077): a copy of their data (a zip of JSON and CSV, one pair per table) and
 * closing the account with erasure of their personal data once nothing is owed either way.
 */

/** The password again, or the authenticator code when two-factor is on: a signed-in session is not enough. */
export const PrivacyExportBody = z.object({
  password: z.string().max(200).optional(),
  code: SecondFactorCode.optional(),
});
export type PrivacyExportBody = z.infer<typeof PrivacyExportBody>;

/** GET /privacy/export: the member's latest copy. */
export const PrivacyExportState = z.object({
  status: z.enum(['none', 'preparing', 'ready', 'failed']),
  created_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  bytes: z.number().int().nullable(),
  files: z.array(z.string()),
});
export type PrivacyExportState = z.infer<typeof PrivacyExportState>;

/** The typed confirmation of closing the account. */
export const CLOSE_ACCOUNT_CONFIRMATION = 'CLOSE MY ACCOUNT';

export const PrivacyCloseBody = z.object({
  password: z.string().min(1, 'Enter your password.').max(200),
  code: SecondFactorCode.optional(),
  confirmation: z.string().max(100),
});
export type PrivacyCloseBody = z.infer<typeof PrivacyCloseBody>;

/** What still stops the account from being closed: money owed either way, open matters. */
export const PrivacyBlocker = z.object({
  kind: z.enum(['balance', 'withdrawal', 'deposit', 'payout', 'held_income', 'compliance', 'ticket', 'plan']),
  /** For a balance: the wallet and its amount (decimal text). */
  wallet: z.string().optional(),
  asset: z.string().optional(),
  amount: z.string().optional(),
  count: z.number().int().optional(),
});
export type PrivacyBlocker = z.infer<typeof PrivacyBlocker>;

/** GET /privacy/close: whether the account may be closed now, and what is kept after it. */
export const PrivacyCloseState = z.object({ blockers: z.array(PrivacyBlocker) });
export type PrivacyCloseState = z.infer<typeof PrivacyCloseState>;
