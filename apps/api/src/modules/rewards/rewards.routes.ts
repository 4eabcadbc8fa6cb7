import {
  amountOut,
  ClaimStatusResponse,
  IdIn,
  IdParam,
  InitializeRewardsBody,
  LeadershipResponse,
  MemberRewardResponse,
  MessageResponse,
  RewardPlan,
  RewardPlanBody,
  RewardPlansResponse,
  RewardPlanUpdateBody,
} from '@sgx/contracts';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { conflict, notFound } from '../../http/errors';
import { scopeOf } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { toPlan } from './rewards.service';

const UserIdParam = z.object({ userId: IdIn });
const cols = [
  'id',
  'rank',
  'title',
  'description',
  'threshold',
  'duration_days',
  'reward',
  'active',
] as const;

/** Reward ranks (spec 7.11 rewards) and leadership records. */
export function rewardsRoutes(app: App): void {
  const { db, rewards } = app.deps;
  const tags = ['rewards'];
  const Saved = z.object({ message: z.string(), reward: RewardPlan });

  app.get(
    '/rewards/rewards',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: RewardPlansResponse } } },
    async () => ({
      rewards: (await rewards.plans()).map(toPlan),
    }),
  );
  app.post(
    '/rewards',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, body: RewardPlanBody, response: { 201: Saved } },
    },
    async (request, reply) => {
      const actor = principalOf(request).userId;
      const r = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('reward_plans')
          .values(request.body)
          .onConflict((oc) => oc.doNothing())
          .returning(cols)
          .executeTakeFirst();
        if (!row) throw conflict('A reward plan with this rank exists.');
        await writeAudit(tx, {
          actorId: actor,
          action: 'reward_plan.create',
          entity: 'reward_plan',
          entityId: row.id,
          after: toPlan(row),
        });
        return row;
      });
      return reply.status(201).send({ message: 'Reward created', reward: toPlan(r) });
    },
  );
  app.put(
    '/rewards/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, params: IdParam, body: RewardPlanUpdateBody, response: { 200: Saved } },
    },
    async (request) => {
      const actor = principalOf(request).userId;
      const r = await db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('reward_plans')
          .select(cols)
          .where('id', '=', BigInt(request.params.id))
          .where('deleted_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound('Reward plan not found.');
        const row = await tx
          .updateTable('reward_plans')
          .set(request.body)
          .where('id', '=', before.id)
          .returning(cols)
          .executeTakeFirstOrThrow();
        await writeAudit(tx, {
          actorId: actor,
          action: 'reward_plan.update',
          entity: 'reward_plan',
          entityId: row.id,
          before: toPlan(before),
          after: toPlan(row),
        });
        return row;
      });
      return { message: 'Reward updated', reward: toPlan(r) };
    },
  );
  app.delete(
    '/rewards/:id',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      const r = await db
        .updateTable('reward_plans')
        .set({ deleted_at: new Date(), active: false })
        .where('id', '=', BigInt(request.params.id))
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!r) throw notFound('Reward plan not found.');
      await writeAudit(db, {
        actorId: principalOf(request).userId,
        action: 'reward_plan.delete',
        entity: 'reward_plan',
        entityId: r.id,
      });
      return { message: 'Reward deleted' };
    },
  );

  app.post(
    '/initialize',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: InitializeRewardsBody, response: { 200: MemberRewardResponse } },
    },
    async (request) => {
      const p = principalOf(request);
      await rewards.initialize(p, BigInt(request.body.user_id));
      return rewards.current(p, BigInt(request.body.user_id));
    },
  );
  app.get(
    '/rewards/user/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: MemberRewardResponse } },
    },
    async (request) => rewards.current(principalOf(request), BigInt(request.params.id)),
  );
  app.get(
    '/rewards/user/business/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: MemberRewardResponse } },
    },
    async (request) => rewards.current(principalOf(request), BigInt(request.params.id)),
  );
  // Reading whether the current rank can be claimed; claiming itself is the POST below (a GET never pays).
  app.get(
    '/rewards/user/claim/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: ClaimStatusResponse } },
    },
    async (request) => rewards.claimStatus(principalOf(request), BigInt(request.params.id)),
  );
  app.post(
    '/rewards/user/claim/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        params: IdParam,
        response: {
          200: z.object({ message: z.string(), paid: z.string(), skipped_reason: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const r = await rewards.claim(principalOf(request), BigInt(request.params.id));
      return {
        message: r.paid > 0n ? 'Reward Claimed successfull!' : `No reward paid: ${r.reason}`,
        paid: amountOut(r.paid),
        skipped_reason: r.reason,
      };
    },
  );
  app.put(
    '/rewards/carry-forward/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await rewards.carryForward(principalOf(request), BigInt(request.params.id));
      return { message: 'Carry forword successfull' };
    },
  );

  app.get(
    '/leadership/list',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags: ['leadership'], response: { 200: LeadershipResponse } },
    },
    async () => ({
      leadership: await rewards.leadership(),
    }),
  );
  app.get(
    '/leadership/by/:userId',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['leadership'], params: UserIdParam, response: { 200: LeadershipResponse } },
    },
    async (request) => ({
      leadership: await rewards.leadership(
        scopeOf(principalOf(request), request.params.userId) ?? BigInt(request.params.userId),
      ),
    }),
  );
  app.delete(
    '/leadership/:id',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags: ['leadership'], params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await rewards.revokeLeadership(principalOf(request), BigInt(request.params.id));
      return { message: 'Leadership revoked' };
    },
  );
}
