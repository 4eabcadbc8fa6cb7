import { amountOut, type ListQuery, type PlanBody, type PlanRecord } from '@sgx/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { businessRule, notFound } from '../../http/errors';
import { dayRange, likePattern, runPaged } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { post } from '../ledger/ledger.service';
import { bumpUplines } from '../members/members.repo';
import { notifyMember, usd } from '../notifications/events';

type PlanInput = z.output<typeof PlanBody>;
type PlanRow = Awaited<ReturnType<ReturnType<PlansService['base']>['executeTakeFirstOrThrow']>>;

export const toPlanRecord = (p: {
  id: bigint;
  name: string;
  monthly_price: bigint;
  roi_day: bigint;
  sponsor_bonus: bigint;
  plan_period: number;
  description: string;
  type: string;
  active: boolean;
}): PlanRecord => ({
  id: Number(p.id),
  name: p.name,
  monthly_price: amountOut(p.monthly_price),
  ROI_day: amountOut(p.roi_day),
  Sponser_bonus: amountOut(p.sponsor_bonus),
  plan_period: p.plan_period,
  description: p.description,
  type: p.type,
  active: p.active,
});

const columns = (b: Partial<PlanInput>) => ({
  ...(b.name !== undefined ? { name: b.name } : {}),
  ...(b.monthly_price !== undefined ? { monthly_price: b.monthly_price } : {}),
  ...(b.ROI_day !== undefined ? { roi_day: b.ROI_day } : {}),
  ...(b.Sponser_bonus !== undefined ? { sponsor_bonus: b.Sponser_bonus } : {}),
  ...(b.plan_period !== undefined ? { plan_period: b.plan_period } : {}),
  ...(b.description !== undefined ? { description: b.description } : {}),
  ...(b.type !== undefined ? { type: b.type } : {}),
  ...(b.active !== undefined ? { active: b.active } : {}),
});

/** Plans (admin-managed) and the plans members hold. A change applies to events after it. */
export class PlansService {
  constructor(private readonly db: Db) {}

  async list(): Promise<PlanRecord[]> {
    const rows = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('deleted_at', 'is', null)
      .orderBy('monthly_price')
      .execute();
    return rows.map(toPlanRecord);
  }

  async get(id: number): Promise<PlanRecord> {
    const p = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', BigInt(id))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!p) throw notFound('Plan not found.');
    return toPlanRecord(p);
  }

  async create(principal: Principal, body: PlanInput): Promise<PlanRecord> {
    return this.db.transaction().execute(async (tx) => {
      const p = await tx
        .insertInto('plans')
        .values({
          name: body.name,
          monthly_price: body.monthly_price,
          roi_day: body.ROI_day,
          sponsor_bonus: body.Sponser_bonus,
          plan_period: body.plan_period,
          description: body.description,
          type: body.type,
          active: body.active,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const rec = toPlanRecord(p);
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'plan.create',
        entity: 'plan',
        entityId: p.id,
        after: rec,
      });
      return rec;
    });
  }

  async update(principal: Principal, id: number, body: Partial<PlanInput>): Promise<PlanRecord> {
    return this.db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', BigInt(id))
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound('Plan not found.');
      const set = columns(body);
      const after = Object.keys(set).length
        ? await tx
            .updateTable('plans')
            .set({ ...set, updated_at: new Date() })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : before;
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'plan.update',
        entity: 'plan',
        entityId: before.id,
        before: toPlanRecord(before),
        after: toPlanRecord(after),
      });
      return toPlanRecord(after);
    });
  }

  /** Withdraws a plan from sale. Members who hold it keep it. */
  async remove(principal: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const p = await tx
        .updateTable('plans')
        .set({ deleted_at: new Date(), active: false })
        .where('id', '=', BigInt(id))
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!p) throw notFound('Plan not found.');
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'plan.delete',
        entity: 'plan',
        entityId: p.id,
        before: toPlanRecord(p),
      });
    });
  }

  base() {
    return this.db
      .selectFrom('member_plans as mp')
      .innerJoin('users as u', 'u.id', 'mp.user_id')
      .innerJoin('plans as p', 'p.id', 'mp.plan_id')
      .select([
        'mp.id',
        'mp.user_id',
        'u.username',
        'mp.plan_id',
        'p.name as plan_name',
        'mp.amount',
        'mp.status',
        'mp.started_at',
        'mp.ends_at',
        'mp.ended_at',
        'mp.end_reason',
        'u.fullname',
      ]);
  }

  toMemberPlan(r: PlanRow) {
    return {
      id: Number(r.id),
      user_id: Number(r.user_id),
      username: r.username,
      plan_id: Number(r.plan_id),
      plan_name: r.plan_name,
      amount: amountOut(r.amount),
      status: r.status,
      started_at: r.started_at.toISOString(),
      ends_at: r.ends_at.toISOString(),
      ended_at: r.ended_at ? r.ended_at.toISOString() : null,
      end_reason: r.end_reason,
      fullname: r.fullname,
    };
  }

  async memberPlans(q: ListQuery, userId?: bigint) {
    let base = this.base();
    if (userId !== undefined) base = base.where('mp.user_id', '=', userId);
    if (q.status === 'active' || q.status === 'ended') base = base.where('mp.status', '=', q.status);
    if (q.search) {
      const like = likePattern(q.search);
      base = base.where((eb) => eb.or([eb('u.username', 'ilike', like), eb('p.name', 'ilike', like)]));
    }
    const { from, to } = dayRange(q);
    if (from) base = base.where('mp.started_at', '>=', from);
    if (to) base = base.where('mp.started_at', '<', to);
    const { rows, total } = await runPaged(
      base.orderBy('mp.id', 'desc'),
      base.clearSelect().select((eb) => eb.fn.countAll<bigint>().as('n')),
      q,
    );
    return { rows: rows.map((r) => this.toMemberPlan(r)), total };
  }

  async memberPlan(id: number) {
    const r = await this.base().where('mp.id', '=', BigInt(id)).executeTakeFirst();
    if (!r) throw notFound('Active plan not found.');
    return this.toMemberPlan(r);
  }

  /**
   * Ends a member's plan (admin) and returns its principal to the member's deposit wallet, so no money
   * is lost by ending it. Principal withdrawals (with their fee) use endPlanInTx from the withdrawal.
   */
  async endPlan(principal: Principal, id: number, reason: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const mp = await this.endPlanInTx(tx, BigInt(id), reason);
      await post(tx, {
        key: `plan-end-refund:${mp.id}`,
        kind: 'plan_end_refund',
        memberId: mp.user_id,
        memo: `plan ended by admin: ${reason}`,
        createdBy: principal.userId,
        entries: [
          { account: { owner: null, kind: 'investments' }, amount: -mp.amount },
          { account: { owner: mp.user_id, kind: 'deposit' }, amount: mp.amount },
        ],
      });
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'plan.end',
        entity: 'member_plan',
        entityId: mp.id,
        before: { amount: mp.amount, status: 'active' },
        after: { status: 'ended', refunded: mp.amount },
        reason,
      });
    });
  }

  /** Marks an active member plan ended and takes its amount off the member and the team counters. */
  async endPlanInTx(tx: Tx, memberPlanId: bigint, reason: string) {
    const mp = await tx
      .selectFrom('member_plans')
      .selectAll()
      .where('id', '=', memberPlanId)
      .forUpdate()
      .executeTakeFirst();
    if (!mp) throw notFound('Active plan not found.');
    if (mp.status !== 'active') throw businessRule('This plan has already ended.');
    await tx
      .updateTable('member_plans')
      .set({ status: 'ended', ended_at: new Date(), end_reason: reason })
      .where('id', '=', mp.id)
      .execute();
    await tx
      .updateTable('users')
      .set((eb) => ({
        active_plan: eb('active_plan', '-', mp.amount),
        plan_id: null,
        updated_at: new Date(),
      }))
      .where('id', '=', mp.user_id)
      .execute();
    await bumpUplines(tx, mp.user_id, { business: -mp.amount });
    await notifyMember(tx, {
      userId: mp.user_id,
      kind: 'plan_ended',
      key: `plan-ended:${mp.id}`,
      title: 'Plan ended',
      message:
        reason === 'principal withdrawn'
          ? `Your plan of ${usd(mp.amount)} ended because its principal was withdrawn.`
          : `Your plan of ${usd(mp.amount)} ended (${reason}); its amount is returned to your deposit wallet.`,
      link: '/user/subscription',
    });
    return mp;
  }
}
