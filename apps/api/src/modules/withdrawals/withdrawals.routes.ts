import {
  ApprovalPendingResponse,
  amountOut,
  CompoundBody,
  DebitBody,
  IdParam,
  ListQuery,
  MessageResponse,
  PrincipalWithdrawalBody,
  WithdrawalBody,
  WithdrawalCsvRow,
  WithdrawalDecisionBody,
  WithdrawalKind,
  WithdrawalQuote,
  WithdrawalQuoteQuery,
  type WithdrawalRecord,
  WithdrawalResponse,
  WithdrawalsResponse,
} from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { badRequest } from '../../http/errors';
import { actingFor, csvColumns, keyedRequest, pageInfo, scopeOf, sendCsv } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';
import { askMemberSecondFactor } from '../auth/second-factor';

/** `flagged=true`: admins see only requests with a flagged risk signal (decision 0026); members' lists ignore it. */
const WithdrawalListQuery = ListQuery.extend({
  kind: WithdrawalKind.optional(),
  flagged: z.enum(['true', 'false']).optional(),
});

export function withdrawalsRoutes(app: App): void {
  const { withdrawals } = app.deps;
  const tags = ['withdrawals'];
  const P = '/withdrawalrequest';

  const requestRoute = (path: string, kind: 'working' | 'roi' | 'compound') =>
    app.post(
      `${P}${path}`,
      {
        config: { access: 'signed-in' },
        schema: { tags, body: WithdrawalBody, response: { 201: WithdrawalResponse } },
      },
      async (request, reply) => {
        const p = principalOf(request);
        const requestKey = keyedRequest(request);
        await askMemberSecondFactor(app.deps.db, p, request.body.code, requestKey);
        const withdrawal = await withdrawals.request(
          p,
          actingFor(p, request.body.user_id),
          kind,
          request.body,
          requestKey,
        );
        return reply.status(201).send({ message: 'Withdrawal request received', withdrawal });
      },
    );
  requestRoute('/add', 'working');
  requestRoute('/add/roiwithdrawal', 'roi');
  requestRoute('/addcompoundwithdrawal', 'compound');
  app.post(
    `${P}/add/principle`,
    {
      config: { access: 'signed-in' },
      schema: { tags, body: PrincipalWithdrawalBody, response: { 201: WithdrawalResponse } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const requestKey = keyedRequest(request);
      await askMemberSecondFactor(app.deps.db, p, request.body.code, requestKey);
      const withdrawal = await withdrawals.request(
        p,
        actingFor(p, request.body.user_id),
        'principal',
        request.body,
        requestKey,
      );
      return reply.status(201).send({ message: 'Principal withdrawal request received', withdrawal });
    },
  );

  app.get(
    `${P}/quote`,
    {
      config: { access: 'member' },
      schema: { tags, querystring: WithdrawalQuoteQuery, response: { 200: WithdrawalQuote } },
    },
    async (request) => {
      const { kind, amount } = request.query;
      let units: bigint | undefined;
      if (amount) {
        try {
          units = parseUnits(amount);
        } catch {
          throw badRequest('Enter a valid amount.', { amount: ['Enter a valid amount.'] });
        }
      }
      const q = await withdrawals.quote(principalOf(request).userId, kind, units);
      return {
        kind,
        amount: amountOut(q.amount),
        fee: amountOut(q.fee),
        net: amountOut(q.net),
        fee_percent: amountOut(q.feePercent),
        minimum: amountOut(q.minimum),
        available: amountOut(q.available),
      };
    },
  );

  app.get(
    `${P}/list`,
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: WithdrawalListQuery, response: { 200: WithdrawalsResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const p = principalOf(request);
      const { rows, total } = await withdrawals.list(q, scopeOf(p), p.role === 'admin');
      if (q.format === 'csv')
        return sendCsv(reply, 'withdrawals', csvColumns(WithdrawalCsvRow), rows.map(csvRow));
      return { withdrawals: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    `${P}/by/:id`,
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: IdParam,
        querystring: WithdrawalListQuery,
        response: { 200: WithdrawalsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const p = principalOf(request);
      const { rows, total } = await withdrawals.list(q, scopeOf(p, request.params.id), p.role === 'admin');
      return { withdrawals: rows, ...pageInfo(q, total) };
    },
  );
  app.delete(
    `${P}/:id`,
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await withdrawals.cancel(principalOf(request), request.params.id);
      return { message: 'Withdrawal request cancelled; the amount is back in your wallet' };
    },
  );
  app.put(
    `${P}/compound/amount`,
    {
      config: { access: 'signed-in' },
      schema: { tags, body: CompoundBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const p = principalOf(request);
      await withdrawals.compound(
        p,
        actingFor(p, request.body.user_id),
        request.body.amount,
        keyedRequest(request),
      );
      return { message: 'Moved to your compound wallet' };
    },
  );

  const decideRoute = (path: string, kind?: 'roi' | 'principal' | 'compound') =>
    app.put(
      `${P}${path}`,
      {
        config: { access: 'admin', permission: 'money' },
        schema: {
          tags,
          params: IdParam,
          body: WithdrawalDecisionBody,
          response: { 200: WithdrawalResponse, 202: ApprovalPendingResponse },
        },
      },
      async (request, reply) => {
        const decided = await withdrawals.decide(
          principalOf(request),
          request.params.id,
          request.body,
          kind,
          keyedRequest(request),
        );
        // A completion at or above the approval threshold waits for a second admin (decision 0024).
        if ('awaiting' in decided) return reply.status(202).send(pendingResponse(decided.awaiting));
        return {
          message:
            decided.status === 'complete'
              ? 'Withdrawal completed'
              : decided.payout
                ? 'Withdrawal approved: it is paid on chain from the payout queue'
                : 'Withdrawal declined; the amount went back',
          withdrawal: decided,
        };
      },
    );
  decideRoute('/:id');
  decideRoute('/update/roi/:id', 'roi');
  decideRoute('/update/principle/:id', 'principal');
  decideRoute('/compound/:id', 'compound');

  app.post(
    `${P}/debit`,
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, body: DebitBody, response: { 202: ApprovalPendingResponse } },
    },
    async (request, reply) => {
      // Every admin debit waits for a second admin (decision 0024).
      const { awaiting } = await withdrawals.debit(principalOf(request), request.body, keyedRequest(request));
      return reply.status(202).send(pendingResponse(awaiting));
    },
  );
}

/** A withdrawal as a row of the CSV export (WithdrawalCsvRow: its payout as plain columns at the end). */
const csvRow = ({ payout, payout_method, ...r }: WithdrawalRecord): WithdrawalCsvRow => ({
  ...r,
  payout_status: payout?.status ?? null,
  payout_chain_id: payout?.chain_id ?? null,
  payout_tx_hash: payout?.tx_hash ?? null,
  payout_method,
});
