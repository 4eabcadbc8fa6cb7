import {
  ApprovalPendingResponse,
  IdParam,
  MessageResponse,
  SanctionsCheckQuery,
  SanctionsCheckResponse,
  SanctionsEntryResponse,
  SanctionsHitResponse,
  SanctionsOperatorAddBody,
  SanctionsOverviewResponse,
  SanctionsReasonBody,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { keyedRequest } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

/**
 * Sanctions screening for compliance (decision 0075): the lists in force with their dates and counts, an address
 * checker, the operator's own list, the hits and their decisions. Owners and compliance officers only.
 */
export function sanctionsRoutes(app: App): void {
  const sanctions = app.deps.sanctions;
  const tags = ['sanctions'];
  const compliance = { access: 'admin', permission: 'compliance' } as const;

  app.get(
    '/admin/sanctions',
    { config: compliance, schema: { tags, response: { 200: SanctionsOverviewResponse } } },
    async () => ({
      lists: await sanctions.lists(),
      operator_entries: await sanctions.operatorEntries(),
      hits: await sanctions.hits(),
    }),
  );
  app.get(
    '/admin/sanctions/check',
    {
      config: compliance,
      schema: { tags, querystring: SanctionsCheckQuery, response: { 200: SanctionsCheckResponse } },
    },
    (request) => sanctions.check(request.query.address),
  );
  app.post(
    '/admin/sanctions/operator',
    {
      config: compliance,
      schema: { tags, body: SanctionsOperatorAddBody, response: { 201: SanctionsEntryResponse } },
    },
    async (request, reply) => {
      const entry = await sanctions.addOperatorEntry(
        principalOf(request),
        request.body.address,
        request.body.reason,
      );
      return reply.status(201).send({ message: 'Address added to the operator’s list.', entry });
    },
  );
  app.post(
    '/admin/sanctions/operator/:id/remove',
    {
      config: compliance,
      schema: { tags, params: IdParam, body: SanctionsReasonBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await sanctions.removeOperatorEntry(
        principalOf(request),
        BigInt(request.params.id),
        request.body.reason,
      );
      return { message: 'Address removed from the operator’s list.' };
    },
  );
  app.post(
    '/admin/sanctions/hits/:id/release',
    {
      config: compliance,
      schema: {
        tags,
        params: IdParam,
        body: SanctionsReasonBody,
        response: { 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      const approval = await sanctions.requestRelease(
        principalOf(request),
        BigInt(request.params.id),
        request.body.reason,
        keyedRequest(request).key,
      );
      return reply.status(202).send(pendingResponse(approval));
    },
  );
  app.post(
    '/admin/sanctions/hits/:id/confirm',
    {
      config: compliance,
      schema: { tags, params: IdParam, body: SanctionsReasonBody, response: { 200: SanctionsHitResponse } },
    },
    async (request) => ({
      message: 'Match confirmed: the money stays held.',
      hit: await sanctions.confirm(principalOf(request), BigInt(request.params.id), request.body.reason),
    }),
  );
}
