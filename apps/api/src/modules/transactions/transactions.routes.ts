import {
  ApprovalPendingResponse,
  IdIn,
  IdParam,
  ManualTransactionBody,
  MatrixQuery,
  MatrixResponse,
  PatchTransactionBody,
  TableNameBody,
  TransactionCreatedResponse,
  TransactionFilterQuery,
  TransactionListResponse,
  TransactionRecord,
  transactionTables,
  UserTransactionDetails,
  WalletsResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { csvColumns, keyedRequest, pageInfo, scopeOf, sendCsv } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';
import { csvTransaction } from './transactions.list';

const UserIdParam = z.object({ userId: IdIn });

export function transactionsRoutes(app: App): void {
  const { transactions } = app.deps;
  const tags = ['transactions'];
  const noFilters = { page: 1, limit: 10, format: 'json' as const };

  app.post(
    '/tr/list',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, body: TableNameBody, response: { 200: TransactionListResponse } },
    },
    async (request) => {
      const { table_name, page, limit } = request.body;
      const q = {
        ...noFilters,
        page,
        limit,
        source: transactionTables[table_name],
        transaction_type: 'credit' as const,
      };
      const { rows, total } = await transactions.list(q);
      return { transactions: rows, ...pageInfo(q, total) };
    },
  );
  app.post(
    '/tr/tr/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: UserIdParam, body: TableNameBody, response: { 200: TransactionListResponse } },
    },
    async (request) => {
      const { table_name, page, limit } = request.body;
      const q = {
        ...noFilters,
        page,
        limit,
        source: transactionTables[table_name],
        transaction_type: 'credit' as const,
      };
      const { rows, total } = await transactions.list(
        q,
        scopeOf(principalOf(request), request.params.userId),
      );
      return { transactions: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/tr/matrix',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: MatrixQuery, response: { 200: MatrixResponse } },
    },
    async (request) => ({ matrix: await transactions.matrix(request.query.month) }),
  );
  app.post(
    '/tr/create',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        body: ManualTransactionBody,
        response: { 201: TransactionCreatedResponse, 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      const done = await transactions.manual(principalOf(request), request.body, keyedRequest(request));
      // At or above the approval threshold it waits for a second admin (decision 0024).
      if (typeof done !== 'number') return reply.status(202).send(pendingResponse(done.awaiting));
      return reply.status(201).send({ message: 'Transaction created', transaction_id: done });
    },
  );
  app.get(
    '/tr/all',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: TransactionFilterQuery, response: { 200: TransactionListResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, total } = await transactions.list(q);
      if (q.format === 'csv')
        return sendCsv(reply, 'transactions', csvColumns(TransactionRecord), rows.map(csvTransaction));
      return { transactions: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/tr/user/:userId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: UserIdParam,
        querystring: TransactionFilterQuery,
        response: { 200: TransactionListResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, total } = await transactions.list(
        q,
        scopeOf(principalOf(request), request.params.userId),
      );
      if (q.format === 'csv')
        return sendCsv(reply, 'transactions', csvColumns(TransactionRecord), rows.map(csvTransaction));
      return { transactions: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/tr/wallet/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: UserIdParam, response: { 200: WalletsResponse } },
    },
    async (request) => {
      const userId = scopeOf(principalOf(request), request.params.userId) ?? BigInt(request.params.userId);
      return transactions.wallets(userId);
    },
  );
  app.get(
    '/transactions/user/:id/details',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: UserTransactionDetails } },
    },
    async (request) => {
      const userId = scopeOf(principalOf(request), request.params.id) ?? BigInt(request.params.id);
      return transactions.details(userId);
    },
  );
  app.patch(
    '/transactions/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        params: IdParam,
        body: PatchTransactionBody,
        response: { 200: TransactionCreatedResponse, 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      const done = await transactions.reverse(
        principalOf(request),
        request.params.id,
        request.body.reason,
        keyedRequest(request),
      );
      if (typeof done !== 'number') return reply.status(202).send(pendingResponse(done.awaiting));
      return { message: 'Transaction reversed', transaction_id: done };
    },
  );
}
