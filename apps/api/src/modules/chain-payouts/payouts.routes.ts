import {
  HeldPayoutsResponse,
  MessageResponse,
  PayoutBatchBody,
  PayoutBatchesResponse,
  PayoutBatchIdParam,
  PayoutBatchResponse,
  PayoutQueueQuery,
  PayoutQueueResponse,
  PayoutReorgResolveBody,
  PayoutRetryBody,
  PayoutTransactionBody,
  PayoutWithdrawalParam,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

/**
 * Payouts on chain (decision 0034): admins only. Preparing a batch needs the admin's second factor; the
 * operator's wallet sends it; the server verifies it on chain and completes each withdrawal it paid, once.
 */
export function chainPayoutsRoutes(app: App): void {
  const { chainPayouts } = app.deps;
  const tags = ['payouts'];

  app.get(
    '/payouts/queue',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: PayoutQueueQuery, response: { 200: PayoutQueueResponse } },
    },
    (request) => chainPayouts.queue(request.query.network),
  );
  app.get(
    '/payouts/batches',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, response: { 200: PayoutBatchesResponse } },
    },
    async () => ({ batches: await chainPayouts.list() }),
  );
  app.get(
    '/payouts/batches/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: PayoutBatchIdParam, response: { 200: PayoutBatchResponse } },
    },
    async (request) => {
      const batch = await chainPayouts.one(BigInt(request.params.id));
      return { message: batchMessage(batch), batch };
    },
  );
  app.post(
    '/payouts/batches',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, body: PayoutBatchBody, response: { 201: PayoutBatchResponse } },
    },
    async (request, reply) => {
      const batch = await chainPayouts.prepare(principalOf(request), request.body, request.ip);
      return reply.status(201).send({
        message: `Batch #${batch.id} prepared: ${batch.items.length} payouts, ${batch.total} USD. Send it from your wallet before ${batch.deadline}.`,
        batch,
      });
    },
  );
  app.post(
    '/payouts/batches/:id/transaction',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        params: PayoutBatchIdParam,
        body: PayoutTransactionBody,
        response: { 200: PayoutBatchResponse },
      },
    },
    async (request) => {
      const batch = await chainPayouts.submit(
        principalOf(request),
        BigInt(request.params.id),
        request.body.hash,
      );
      return { message: batchMessage(batch), batch };
    },
  );
  app.post(
    '/payouts/:id/retry',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        params: PayoutWithdrawalParam,
        body: PayoutRetryBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await chainPayouts.retry(principalOf(request), BigInt(request.params.id), request.body.reason);
      return { message: `Payout #${request.params.id} waits again for a batch.` };
    },
  );
  // Payouts a chain reorganisation took back after they were verified (decision 0053): one admin resolves each.
  app.get(
    '/payouts/held',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, response: { 200: HeldPayoutsResponse } },
    },
    () => chainPayouts.reorg.list(),
  );
  app.post(
    '/payouts/:id/reorg-resolve',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        params: PayoutWithdrawalParam,
        body: PayoutReorgResolveBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => ({
      message: await chainPayouts.reorg.resolve(
        principalOf(request),
        BigInt(request.params.id),
        request.body,
      ),
    }),
  );
}

function batchMessage(b: { id: number; status: string; failure: string | null; items: unknown[] }): string {
  switch (b.status) {
    case 'paid':
      return `Batch #${b.id} paid on chain: ${b.items.length} withdrawals completed.`;
    case 'failed':
      return `Batch #${b.id} failed: ${b.failure ?? 'see its payouts'}`;
    case 'expired':
      return `Batch #${b.id} expired unpaid: its payouts wait for a new batch.`;
    case 'reorged':
      return `Batch #${b.id}'s payment was removed by a chain reorganisation: its payouts are held for an admin.`;
    case 'sent':
      return `Batch #${b.id} sent: it is paid once the chain has enough confirmations.`;
    default:
      return `Batch #${b.id} waits for its transaction.`;
  }
}
