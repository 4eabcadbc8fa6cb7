import {
  ApprovalPendingResponse,
  CodeRecord,
  CodesResponse,
  CreateCodesBody,
  IdParam,
  ListQuery,
  RedeemCodeBody,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { csvColumns, keyedRequest, pageInfo, sendCsv } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

export function codesRoutes(app: App): void {
  const { codes } = app.deps;
  const tags = ['codes'];

  app.post(
    '/codes',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        body: CreateCodesBody,
        response: {
          201: z.object({ message: z.string(), codes: z.array(CodeRecord) }),
          202: ApprovalPendingResponse,
        },
      },
    },
    async (request, reply) => {
      const issued = await codes.issue(
        principalOf(request),
        request.body.count,
        request.body.amount,
        keyedRequest(request),
      );
      // A batch worth the approval threshold or more waits for a second admin (decision 0024).
      if ('awaiting' in issued) return reply.status(202).send(pendingResponse(issued.awaiting));
      return reply
        .status(201)
        .send({ message: `${issued.length} code${issued.length === 1 ? '' : 's'} created`, codes: issued });
    },
  );
  app.get(
    '/codes',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: ListQuery, response: { 200: CodesResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, total } = await codes.list(q);
      if (q.format === 'csv') return sendCsv(reply, 'codes', csvColumns(CodeRecord), rows);
      return { codes: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/codes/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, response: { 200: z.object({ code: CodeRecord }) } },
    },
    async (request) => ({ code: await codes.get(request.params.id) }),
  );
  app.post(
    '/codes/redeem',
    {
      config: { access: 'member' },
      schema: {
        tags,
        body: RedeemCodeBody,
        response: { 200: z.object({ message: z.string(), amount: z.string() }) },
      },
    },
    async (request) => {
      const amount = await codes.redeem(principalOf(request), request.body.code);
      return { message: 'Code redeemed: the amount is in your deposit wallet', amount };
    },
  );
}
