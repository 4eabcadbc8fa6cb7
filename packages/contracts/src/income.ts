import { z } from 'zod';
import { AmountOut } from './common';

export const RoiCheckResponse = z.object({ found: z.boolean() });
export const WatchStartResponse = z.object({
  session_id: z.number().int(),
  started_at: z.string(),
  claimable_at: z.string(),
  min_seconds: z.number().int(),
  video: z.object({ id: z.number().int(), title: z.string(), url: z.string() }).nullable(),
});
export const SelfTradeResponse = z.object({
  message: z.string(),
  paid: AmountOut,
  due: AmountOut,
  skipped_reason: z.string().nullable(),
});

export const TreeNode = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  refferal_code: z.string(),
  is_active: z.enum(['active', 'inactive']),
  status: z.enum(['unblock', 'block']),
  active_plan: AmountOut,
  investment_plan: AmountOut,
  total_team: z.number().int(),
  team_business: AmountOut,
  active_directs: z.number().int(),
  directs: z.number().int(),
  created_at: z.string(),
});
export type TreeNode = z.infer<typeof TreeNode> & { referrals?: TreeNode[] };
/** Recursive: registered by name, so the API document refers to it as one component (`ReferralTreeNode`). */
export const TreeNodeWithChildren: z.ZodType<TreeNode> = TreeNode.extend({
  referrals: z.lazy(() => z.array(TreeNodeWithChildren)).optional(),
}).meta({ id: 'ReferralTreeNode' });
export const ReferralListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  search: z.string().trim().max(100).optional(),
});
export const ReferralListResponse = z.object({
  referralTree: z.array(TreeNode),
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export const ReferralFullQuery = z.object({ depth: z.coerce.number().int().min(1).max(3).default(2) });
export const ReferralFullResponse = z.object({ treeData: TreeNodeWithChildren });

export const IncomeSkip = z.object({
  id: z.number().int(),
  income_type: z.string(),
  amount: AmountOut,
  reason: z.string(),
  details: z.unknown(),
  created_at: z.string(),
});
export const IncomeSkipsResponse = z.object({ skips: z.array(IncomeSkip) });
