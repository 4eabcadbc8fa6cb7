import {
  CtoListResponse,
  CtoPayoutResponse,
  CtoQualifiedResponse,
  MatrixResponse,
  MessageResponse,
  NonUsersResponse,
  RewardsResponse,
  SalaryListResponse,
  SalaryRunResponse,
  SalaryTierStats,
  TransactionListResponse,
} from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { unitsOf } from '../../income/components/incomeMath';

export const reportKeys = {
  matrix: (month: string) => ['money', 'reports', 'matrix', month] as const,
  earners: (qs: string) => ['money', 'reports', 'top-earners', qs] as const,
  salaries: (qs: string) => ['money', 'reports', 'salaries', qs] as const,
  salaryAll: ['money', 'reports', 'salaries'] as const,
  tiers: ['money', 'reports', 'salary-tiers'] as const,
  ctoQualified: ['money', 'reports', 'cto-qualified'] as const,
  ctoPayouts: ['money', 'reports', 'cto-payouts'] as const,
  ctoPayout: (id: number) => ['money', 'reports', 'cto-payout', id] as const,
  defaulters: ['reports', 'defaulters'] as const,
  notices: ['reports', 'reward-notices'] as const,
};

/** GET /tr/matrix: credits per source per month on member wallets (one month when given). */
export function useIncomeMatrix(month: string) {
  return useQuery({
    queryKey: reportKeys.matrix(month),
    queryFn: ({ signal }) =>
      apiRequest(`/tr/matrix${month ? `?month=${encodeURIComponent(month)}` : ''}`, {
        schema: MatrixResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Rows per page, and the most pages read, for the top earners. */
export const EARNER_PAGE = 100;
export const EARNER_MAX_PAGES = 20;
export const EARNER_MAX_ROWS = EARNER_PAGE * EARNER_MAX_PAGES;

export interface Earner {
  user_id: number;
  username: string;
  /** The member's name, when the rows carry it. */
  fullname: string | null;
  total: bigint;
  count: number;
}

export interface EarnerReport {
  earners: Earner[];
  /** Rows read and summed. */
  loaded: number;
  /** Rows the server counts for the filter. */
  total: number;
  complete: boolean;
}

/** Sums credits per member exactly (bigint units), largest first. */
export function aggregateEarners(
  rows: readonly {
    user_id: number | null;
    username: string | null;
    fullname?: string | null;
    amount: string;
  }[],
): Earner[] {
  const byMember = new Map<number, Earner>();
  for (const r of rows) {
    if (r.user_id === null) continue;
    const e = byMember.get(r.user_id) ?? {
      user_id: r.user_id,
      username: r.username ?? `#${r.user_id}`,
      fullname: r.fullname ?? null,
      total: 0n,
      count: 0,
    };
    e.total += unitsOf(r.amount);
    e.count += 1;
    byMember.set(r.user_id, e);
  }
  return [...byMember.values()].sort((a, b) =>
    a.total === b.total ? a.user_id - b.user_id : a.total > b.total ? -1 : 1,
  );
}

/** The filter of the income transactions (without page and limit): also the CSV export's query. */
export function earnerQuery(f: { source: string; from: string; to: string }): URLSearchParams {
  const qs = new URLSearchParams({ transaction_type: 'credit', status: 'completed' });
  if (f.source) qs.set('source', f.source);
  if (f.from) qs.set('from', f.from);
  if (f.to) qs.set('to', f.to);
  return qs;
}

/** GET /tr/all page by page (up to EARNER_MAX_ROWS rows) and sums per member. */
export function useTopEarners(filter: URLSearchParams | null) {
  const text = filter?.toString() ?? '';
  return useQuery({
    queryKey: reportKeys.earners(text),
    queryFn: async ({ signal }): Promise<EarnerReport> => {
      const rows: z.infer<typeof TransactionListResponse>['transactions'] = [];
      let page = 1;
      let totalPages = 1;
      let total = 0;
      do {
        const qs = new URLSearchParams(text);
        qs.set('page', String(page));
        qs.set('limit', String(EARNER_PAGE));
        const res = await apiRequest(`/tr/all?${qs}`, { schema: TransactionListResponse, signal });
        rows.push(...res.transactions);
        totalPages = res.totalPages;
        total = res.total;
        page += 1;
      } while (page <= totalPages && page <= EARNER_MAX_PAGES);
      return { earners: aggregateEarners(rows), loaded: rows.length, total, complete: page > totalPages };
    },
    enabled: filter !== null,
  });
}

// ---- salary ----------------------------------------------------------------------------------------

export function useSalaries(page: number, limit: number, month: string) {
  const qs = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (month) qs.set('month', month);
  const text = qs.toString();
  return useQuery({
    queryKey: reportKeys.salaries(text),
    queryFn: ({ signal }) =>
      apiRequest(`/salary/user-salaries?${text}`, { schema: SalaryListResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSalaryTiers() {
  return useQuery({
    queryKey: reportKeys.tiers,
    queryFn: ({ signal }) => apiRequest('/salary/tier-stats', { schema: SalaryTierStats, signal }),
  });
}

export function runSalary(month: string, key: string) {
  return apiRequest('/salary/run', {
    method: 'POST',
    body: { month },
    schema: SalaryRunResponse,
    idempotencyKey: key,
  });
}

// ---- CTO -------------------------------------------------------------------------------------------

export function useCtoQualified() {
  return useQuery({
    queryKey: reportKeys.ctoQualified,
    queryFn: ({ signal }) => apiRequest('/cto', { schema: CtoQualifiedResponse, signal }),
  });
}

export function useCtoPayouts() {
  return useQuery({
    queryKey: reportKeys.ctoPayouts,
    queryFn: ({ signal }) => apiRequest('/cto/list', { schema: CtoListResponse, signal }),
  });
}

export function useCtoPayout(id: number | null) {
  return useQuery({
    queryKey: reportKeys.ctoPayout(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/cto/byid/${id}`, { schema: CtoPayoutResponse, signal }),
    enabled: id !== null,
  });
}

const CtoPaid = z.object({
  message: z.string(),
  payout: z.object({ month: z.string(), pool: z.string(), members: z.number().int(), share: z.string() }),
});

export function payCto(month: string, key: string) {
  return apiRequest('/cto/pay', { method: 'POST', body: { month }, schema: CtoPaid, idempotencyKey: key });
}

export function disqualifyCto(userId: number, reason: string, key: string) {
  return apiRequest(`/cto/${userId}`, {
    method: 'PUT',
    body: { reason },
    schema: MessageResponse,
    idempotencyKey: key,
  });
}

// ---- defaulters --------------------------------------------------------------------------------------

export function useDefaulters() {
  return useQuery({
    queryKey: reportKeys.defaulters,
    queryFn: ({ signal }) => apiRequest('/users/non/users', { schema: NonUsersResponse, signal }),
  });
}

export function useRewardNotices() {
  return useQuery({
    queryKey: reportKeys.notices,
    queryFn: ({ signal }) => apiRequest('/users/rewards', { schema: RewardsResponse, signal }),
  });
}

export function sendRewardNotice(body: { user_ids: number[]; message: string }, key: string) {
  return apiRequest('/users/send/reward', {
    method: 'POST',
    body,
    schema: MessageResponse,
    idempotencyKey: key,
  });
}
