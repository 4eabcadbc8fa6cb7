import { ReferralListResponse, TransactionListResponse, type TransactionRecord } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api';

/** The ledger sources that are income (spec 2.8, business-rules 5). */
export const incomeSources = [
  'roi_income',
  'level_month',
  'direct_income',
  'reward',
  'salary',
  'cto',
  'reward_level',
] as const;
const incomeSet = new Set<string>(incomeSources);

export const CHART_DAYS = 30;
const PAGE_LIMIT = 100;
const MAX_PAGES = 20;

export interface IncomeHistory {
  rows: TransactionRecord[];
  /** Whether every credit since `from` was read (false when the page cap stopped the read). */
  complete: boolean;
  from: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The member's income credits of the last two periods (for the chart and the change against the previous one). */
export function useIncomeHistory(userId: number | null) {
  return useQuery({
    queryKey: ['money', 'income-history', userId ?? 0],
    queryFn: async ({ signal }): Promise<IncomeHistory> => {
      const from = isoDay(new Date(Date.now() - (CHART_DAYS * 2 - 1) * 86_400_000));
      const rows: TransactionRecord[] = [];
      let page = 1;
      let totalPages = 1;
      do {
        const qs = new URLSearchParams({
          transaction_type: 'credit',
          from,
          page: String(page),
          limit: String(PAGE_LIMIT),
        });
        const res = await apiRequest(`/tr/user/${userId}?${qs}`, { schema: TransactionListResponse, signal });
        rows.push(...res.transactions.filter((t) => incomeSet.has(t.source) && t.status === 'completed'));
        totalPages = res.totalPages;
        page += 1;
      } while (page <= totalPages && page <= MAX_PAGES);
      return { rows, complete: page > totalPages, from };
    },
    enabled: userId !== null,
  });
}

type TreeNode = z.infer<typeof ReferralListResponse>['referralTree'][number];

export interface DirectsSummary {
  directs: TreeNode[];
  total: number;
  complete: boolean;
}

/** Every direct of the member (GET /referral/list/{code}, read page by page), for the team stats. */
export function useAllDirects(code: string | null) {
  return useQuery({
    queryKey: ['team', 'all-directs', code ?? ''],
    queryFn: async ({ signal }): Promise<DirectsSummary> => {
      const directs: TreeNode[] = [];
      let page = 1;
      let totalPages = 1;
      let total = 0;
      do {
        const res = await apiRequest(
          `/referral/list/${encodeURIComponent(code ?? '')}?page=${page}&limit=200`,
          { schema: ReferralListResponse, signal },
        );
        directs.push(...res.referralTree);
        totalPages = res.totalPages;
        total = res.total;
        page += 1;
      } while (page <= totalPages && page <= 50);
      return { directs, total, complete: page > totalPages };
    },
    enabled: code !== null && code !== '',
  });
}
