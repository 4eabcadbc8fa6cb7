import { z } from 'zod';
import { AmountOut } from './common';

export const SalaryPayment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  month: z.string(),
  directs: z.number().int(),
  due: AmountOut,
  paid: AmountOut,
  created_at: z.string(),
  /** The member's name (decision 0021: admin tables name members); last, so CSV columns keep their places. */
  fullname: z.string(),
});
export const SalaryListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Use YYYY-MM.')
    .optional(),
});
export const SalaryListResponse = z.object({
  data: z.array(SalaryPayment),
  total: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
});
export const SalaryRunBody = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'Use YYYY-MM.') });
export const SalaryRunResponse = z.object({
  message: z.string(),
  data: z.object({
    month: z.string(),
    qualified: z.number().int(),
    paid: z.number().int(),
    total: AmountOut,
    skipped: z.number().int(),
  }),
});
export const SalaryTierStats = z.object({
  data: z.array(z.object({ directs: z.number().int(), amount: AmountOut, members: z.number().int() })),
});
export const SalaryStats = z.object({
  data: z.object({
    total_paid: AmountOut,
    payments: z.number().int(),
    paid_today: AmountOut,
    payments_today: z.number().int(),
  }),
});
