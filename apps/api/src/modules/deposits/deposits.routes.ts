import {
  ApprovalPendingResponse,
  DecisionBody,
  DepositBody,
  DepositRecord,
  DepositResponse,
  DepositsResponse,
  IdParam,
  ListQuery,
  MessageResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { actingFor, csvColumns, keyedRequest, pageInfo, scopeOf, sendCsv } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

export function depositsRoutes(app: App): void {
  const { deposits } = app.deps;
  const tags = ['deposits'];

  app.post(
    '/deposite/add',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: DepositBody, response: { 201: DepositResponse } },
    },
    async (request, reply) => {
      const userId = actingFor(principalOf(request), request.body.user_id);
      const deposit = await deposits.request(userId, request.body);
      return reply
        .status(201)
        .send({ message: 'Deposit request received. It is credited once verified.', deposit });
    },
  );
  app.get(
    '/deposite/list',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: ListQuery, response: { 200: DepositsResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const p = principalOf(request);
      const { rows, total } = await deposits.list(q, scopeOf(p), p.role === 'admin');
      if (q.format === 'csv') return sendCsv(reply, 'deposits', csvColumns(DepositRecord), rows);
      return { deposits: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/deposite/by/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, querystring: ListQuery, response: { 200: DepositsResponse } },
    },
    async (request) => {
      const q = request.query;
      const p = principalOf(request);
      const { rows, total } = await deposits.list(q, scopeOf(p, request.params.id), p.role === 'admin');
      return { deposits: rows, ...pageInfo(q, total) };
    },
  );
  app.put(
    '/deposite/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        params: IdParam,
        body: DecisionBody,
        response: { 200: DepositResponse, 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      const deposit = await deposits.decide(
        principalOf(request),
        request.params.id,
        request.body,
        keyedRequest(request),
      );
      // A large credit, or one of another amount than reported, waits for a second admin (decision 0024).
      if ('awaiting' in deposit) return reply.status(202).send(pendingResponse(deposit.awaiting));
      return {
        message: deposit.status === 'complete' ? 'Deposit approved and credited' : 'Deposit declined',
        deposit,
      };
    },
  );
  app.delete(
    '/deposite/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await deposits.cancel(principalOf(request), request.params.id);
      return { message: 'Deposit request cancelled' };
    },
  );
}
