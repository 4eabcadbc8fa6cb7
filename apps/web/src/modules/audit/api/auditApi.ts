import type { AuditEntry } from '@sgx/contracts';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

export type { AuditEntry };

/** The filters of an audit search, as the page's query string keeps them (empty: not filtered). */
export const auditFilterKeys = ['actor', 'member', 'kind', 'record', 'from', 'to'] as const;
export type AuditFilters = Partial<Record<(typeof auditFilterKeys)[number], string>>;

export function auditQuery(filters: AuditFilters): URLSearchParams {
  const qs = new URLSearchParams();
  for (const key of auditFilterKeys) {
    const value = filters[key]?.trim();
    if (value) qs.set(key, value);
  }
  return qs;
}

/** GET /admin/audit, newest first, one page of 50 at a time (the server's cursor). */
export function useAuditSearch(filters: AuditFilters) {
  const qs = auditQuery(filters).toString();
  return useInfiniteQuery({
    queryKey: ['audit', qs],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) => {
      const page = new URLSearchParams(qs);
      page.set('limit', '50');
      if (pageParam !== null) page.set('cursor', String(pageParam));
      return apiRequest(`/admin/audit?${page}`, { schema: contract('AuditResponse'), signal });
    },
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
