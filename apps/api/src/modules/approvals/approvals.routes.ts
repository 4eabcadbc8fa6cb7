import {
  ApprovalDecisionBody,
  ApprovalDecisionResponse,
  ApprovalListQuery,
  ApprovalRejectBody,
  ApprovalsResponse,
  IdParam,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { pageInfo } from '../../http/listing';

/** Two admins for large payouts (decision 0024): the approvals waiting for a second admin, and deciding them. */
export function approvalsRoutes(app: App): void {
  const { approvals } = app.deps;
  const tags = ['approvals'];

  app.get(
    '/admin/approvals',
    {
      config: { access: 'admin', permission: 'approvals' },
      schema: { tags, querystring: ApprovalListQuery, response: { 200: ApprovalsResponse } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await approvals.list(q);
      return { approvals: rows, ...pageInfo({ ...q, format: 'json' }, total) };
    },
  );
  app.post(
    '/admin/approvals/:id/approve',
    {
      config: { access: 'admin', permission: 'approvals' },
      schema: {
        tags,
        params: IdParam,
        // The reason is optional, and so is the body.
        body: ApprovalDecisionBody.optional(),
        response: { 200: ApprovalDecisionResponse },
      },
    },
    async (request) => {
      const approval = await approvals.approve(principalOf(request), request.params.id, request.body?.reason);
      return { message: 'Approved and done.', approval };
    },
  );
  app.post(
    '/admin/approvals/:id/reject',
    {
      config: { access: 'admin', permission: 'approvals' },
      schema: {
        tags,
        params: IdParam,
        body: ApprovalRejectBody,
        response: { 200: ApprovalDecisionResponse },
      },
    },
    async (request) => {
      const approval = await approvals.reject(principalOf(request), request.params.id, request.body.reason);
      return {
        message:
          approval.status === 'cancelled' ? 'Your request was withdrawn.' : 'Rejected; nothing was done.',
        approval,
      };
    },
  );
}
