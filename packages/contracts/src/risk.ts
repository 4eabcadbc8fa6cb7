import { z } from 'zod';

/**
 * Risk signals on withdrawal review (decision 0026), computed in SQL by withdrawal_risk(), always
 * all of them in this order. Each is one short sentence for the admin; `flagged` marks the ones worth a look.
 */
export const riskSignalCodes = [
  /** The account is under 7 days old. */
  'account_age',
  /** Withdrawals so far plus this one exceed what the member deposited. */
  'deposits_vs_withdrawals',
  /** The payout address of the withdrawal's currency changed in the last 7 days. */
  'address_changed',
  /** The withdrawal's address is another member's payout address or linked wallet. */
  'address_shared',
  /** An IP the member signed in or registered from was used by another member. */
  'ip_shared',
  /** A wallet the member linked is another member's payout address. */
  'wallet_shared',
  /** 3 or more members registered from the member's registration IP on that day. */
  'same_ip_registrations',
  /** The request takes at least 90% of its source wallet (a principal withdrawal: the whole plan) within 48 hours of a deposit. */
  'drains_after_deposit',
  /** The member reported 2 or more transaction hashes the chain shows were sent by other members' wallets (decision 0027). */
  'foreign_hash_reports',
] as const;
export const RiskSignalCode = z.enum(riskSignalCodes);
export type RiskSignalCode = z.infer<typeof RiskSignalCode>;

export const RiskSignal = z.object({
  code: RiskSignalCode,
  flagged: z.boolean(),
  sentence: z.string(),
});
export type RiskSignal = z.infer<typeof RiskSignal>;

/** GET /withdrawalrequest/:id/risk (admin): the signals of one withdrawal; `flagged` when any of them is. */
export const WithdrawalRiskResponse = z.object({
  flagged: z.boolean(),
  signals: z.array(RiskSignal),
});
export type WithdrawalRiskResponse = z.infer<typeof WithdrawalRiskResponse>;
