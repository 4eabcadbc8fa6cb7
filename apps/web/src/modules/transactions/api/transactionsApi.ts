import type { ManualTransactionBody, PatchTransactionBody } from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

export const transactionKeys = {
  table: (userId: number, table: string, page: number, limit: number) =>
    ['money', 'transactions', 'table', userId, table, page, limit] as const,
  user: (userId: number, qs: string) => ['money', 'transactions', 'user', userId, qs] as const,
  all: (qs: string) => ['money', 'transactions', 'all', qs] as const,
  reconciliation: ['money', 'reconciliation'] as const,
  reconciliationRuns: ['money', 'reconciliation', 'runs'] as const,
};

const Created = contract('TransactionCreatedResponse');

export type TransactionFilters = {
  source: string;
  transaction_type: string;
  status: string;
};

/** POST /tr/tr/{userId} {table_name, page, limit}: one income kind of the member, credits only. */
export function useTableTransactions(userId: number | null, tableName: string, page: number, limit = 10) {
  return useQuery({
    queryKey: transactionKeys.table(userId ?? 0, tableName, page, limit),
    queryFn: ({ signal }) =>
      apiRequest(`/tr/tr/${userId}`, {
        method: 'POST',
        // An unknown table_name is sent as it is: the server's refusal is what the page shows.
        body: { table_name: tableName, page, limit },
        schema: contract('TransactionListResponse'),
        signal,
      }),
    enabled: userId !== null && tableName !== '',
    // The previous page stays while the next loads, but never another table's rows.
    placeholderData: (previous, query) => (query?.queryKey[4] === tableName ? previous : undefined),
  });
}

/** GET /tr/user/{userId} with filters: the member's ledger rows. */
export function useUserTransactions(userId: number | null, qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: transactionKeys.user(userId ?? 0, text),
    queryFn: ({ signal }) =>
      apiRequest(`/tr/user/${userId}?${text}`, { schema: contract('TransactionListResponse'), signal }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /tr/all with filters (admin). */
export function useAllTransactions(qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: transactionKeys.all(text),
    queryFn: ({ signal }) =>
      apiRequest(`/tr/all?${text}`, { schema: contract('TransactionListResponse'), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /ledger/reconciliation (admin): balances equal the sum of their entries, every posting balances. */
export function useReconciliation(enabled = true) {
  return useQuery({
    queryKey: transactionKeys.reconciliation,
    queryFn: ({ signal }) =>
      apiRequest('/ledger/reconciliation', { schema: contract('ReconciliationResponse'), signal }),
    enabled,
  });
}

/** GET /ledger/reconciliation/runs (admin): the hourly incremental checks, newest first (decision 0086). */
export function useReconciliationRuns() {
  return useQuery({
    queryKey: transactionKeys.reconciliationRuns,
    queryFn: ({ signal }) =>
      apiRequest('/ledger/reconciliation/runs', { schema: contract('ReconciliationRunsResponse'), signal }),
  });
}

export function createManualTransaction(body: z.input<typeof ManualTransactionBody>, key: string) {
  return apiRequest('/tr/create', { method: 'POST', body, schema: Created, idempotencyKey: key });
}

export function reverseTransaction(id: number, body: z.input<typeof PatchTransactionBody>, key: string) {
  return apiRequest(`/transactions/${id}`, { method: 'PATCH', body, schema: Created, idempotencyKey: key });
}
