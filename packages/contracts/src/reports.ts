import { z } from 'zod';
import { AmountOut } from './common';

export const AdminStatsResponse = z.object({
  members: z.object({
    total: z.number().int(),
    active: z.number().int(),
    new_today: z.number().int(),
    blocked: z.number().int(),
  }),
  money: z.object({
    deposits_total: AmountOut,
    deposits_today: AmountOut,
    withdrawals_total: AmountOut,
    withdrawals_today: AmountOut,
    pending_deposits: z.object({ count: z.number().int(), amount: AmountOut }),
    pending_withdrawals: z.object({ count: z.number().int(), amount: AmountOut }),
    invested: AmountOut,
  }),
  income_today: z.array(z.object({ income_type: z.string(), total: AmountOut })),
  token_price: AmountOut.nullable(),
  daily: z.array(
    z.object({
      day: z.string(),
      registrations: z.number().int(),
      deposits: AmountOut,
      withdrawals: AmountOut,
      income: AmountOut,
    }),
  ),
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;
