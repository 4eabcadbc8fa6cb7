import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export interface ListParams<F extends Record<string, string>> {
  page: number;
  limit: number;
  search: string;
  filters: F;
}

/**
 * Page, free-text search (debounced) and filters of a server-paged list. Changing the search or a filter
 * goes back to page 1.
 */
export function useListState<F extends Record<string, string>>(initialFilters: F, limit = 10) {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [filters, setFilters] = useState<F>(initialFilters);

  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const params: ListParams<F> = { page, limit, search: debounced, filters };
  return { page, setPage, search, setSearch, filters, setFilter, params };
}

/** Query text of a list call: page, limit, search and every filter that is set. */
export function listQuery(
  params: { page?: number; limit?: number; search?: string; filters?: Record<string, string> },
  extra: Record<string, string | number | undefined> = {},
): URLSearchParams {
  const qs = new URLSearchParams();
  if (params.page !== undefined) qs.set('page', String(params.page));
  if (params.limit !== undefined) qs.set('limit', String(params.limit));
  if (params.search) qs.set('search', params.search);
  for (const [k, v] of Object.entries({ ...params.filters, ...extra })) {
    if (v !== undefined && v !== '') qs.set(k, String(v));
  }
  return qs;
}
