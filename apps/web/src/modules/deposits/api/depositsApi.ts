import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';
import { depositsRefreshMs } from '../depositText';

export const depositKeys = {
  list: (qs: string) => ['money', 'deposits', qs] as const,
};

/**
 * GET /deposite/list: a member sees their own deposits, an admin everyone's. With `live`, the list
 * refreshes itself (depositsRefreshMs), often while any of its deposits waits for the chain or gathers
 * confirmations.
 */
export function useDeposits(qs: URLSearchParams, { live = false }: { live?: boolean } = {}) {
  const text = qs.toString();
  return useQuery({
    queryKey: depositKeys.list(text),
    queryFn: ({ signal }) =>
      apiRequest(`/deposite/list?${text}`, { schema: contract('DepositsResponse'), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => depositsRefreshMs(query.state.data?.deposits ?? [], live),
  });
}

export interface NewDeposit {
  user_id: number;
  amount: string;
  currency: 'BEP20' | 'TRC20';
  hash: string;
  /** BEP20 only: the EVM chain it was sent on (the server assumes BNB Smart Chain, 56, without it). */
  chain_id?: number;
}

export function createDeposit(body: NewDeposit, key: string) {
  return apiRequest('/deposite/add', {
    method: 'POST',
    body,
    schema: contract('DepositResponse'),
    idempotencyKey: key,
  });
}

/** Cancels a pending deposit (a member their own; nothing was credited). */
export function cancelDeposit(id: number, key: string) {
  return apiRequest(`/deposite/${id}`, {
    method: 'DELETE',
    schema: contract('MessageResponse'),
    idempotencyKey: key,
  });
}

export interface DepositDecision {
  status: 'complete' | 'decline';
  user_id: number;
  amount?: string;
  note?: string;
}

/** Admin: approves (optionally crediting a different amount) or declines a pending deposit. */
export function decideDeposit(id: number, body: DepositDecision, key: string) {
  return apiRequest(`/deposite/${id}`, {
    method: 'PUT',
    body,
    schema: contract('DepositResponse'),
    idempotencyKey: key,
  });
}
