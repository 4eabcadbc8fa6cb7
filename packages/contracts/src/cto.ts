import { z } from 'zod';
import { AmountOut } from './common';

export const CtoPayBody = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'Use YYYY-MM.') });
export const CtoPayout = z.object({
  id: z.number().int(),
  month: z.string(),
  turnover: AmountOut,
  pool: AmountOut,
  members: z.number().int(),
  share: AmountOut,
  /** 'paying' while its shares are being credited, in chunks (decision 0048). */
  status: z.enum(['paying', 'paid']),
  created_at: z.string(),
});
export const CtoShare = z.object({
  payout_id: z.number().int(),
  month: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  amount: AmountOut,
  /** The member's name (decision 0021: admin tables name members); last, so CSV columns keep their places. */
  fullname: z.string(),
});
export const CtoQualified = z.object({
  user_id: z.number().int(),
  username: z.string(),
  active_plan: AmountOut,
  directs_business: AmountOut,
  /** The member's name (decision 0021: admin tables name members); last, so CSV columns keep their places. */
  fullname: z.string(),
});
export const CtoListResponse = z.object({ payouts: z.array(CtoPayout) });
export const CtoQualifiedResponse = z.object({ qualified: z.array(CtoQualified) });
export const CtoPayoutResponse = z.object({ payout: CtoPayout, shares: z.array(CtoShare) });
export const CtoSharesResponse = z.object({ shares: z.array(CtoShare) });
export const CtoDisqualifyBody = z.object({ reason: z.string().trim().min(3, 'Say why.').max(500) });
