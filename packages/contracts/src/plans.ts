import { z } from 'zod';
import { AmountOut } from './common';

export const PlanRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  monthly_price: AmountOut,
  ROI_day: AmountOut,
  Sponser_bonus: AmountOut,
  plan_period: z.number().int(),
  description: z.string(),
  type: z.string(),
  active: z.boolean(),
});
export type PlanRecord = z.infer<typeof PlanRecord>;
export const PlansListResponse = z.object({ allplans: z.array(PlanRecord) });
