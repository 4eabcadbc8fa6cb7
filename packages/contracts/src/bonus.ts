import { z } from 'zod';
import { AmountIn, AmountOut, IdIn } from './common';

export const BonusBody = z.object({
  bonus_type: z.string().trim().min(2, 'Bonus type is required').max(40),
  amount: AmountIn.refine((v) => v > 0n, 'Enter an amount above 0.'),
  active: z.boolean().default(true),
});
export const BonusUpdateBody = BonusBody.partial();
export const BonusRecord = z.object({
  id: z.number().int(),
  bonus_type: z.string(),
  amount: AmountOut,
  active: z.boolean(),
  claimed_today: z.boolean().optional(),
  created_at: z.string(),
});
export const BonusListResponse = z.object({ bonus: z.array(BonusRecord) });
export const BonusClaimBody = z.object({
  user_id: IdIn,
  bonus_type: z.string().trim().min(1).max(40),
  plan_id: IdIn.optional(),
});
export const BonusClaimResponse = z.object({
  message: z.string(),
  paid: AmountOut,
  skipped_reason: z.string().nullable(),
});
