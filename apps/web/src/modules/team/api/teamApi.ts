import { ReferralFullResponse, ReferralListResponse, type TreeNode } from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';

export type { TreeNode };

export const teamKeys = {
  list: (code: string, qs: string) => ['team', 'list', code, qs] as const,
  node: (code: string) => ['team', 'node', code] as const,
};

/** GET /referral/list/{code}: the directs of one member, a page at a time, with search. */
export function useReferralList(code: string | null, qs: URLSearchParams, enabled = true) {
  const text = qs.toString();
  return useQuery({
    queryKey: teamKeys.list(code ?? '', text),
    queryFn: ({ signal }) =>
      apiRequest(`/referral/list/${encodeURIComponent(code ?? '')}?${text}`, {
        schema: ReferralListResponse,
        signal,
      }),
    enabled: enabled && code !== null && code !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /referral/full/{code}?depth=1: one member with their directs (used for the root of the tree). */
export function useTreeNode(code: string | null) {
  return useQuery({
    queryKey: teamKeys.node(code ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/referral/full/${encodeURIComponent(code ?? '')}?depth=1`, {
        schema: ReferralFullResponse,
        signal,
      }),
    select: (d) => d.treeData,
    enabled: code !== null && code !== '',
  });
}
