import { z } from 'zod';
import { AmountOut, IdIn } from './common';
import { isCalendarDay, periodProblemOf, statementWallets } from './statement-period';

export * from './statement-period';

/**
 * Member statements (decision 0043): for one wallet and a period of whole days (UTC), the opening
 * balance, every posting and the closing balance, with opening + postings = closing checked by the query.
 */
export const StatementWallet = z.enum(statementWallets);
export type StatementWallet = z.infer<typeof StatementWallet>;

const day = (field: string) =>
  z
    .string({ error: `Enter the ${field} date as YYYY-MM-DD.` })
    .refine(isCalendarDay, { message: `Enter the ${field} date as a real day written YYYY-MM-DD.` });

const periodMessages = {
  reversed: 'The period ends before it starts: choose a "to" date on or after the "from" date.',
  too_long: 'A statement covers at most one year: choose a "to" date less than a year after the "from" date.',
} as const;

/** GET /statements (and its /pdf, /csv and admin forms): the wallet and the period, both days included. */
export const StatementQuery = z
  .object({
    wallet: StatementWallet,
    from: day('from'),
    to: day('to'),
  })
  .superRefine((q, ctx) => {
    // Zod runs this even when a day failed its own check: compare only real days.
    if (!isCalendarDay(q.from) || !isCalendarDay(q.to)) return;
    const problem = periodProblemOf(q.from, q.to);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['to'], message: periodMessages[problem] });
  });
export type StatementQuery = z.infer<typeof StatementQuery>;

export const StatementUserParam = z.object({ id: IdIn });

export const StatementEntry = z.object({
  /** The ledger transaction that made the posting. */
  transaction_id: z.string(),
  created_at: z.string(),
  /** What made it: the transaction's income type (e.g. roi_income) or else its kind (deposit, withdrawal...). */
  rule: z.string(),
  /** "#<transaction id>", with the transaction's memo when it has one. */
  reference: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: AmountOut,
  balance_after: AmountOut,
});
export type StatementEntry = z.infer<typeof StatementEntry>;

export const StatementResponse = z.object({
  wallet: StatementWallet,
  /** USD for the four money wallets, SGX for the token wallet. */
  asset: z.enum(['USD', 'SGX']),
  from: z.string(),
  to: z.string(),
  /** The instants the period covers: [period_start, period_end), UTC midnights. */
  period_start: z.string(),
  period_end: z.string(),
  member: z.object({ id: z.string(), username: z.string(), fullname: z.string() }),
  opening: AmountOut,
  closing: AmountOut,
  /** The sum of the postings' amounts: closing - opening. */
  total: AmountOut,
  entries: z.array(StatementEntry),
  /** SHA-256 (hex) of the statement's canonical CSV text (GET /statements/csv's body): decision 0043. */
  checksum: z.string(),
});
export type StatementResponse = z.infer<typeof StatementResponse>;
