import { z } from 'zod';

/**
 * The kinds of approval (decision 0024). Their own file, which imports nothing of this package, so that
 * staff-grants.ts (each kind's staff area) and approvals.ts import each other in no circle (decision 0059).
 */
export const approvalKinds = [
  /** Completing a withdrawal at or above the threshold. */
  'withdrawal',
  /** Any admin debit (/withdrawalrequest/debit). */
  'debit',
  /** A manual transaction (/tr/create) at or above the threshold. */
  'transaction',
  /** An edit or reversal of a transaction (PATCH /transactions/:id) at or above the threshold. */
  'transaction_edit',
  /** An admin edit of a member's Business Balance moving at least the threshold. */
  'balance_edit',
  /** A change of an economic setting (anything but the feature switches). */
  'settings',
  /**
   * An admin's completion of a deposit (PUT /deposite/:id) crediting at or above the threshold, or an amount
   * other than the member reported. The chain verifier's completions never wait: it checks the chain itself.
   */
  'deposit',
  /**
   * Issuing one-time codes (POST /codes) whose total value (value times count) is at or above the threshold:
   * redeeming a code credits a deposit wallet, so a batch is money one admin would make alone.
   */
  'codes',
  /**
   * Money routes (decision 0029): one kind per configuration area that decides where money comes
   * from or goes. A chain's accepted token, its confirmations or its switch (PUT /chains/:id).
   */
  'chain_settings',
  /** Setting or removing a receiving address (POST /qr/add, DELETE /qr/:id). */
  'deposit_address',
  /** The manual SGX price (PUT /social-genx/config): every member's portfolio moves with it. */
  'token_price',
  /**
   * A new plan once members hold plans, or an edit of a plan's price, daily ROI, sponsor bonus or period (decision
   * 0070): the economic rules members earn under.
   */
  'plan',
  /**
   * Releasing money a sanctions hit holds (decision 0075): a deposit from a listed sender credited, a payout to a
   * listed address let through to be prepared again. Always two admins.
   */
  'sanctions_release',
] as const;
export const ApprovalKind = z.enum(approvalKinds);
export type ApprovalKind = z.infer<typeof ApprovalKind>;
