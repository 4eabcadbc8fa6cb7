import { z } from 'zod';
import { SecondFactorCode } from './two-factor';
import { Bep20Address, Trc20Address } from './users';

/**
 * Protected payout addresses (decision 0025). A member changes a BEP20 or TRC20 payout address
 * with their password and, when two-factor is on, an authenticator code, otherwise a code e-mailed to them.
 * Every change (also an admin's, also a first address) is announced and starts a hold: withdrawals to the
 * new address wait until it ends, and the member can cancel the change until then.
 */
export const PayoutCurrency = z.enum(['BEP20', 'TRC20']);
export type PayoutCurrency = z.infer<typeof PayoutCurrency>;

/** How long an e-mailed code is valid, in minutes. */
export const PAYOUT_EMAIL_CODE_MINUTES = 10;

/** The 6 digits of the e-mailed code. */
export const EmailCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail.');

/** What confirms a payout address change: the password, then the second factor or the e-mailed code. */
export const PayoutConfirmation = z.object({
  password: z.string().min(1, 'Enter your password.').max(128),
  /** The authenticator code (or a recovery code) when two-factor is on. */
  code: SecondFactorCode.optional(),
  /** The e-mailed code when two-factor is off. */
  email_code: EmailCode.optional(),
});
export type PayoutConfirmation = z.infer<typeof PayoutConfirmation>;

/**
 * POST /users/payout-address/changes/{id}/cancel: the password only (a wrong one: 400 with
 * details.password). No second factor or e-mailed code, so a member in a hurry can always stop a change.
 */
export const PayoutCancelBody = PayoutConfirmation.pick({ password: true });
export type PayoutCancelBody = z.input<typeof PayoutCancelBody>;

/** PUT /users/payout-address: an empty address removes it. */
export const PayoutAddressBody = z.discriminatedUnion('currency', [
  PayoutConfirmation.extend({
    currency: z.literal('BEP20'),
    address: z.union([z.literal(''), Bep20Address]),
  }),
  PayoutConfirmation.extend({
    currency: z.literal('TRC20'),
    address: z.union([z.literal(''), Trc20Address]),
  }),
]);
export type PayoutAddressBody = z.input<typeof PayoutAddressBody>;

/** POST /wallets/{address}/payout: a linked wallet becomes the BEP20 payout address. */
export const WalletPayoutBody = PayoutConfirmation;
export type WalletPayoutBody = z.input<typeof WalletPayoutBody>;

/** A change still inside its hold. */
export const PayoutAddressChange = z.object({
  id: z.number().int(),
  currency: PayoutCurrency,
  old_address: z.string().nullable(),
  /** null: the address was removed. */
  new_address: z.string().nullable(),
  requested_at: z.string(),
  /** Withdrawals to new_address are possible from this moment. */
  hold_until: z.string(),
  /** An admin made the change, not the member. */
  by_admin: z.boolean(),
  /** Another member uses new_address as their payout address. */
  shared: z.boolean(),
});
export type PayoutAddressChange = z.infer<typeof PayoutAddressChange>;

/** GET /users/payout-address */
export const PayoutAddressState = z.object({
  bep20: z.string().nullable(),
  trc20: z.string().nullable(),
  /** The changes whose hold has not ended, newest first. */
  pending: z.array(PayoutAddressChange),
  /** Two-factor is on: a change asks for the authenticator code. */
  two_factor: z.boolean(),
  /** Two-factor is off: a change asks for a code e-mailed first (POST /users/payout-address/email-code). */
  email_code_required: z.boolean(),
  /** How long a new address waits (the setting payoutHoldHours). */
  hold_hours: z.string(),
});
export type PayoutAddressState = z.infer<typeof PayoutAddressState>;

/** PUT /users/payout-address and POST /users/payout-address/changes/{id}/cancel */
export const PayoutAddressChangedResponse = z.object({ message: z.string(), payout: PayoutAddressState });
export type PayoutAddressChangedResponse = z.infer<typeof PayoutAddressChangedResponse>;
