import {
  ActivatePlanBody,
  ApprovalPendingResponse,
  EndPlanBody,
  IdParam,
  LevelPercentsBody,
  LevelUnlockBody,
  ListQuery,
  MemberPlanRecord,
  MemberPlansResponse,
  MessageResponse,
  PlanBody,
  PlanRecord,
  PlansListResponse,
  PlanUpdateBody,
  SettingsResponse,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { csvColumns, keyedRequest, pageInfo, scopeOf, sendCsv } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

export function plansRoutes(app: App): void {
  const { plans, topups, settings } = app.deps;
  const tags = ['plans'];
  const PlanResponse = z.object({ message: z.string(), plan: PlanRecord });

  app.get(
    '/plans/list',
    { config: { access: 'public' }, schema: { tags, response: { 200: PlansListResponse } } },
    async () => ({ allplans: await plans.list() }),
  );
  app.get(
    '/plans/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: IdParam, response: { 200: z.object({ plan: PlanRecord }) } },
    },
    async (request) => ({ plan: await plans.get(request.params.id) }),
  );
  app.post(
    '/plans/add',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        body: PlanBody,
        response: { 201: PlanResponse, 202: ApprovalPendingResponse },
      },
    },
    async (request, reply) => {
      // Once members hold plans, a new plan waits for a second admin (decision 0070).
      const asked = await plans.requestCreate(principalOf(request), request.body, keyedRequest(request).key);
      if ('awaiting' in asked) return reply.status(202).send(pendingResponse(asked.awaiting));
      return reply.status(201).send({ message: 'Plan created successfully', plan: asked.plan });
    },
  );
  app.put(
    '/plans/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        params: IdParam,
        body: PlanUpdateBody,
        response: { 200: PlanResponse, 202: ApprovalPendingResponse.extend({ plan: PlanRecord }) },
      },
    },
    async (request, reply) => {
      // An economic field waits for a second admin (decision 0070); the rest applies at once.
      const { plan, awaiting } = await plans.requestUpdate(
        principalOf(request),
        request.params.id,
        request.body,
        keyedRequest(request).key,
      );
      if (awaiting) return reply.status(202).send({ ...pendingResponse(awaiting), plan });
      return { message: 'Plan updated successfully', plan };
    },
  );
  app.delete(
    '/plans/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await plans.remove(principalOf(request), request.params.id);
      return { message: 'Plan deleted successfully' };
    },
  );
  app.post(
    '/plans/addinvestlevel',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        body: LevelPercentsBody,
        response: {
          200: SettingsResponse.extend(MessageResponse.shape),
          202: ApprovalPendingResponse.extend(SettingsResponse.shape),
        },
      },
    },
    async (request, reply) => {
      // An economic setting: the change waits for a second admin (decision 0024).
      const { settings: next, awaiting } = await settings.request(
        principalOf(request).userId,
        { levelPercents: request.body.levels },
        request.body.reason,
        keyedRequest(request).key,
      );
      if (awaiting) return reply.status(202).send({ ...pendingResponse(awaiting), settings: next });
      return { message: 'Level income percentages saved', settings: next };
    },
  );
  app.post(
    '/plans/addactivelevel',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: {
        tags,
        body: LevelUnlockBody,
        response: {
          200: SettingsResponse.extend(MessageResponse.shape),
          202: ApprovalPendingResponse.extend(SettingsResponse.shape),
        },
      },
    },
    async (request, reply) => {
      // An economic setting: the change waits for a second admin (decision 0024).
      const { settings: next, awaiting } = await settings.request(
        principalOf(request).userId,
        { levelUnlockDirects: request.body.directs },
        request.body.reason,
        keyedRequest(request).key,
      );
      if (awaiting) return reply.status(202).send({ ...pendingResponse(awaiting), settings: next });
      return { message: 'Level unlock rules saved', settings: next };
    },
  );

  // Plans members hold ("active plans").
  app.post(
    '/actplan/add',
    {
      config: { access: 'admin', permission: 'money' },
      schema: {
        tags,
        body: ActivatePlanBody,
        response: { 201: z.object({ message: z.string(), topup_id: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { user_id, plan_id, amount } = request.body;
      const { key, fingerprint } = keyedRequest(request);
      const rec = await topups.topup(principalOf(request), {
        payer: BigInt(user_id),
        receiver: BigInt(user_id),
        planId: BigInt(plan_id),
        amount,
        kind: 'topup',
        requestKey: key,
        fingerprint,
      });
      return reply
        .status(201)
        .send({ message: 'Plan activated from the member’s deposit wallet', topup_id: rec.id });
    },
  );
  app.get(
    '/actplan/list',
    {
      config: { access: 'signed-in' },
      schema: { tags, querystring: ListQuery, response: { 200: MemberPlansResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      const { rows, total } = await plans.memberPlans(q, scopeOf(principalOf(request)));
      if (q.format === 'csv') return sendCsv(reply, 'active-plans', csvColumns(MemberPlanRecord), rows);
      return { activeplans: rows, ...pageInfo(q, total) };
    },
  );
  app.get(
    '/actplan/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: z.object({ activeplan: MemberPlanRecord }) } },
    },
    async (request) => {
      const mp = await plans.memberPlan(request.params.id);
      scopeOf(principalOf(request), mp.user_id);
      return { activeplan: mp };
    },
  );
  app.put(
    '/actplan/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, body: EndPlanBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await plans.endPlan(principalOf(request), request.params.id, request.body.reason);
      return { message: 'Plan ended; its principal is back in the member’s deposit wallet' };
    },
  );
  app.delete(
    '/actplan/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await plans.endPlan(principalOf(request), request.params.id, 'ended by admin');
      return { message: 'Plan ended; its principal is back in the member’s deposit wallet' };
    },
  );
}
