import {
  FriendTopupBody,
  IdParam,
  ListQuery,
  TransferBody,
  TransferRecord,
  TransferResponse,
  TransfersResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { type Principal, principalOf } from '../../http/access';
import {
  actingFor,
  csvColumns,
  keyedRequest,
  pageInfo,
  type RequestKey,
  scopeOf,
  sendCsv,
} from '../../http/listing';
import { requireSecondFactor } from '../auth/second-factor';
import { keyAlreadyUsed } from '../ledger/money-guards';
import { scopedKey } from '../topups/topups.service';

export function transfersRoutes(app: App): void {
  const { transfers } = app.deps;
  const tags = ['transfers'];
  /**
   * Money that leaves a member's hands for another member's asks the code of a member with two-factor
   * sign-in on (issue 13), like a withdrawal: a stolen session alone sends nothing to an accomplice. It is
   * checked before the transfer's transaction (requireSecondFactor counts wrong codes outside it). The
   * retry of a transfer that went through (its Idempotency-Key is claimed) gets its first answer instead.
   */
  const askSecondFactor = async (p: Principal, code: string | undefined, requestKey: RequestKey) => {
    // Members without two-factor (known from the session's read) cost no extra round trip here.
    if (p.role !== 'user' || p.twoFactorOn === false) return;
    if (await keyAlreadyUsed(app.deps.db, scopedKey(p, requestKey.key), requestKey.fingerprint)) return;
    await requireSecondFactor(app.deps.db, p.userId, code);
  };

  app.post(
    '/transfer/touser',
    {
      config: { access: 'member' },
      schema: { tags, body: TransferBody, response: { 201: TransferResponse } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const b = request.body;
      const requestKey = keyedRequest(request);
      await askSecondFactor(p, b.code, requestKey);
      const transfer = await transfers.toUser(
        p,
        actingFor(p, b.user_id),
        BigInt(b.userto_id),
        b.amount,
        requestKey,
      );
      return reply.status(201).send({ message: 'Transfer successful', transfer });
    },
  );
  app.post(
    '/transfer/friend',
    {
      config: { access: 'member' },
      schema: { tags, body: FriendTopupBody, response: { 201: TransferResponse } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const b = request.body;
      const requestKey = keyedRequest(request);
      await askSecondFactor(p, b.code, requestKey);
      const transfer = await transfers.friendTopup(
        p,
        actingFor(p, b.user_id),
        BigInt(b.userto_id),
        BigInt(b.plan_id),
        b.amount,
        requestKey,
      );
      return reply.status(201).send({ message: 'Your friend’s plan is topped up', transfer });
    },
  );
  app.get(
    '/transfer/list',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['transfers'], querystring: ListQuery, response: { 200: TransfersResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, total } = await transfers.list(q, scopeOf(principalOf(request)));
      if (q.format === 'csv') return sendCsv(reply, 'transfers', csvColumns(TransferRecord), rows);
      return { transfers: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/transfer/byid/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: z.object({ transfer: TransferRecord }) } },
    },
    async (request) => {
      const transfer = await transfers.one(BigInt(request.params.id));
      const p = principalOf(request);
      if (
        p.role !== 'admin' &&
        BigInt(transfer.user_id) !== p.userId &&
        BigInt(transfer.userto_id) !== p.userId
      ) {
        scopeOf(p, transfer.user_id);
      }
      return { transfer };
    },
  );
}
