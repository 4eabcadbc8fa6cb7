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
import { principalOf } from '../../http/access';
import { actingFor, csvColumns, keyedRequest, pageInfo, scopeOf, sendCsv } from '../../http/listing';
import { askMemberSecondFactor } from '../auth/second-factor';

export function transfersRoutes(app: App): void {
  const { transfers } = app.deps;
  const tags = ['transfers'];

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
      await askMemberSecondFactor(app.deps.db, p, b.code, requestKey);
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
      await askMemberSecondFactor(app.deps.db, p, b.code, requestKey);
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
      const p = principalOf(request);
      // Staff read members' transfers where their role reads money (decision 0042), as the list: refused before
      // anything is read, so other roles cannot tell which numbers exist.
      if (p.role === 'admin') scopeOf(p);
      const transfer = await transfers.one(BigInt(request.params.id));
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
