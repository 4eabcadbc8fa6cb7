import { z } from 'zod';
import { AmountIn, AmountOut, IdIn } from './common';

export const RewardPlanBody = z.object({
  rank: z.coerce.number().int().positive(),
  title: z.string().trim().min(2, 'Title is required').max(100),
  description: z.string().trim().max(1000).default(''),
  threshold: AmountIn.refine((v) => v > 0n, 'Enter a team business above 0.'),
  duration_days: z.coerce.number().int().min(1).max(3650),
  reward: AmountIn.refine((v) => v > 0n, 'Enter a reward above 0.'),
  active: z.boolean().default(true),
});
export const RewardPlanUpdateBody = RewardPlanBody.partial();
export const RewardPlan = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  title: z.string(),
  description: z.string(),
  threshold: AmountOut,
  duration_days: z.number().int(),
  reward: AmountOut,
  active: z.boolean(),
});
export const RewardPlansResponse = z.object({ rewards: z.array(RewardPlan) });
export const RewardLeg = z.object({
  user_id: z.number().int(),
  username: z.string(),
  business: AmountOut,
  counted: AmountOut,
});
export const MemberReward = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  plan: RewardPlan,
  window_start: z.string(),
  window_end: z.string(),
  status: z.enum(['working', 'claimed', 'carried', 'expired']),
  claimed_at: z.string().nullable(),
  paid: AmountOut.nullable(),
  business: AmountOut,
  counted: AmountOut,
  qualified: z.boolean(),
  legs: z.array(RewardLeg),
});
export const MemberRewardResponse = z.object({
  reward: MemberReward.nullable(),
  history: z.array(MemberReward.omit({ legs: true })),
});
export const InitializeRewardsBody = z.object({ user_id: IdIn });
export const ClaimStatusResponse = z.object({ claimable: z.boolean(), reason: z.string().nullable() });
export const LeadershipRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  rank: z.number().int(),
  title: z.string(),
  achieved_at: z.string(),
  revoked_at: z.string().nullable(),
});
export const LeadershipResponse = z.object({ leadership: z.array(LeadershipRecord) });
