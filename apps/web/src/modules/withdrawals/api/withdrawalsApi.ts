import {
  MessageResponse,
  type PayoutMethod,
  type WithdrawalKind,
  WithdrawalQuote,
  WithdrawalResponse,
  WithdrawalsResponse,
} from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { tr } from '../../../i18n/i18n';
import { WITHDRAWALS_NS } from '../i18n';

export const withdrawalKeys = {
  list: (qs: string) => ['money', 'withdrawals', qs] as const,
  quote: (kind: WithdrawalKind, amount: string) => ['money', 'withdrawal-quote', kind, amount] as const,
};

/** A kind's name: "Working", "ROI", "Compound", "Principal" (read when drawn, in the member's language). */
export const kindLabel = (kind: WithdrawalKind): string => tr(`${WITHDRAWALS_NS}:kind.label.${kind}`);

/** Where each kind is paid from: "your Working wallet"; `admin`: "the member’s Working wallet". */
export const kindSource = (kind: WithdrawalKind, admin = false): string =>
  tr(`${WITHDRAWALS_NS}:kind.${admin ? 'memberSource' : 'source'}.${kind}`);

/** GET /withdrawalrequest/quote: the server's fee, net, minimum and what is available. */
export function useWithdrawalQuote(kind: WithdrawalKind, amount: string, enabled = true) {
  return useQuery({
    queryKey: withdrawalKeys.quote(kind, amount),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ kind });
      if (amount !== '') qs.set('amount', amount);
      return apiRequest(`/withdrawalrequest/quote?${qs}`, { schema: WithdrawalQuote, signal });
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /withdrawalrequest/list: a member sees their own requests, an admin everyone's (kind filter). */
export function useWithdrawals(qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: withdrawalKeys.list(text),
    queryFn: ({ signal }) =>
      apiRequest(`/withdrawalrequest/list?${text}`, { schema: WithdrawalsResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

const requestPaths: Record<WithdrawalKind, string> = {
  working: '/withdrawalrequest/add',
  roi: '/withdrawalrequest/add/roiwithdrawal',
  compound: '/withdrawalrequest/addcompoundwithdrawal',
  principal: '/withdrawalrequest/add/principle',
};

export interface WithdrawalRequestBody {
  user_id: number;
  /** Not sent for principal: the whole plan is withdrawn. */
  amount?: string;
  currency?: 'BEP20' | 'TRC20';
  /** The authenticator code, when the member has two-factor sign-in on (decision 0023). */
  code?: string;
}

export function requestWithdrawal(kind: WithdrawalKind, body: WithdrawalRequestBody, key: string) {
  return apiRequest(requestPaths[kind], {
    method: 'POST',
    body,
    schema: WithdrawalResponse,
    idempotencyKey: key,
  });
}

/** Cancels a pending request; the held amount goes back to its wallet. */
export function cancelWithdrawal(id: number, key: string) {
  return apiRequest(`/withdrawalrequest/${id}`, {
    method: 'DELETE',
    schema: MessageResponse,
    idempotencyKey: key,
  });
}

/** PUT /withdrawalrequest/compound/amount: working -> compound. */
export function moveToCompound(body: { user_id: number; amount: string }, key: string) {
  return apiRequest('/withdrawalrequest/compound/amount', {
    method: 'PUT',
    body,
    schema: MessageResponse,
    idempotencyKey: key,
  });
}

const decisionPaths: Record<WithdrawalKind, (id: number) => string> = {
  working: (id) => `/withdrawalrequest/${id}`,
  roi: (id) => `/withdrawalrequest/update/roi/${id}`,
  principal: (id) => `/withdrawalrequest/update/principle/${id}`,
  compound: (id) => `/withdrawalrequest/compound/${id}`,
};

export interface WithdrawalDecision {
  status: 'complete' | 'decline';
  user_id: number;
  note?: string;
  /** How the admin was told it is paid (decision 0054): a completion paid the other way is refused. */
  payout_method?: PayoutMethod;
}

/** Admin: completes (marks paid by hand, or approves for payment on chain) or declines (returns the gross) a request. */
export function decideWithdrawal(kind: WithdrawalKind, id: number, body: WithdrawalDecision, key: string) {
  return apiRequest(decisionPaths[kind](id), {
    method: 'PUT',
    body,
    schema: WithdrawalResponse,
    idempotencyKey: key,
  });
}

export interface DebitBody {
  user_id: number;
  amount: string;
  wallet: 'deposit' | 'working' | 'non_working' | 'compound';
  reason: string;
}

/** Admin: debits a member wallet with a reason (audited). */
export function adminDebit(body: DebitBody, key: string) {
  return apiRequest('/withdrawalrequest/debit', {
    method: 'POST',
    body,
    schema: MessageResponse,
    idempotencyKey: key,
  });
}
