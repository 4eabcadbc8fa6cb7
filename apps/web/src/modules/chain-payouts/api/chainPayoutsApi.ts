import {
  HeldPayoutsResponse,
  MessageResponse,
  PayoutBatchesResponse,
  PayoutBatchResponse,
  type PayoutNetwork,
  PayoutQueueResponse,
} from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { batchIsMoving } from '../payoutPlan';

/** Cache keys of the payouts' reads; `all` drops every one of them after a batch or a retry. */
export const payoutKeys = {
  all: ['chain-payouts'] as const,
  queue: (network: PayoutNetwork) => ['chain-payouts', 'queue', network] as const,
  batches: ['chain-payouts', 'batches'] as const,
  batch: (id: number) => ['chain-payouts', 'batch', id] as const,
  held: ['chain-payouts', 'held'] as const,
};

/** How often a batch whose transaction is out is read again while the chain confirms it. */
const SENT_POLL_MS = 3_000;

/** Admin: GET /payouts/queue: the network's approved and failed payouts and the chains they can be paid on. */
export function usePayoutQueue(network: PayoutNetwork) {
  return useQuery({
    queryKey: payoutKeys.queue(network),
    queryFn: ({ signal }) =>
      apiRequest(`/payouts/queue?network=${network}`, { schema: PayoutQueueResponse, signal }),
  });
}

/** Admin: GET /payouts/batches, the latest 50; read again every few seconds while one is on its way. */
export function usePayoutBatches() {
  return useQuery({
    queryKey: payoutKeys.batches,
    queryFn: ({ signal }) => apiRequest('/payouts/batches', { schema: PayoutBatchesResponse, signal }),
    select: (data) => data.batches,
    refetchInterval: (query) =>
      (query.state.data?.batches ?? []).some((b) => batchIsMoving(b.status)) ? SENT_POLL_MS : false,
  });
}

/** Admin: GET /payouts/batches/:id, read again every few seconds while its transaction is out. */
export function usePayoutBatch(id: number) {
  return useQuery({
    queryKey: payoutKeys.batch(id),
    queryFn: ({ signal }) => apiRequest(`/payouts/batches/${id}`, { schema: PayoutBatchResponse, signal }),
    refetchInterval: (query) =>
      query.state.data !== undefined && batchIsMoving(query.state.data.batch.status) ? SENT_POLL_MS : false,
  });
}

export interface PayoutBatchInput {
  chain_id: number;
  withdrawal_ids: number[];
  /** The admin's current authenticator code. */
  code: string;
  /** The wallet that will send the batch: its reference is bound to it (decision 0053). */
  payer: string;
}

/** Admin: POST /payouts/batches: the transaction to send (to the payout contract, with its calldata). */
export function preparePayoutBatch(body: PayoutBatchInput, key: string) {
  return apiRequest('/payouts/batches', {
    method: 'POST',
    body,
    schema: PayoutBatchResponse,
    idempotencyKey: key,
  });
}

/** Admin: POST /payouts/batches/:id/transaction: the hash of the transaction sent; the server reads it on chain. */
export function reportPayoutTransaction(id: number, hash: string, key: string) {
  return apiRequest(`/payouts/batches/${id}/transaction`, {
    method: 'POST',
    body: { hash },
    schema: PayoutBatchResponse,
    idempotencyKey: key,
  });
}

/** Admin: POST /payouts/:id/retry: a failed payout (withdrawal id) waits to be paid again. */
export function retryPayout(withdrawalId: number, reason: string, key: string) {
  return apiRequest(`/payouts/${withdrawalId}/retry`, {
    method: 'POST',
    body: { reason },
    schema: MessageResponse,
    idempotencyKey: key,
  });
}

/** Admin: GET /payouts/held: payouts a chain reorganisation took back after they were paid (decision 0053). */
export function useHeldPayouts() {
  return useQuery({
    queryKey: payoutKeys.held,
    queryFn: ({ signal }) => apiRequest('/payouts/held', { schema: HeldPayoutsResponse, signal }),
  });
}

/**
 * Admin: POST /payouts/:id/reorg-resolve: 'remined' (the chain shows the same payment again) or 'repay' (a new
 * batch pays it, once the old one can never pay), with a reason.
 */
export function resolveHeldPayout(
  withdrawalId: number,
  body: { action: 'remined' | 'repay'; reason: string },
  key: string,
) {
  return apiRequest(`/payouts/${withdrawalId}/reorg-resolve`, {
    method: 'POST',
    body,
    schema: MessageResponse,
    idempotencyKey: key,
  });
}
