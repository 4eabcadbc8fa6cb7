import { TopupResponse, TopupsResponse, TransferResponse, TransfersResponse } from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';

export const topupKeys = {
  topups: (qs: string) => ['money', 'topups', qs] as const,
  transfers: (qs: string) => ['money', 'transfers', qs] as const,
};

/** GET /topup/list: a member sees the top-ups they paid or received, an admin all (status = kind). */
export function useTopups(qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: topupKeys.topups(text),
    queryFn: ({ signal }) => apiRequest(`/topup/list?${text}`, { schema: TopupsResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /transfer/list: transfers sent or received (status = touser | friend). */
export function useTransfers(qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: topupKeys.transfers(text),
    queryFn: ({ signal }) => apiRequest(`/transfer/list?${text}`, { schema: TransfersResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /topup/add: the payer's deposit wallet pays a plan for the receiver (themself or another member). */
export function topup(
  body: { id: number; userby_id: number; userto_id: number; amount?: string },
  key: string,
) {
  return apiRequest('/topup/add', { method: 'POST', body, schema: TopupResponse, idempotencyKey: key });
}

/** POST /topup/addretopup: adds principal to the receiver's active plan. */
export function retopup(body: { userby_id: number; userto_id: number; amount: string }, key: string) {
  return apiRequest('/topup/addretopup', {
    method: 'POST',
    body,
    schema: TopupResponse,
    idempotencyKey: key,
  });
}

/** POST /topup/entry: pays the account activation fee for a member (`id`). */
export function payEntry(body: { id: number; userby_id: number }, key: string) {
  return apiRequest('/topup/entry', { method: 'POST', body, schema: TopupResponse, idempotencyKey: key });
}

/**
 * POST /transfer/friend: tops up a friend's plan from the caller's deposit balance (`code`: with two-factor
 * on, decision 0023).
 */
export function friendTopup(
  body: { user_id: number; userto_id: number; plan_id: number; amount?: string; code?: string },
  key: string,
) {
  return apiRequest('/transfer/friend', {
    method: 'POST',
    body,
    schema: TransferResponse,
    idempotencyKey: key,
  });
}

/** POST /transfer/touser: moves deposit balance to another member (`code`: with two-factor on, decision 0023). */
export function transferToMember(
  body: { user_id: number; userto_id: number; amount: string; code?: string },
  key: string,
) {
  return apiRequest('/transfer/touser', {
    method: 'POST',
    body,
    schema: TransferResponse,
    idempotencyKey: key,
  });
}

const Activated = z.object({ message: z.string(), topup_id: z.number().int() });

/** Admin: activates a plan for a member, paid from the member's own deposit wallet. */
export function activatePlan(body: { user_id: number; plan_id: number; amount?: string }, key: string) {
  return apiRequest('/actplan/add', { method: 'POST', body, schema: Activated, idempotencyKey: key });
}
