import {
  type ApprovalRecord,
  amountOut,
  type ListQuery,
  type PlanBody,
  type PlanRecord,
  type PlanUpdateBody,
  planEconomicFields,
  rulePlanFieldLabels,
} from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { businessRule, conflict, notFound } from '../../http/errors';
import { canonicalJson, dayRange, likePattern, seekPaged, seekSearched } from '../../http/listing';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { diffChanges, fieldLabel, requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import { post } from '../ledger/ledger.service';
import { membersNamedFor, oneOf } from '../members/member-search';
import { bumpUplines } from '../members/members.repo';
import { notifyMember, usd } from '../notifications/events';
import { ensureRuleVersion, recordRuleVersion } from '../rules/rule-versions';
import { plansNamed } from './plan-search';

type PlanInput = z.output<typeof PlanBody>;
type PlanEdit = z.output<typeof PlanUpdateBody>;
type EconomicField = (typeof planEconomicFields)[number];

/** The economic fields of a plan as the API writes them (decimal text; the period a number). */
const economicOf = (p: PlanRecord): Record<EconomicField, string | number> => ({
  monthly_price: p.monthly_price,
  ROI_day: p.ROI_day,
  Sponser_bonus: p.Sponser_bonus,
  plan_period: p.plan_period,
});

/** A plan's economic field as the rule versions name it (their labels: @sgx/contracts rulePlanFieldLabels). */
const ruleField: Record<EconomicField, keyof typeof rulePlanFieldLabels> = {
  monthly_price: 'monthly_price',
  ROI_day: 'roi_day',
  Sponser_bonus: 'sponsor_bonus',
  plan_period: 'plan_period',
};
const nameOf = (k: string) => {
  const field = ruleField[k as EconomicField];
  return field ? rulePlanFieldLabels[field] : fieldLabel(k);
};

/** What a second admin approves (decision 0070): a new plan, or an economic edit of one as it was shown. */
const PlanApproval = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), plan: z.record(z.string(), z.unknown()) }),
  z.object({
    action: z.literal('update'),
    id: z.number().int(),
    before: z.record(z.string(), z.unknown()),
    patch: z.record(z.string(), z.unknown()),
  }),
]);

/** The amounts' decimal text back to units (exactly); every other field as it was. */
const amountFields: readonly string[] = ['monthly_price', 'ROI_day', 'Sponser_bonus'];
const parsePatch = (patch: Record<string, unknown>): Partial<PlanInput> =>
  Object.fromEntries(
    Object.entries(patch).map(([k, v]) => [
      k,
      amountFields.includes(k) && typeof v === 'string' ? parseUnits(v) : v,
    ]),
  ) as Partial<PlanInput>;

const bodyText = (b: Partial<PlanInput>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v === 'bigint' ? amountOut(v) : v]));
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

  /**
   * A plan an admin asks for (POST /plans/add). While no member has ever held a plan (the platform being set up) it
   * is created at once; after, a new plan is a change of the economic rules and waits for a second admin
   * (decision 0070), who is shown its simulation.
   */
  async requestCreate(
    principal: Principal,
    body: PlanInput,
    key: string,
  ): Promise<{ plan: PlanRecord } | { awaiting: ApprovalRecord }> {
    return this.db.transaction().execute(async (tx) => {
      const live = await tx.selectFrom('member_plans').select('id').limit(1).executeTakeFirst();
      if (!live) return { plan: await this.createIn(tx, principal.userId, body, null) };
      const plan = bodyText(body);
      const awaiting = await requestApproval(tx, {
        kind: 'plan',
        requestKey: `plan:${principal.userId}:${key}`,
        requestedBy: principal.userId,
        summary: `Create the plan ${body.name}.`,
        changes: diffChanges({}, plan),
        payload: { action: 'create', plan },
        reason: 'new plan',
      });
      return { awaiting };
    });
  }

  /** Creates a plan at once (the setup, the demo seed, tests, and a creation a second admin approved). */
  async create(principal: Principal, body: PlanInput): Promise<PlanRecord> {
    return this.db.transaction().execute((tx) => this.createIn(tx, principal.userId, body, null));
  }

  private async createIn(
    tx: Tx,
    actorId: bigint,
    body: PlanInput,
    approvalId: bigint | null,
  ): Promise<PlanRecord> {
    await ensureRuleVersion(tx);
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
    await writeAudit(tx, { actorId, action: 'plan.create', entity: 'plan', entityId: p.id, after: rec });
    await recordRuleVersion(tx, { cause: 'plan', actorId, reason: `plan ${p.name} created`, approvalId });
    return rec;
  }

  /**
   * An admin's edit (PUT /plans/:id): the name, description, type and sale switch apply at once; a change of an
   * economic field (price, daily ROI, sponsor bonus, period) waits for a second admin (decision 0070) and comes back
   * as `awaiting`. Values are checked now, so a bad one is refused to the first admin.
   */
  async requestUpdate(
    principal: Principal,
    id: number,
    body: PlanEdit,
    key: string,
  ): Promise<{ plan: PlanRecord; awaiting: ApprovalRecord | null }> {
    return this.db.transaction().execute(async (tx) => {
      const { reason, ...edit } = body;
      const current = await this.locked(tx, BigInt(id));
      const was = economicOf(toPlanRecord(current));
      const asked = economicOf(toPlanRecord({ ...current, ...columns(edit) }));
      const changed = planEconomicFields.filter((f) => canonicalJson(was[f]) !== canonicalJson(asked[f]));
      const immediate = Object.fromEntries(
        Object.entries(edit).filter(([k]) => !(planEconomicFields as readonly string[]).includes(k)),
      ) as Partial<PlanInput>;
      const plan = await this.updateIn(tx, principal.userId, current, immediate, reason ?? null, null);
      if (changed.length === 0) return { plan, awaiting: null };
      const before = Object.fromEntries(changed.map((f) => [f, was[f]]));
      const patch = Object.fromEntries(changed.map((f) => [f, asked[f]]));
      const awaiting = await requestApproval(tx, {
        kind: 'plan',
        requestKey: `plan:${principal.userId}:${key}`,
        requestedBy: principal.userId,
        subjectId: current.id,
        summary: `Change the plan ${plan.name}: ${changed.map(nameOf).join(', ')}.`,
        changes: changed.map((f) => ({ field: nameOf(f), before: String(was[f]), after: String(asked[f]) })),
        payload: { action: 'update', id: Number(current.id), before, patch },
        reason: reason ?? null,
      });
      return { plan, awaiting };
    });
  }

  /** Edits a plan at once, every field (tests and the demo seed; the routes go through requestUpdate). */
  async update(principal: Principal, id: number, body: Partial<PlanInput>): Promise<PlanRecord> {
    return this.db
      .transaction()
      .execute(async (tx) =>
        this.updateIn(tx, principal.userId, await this.locked(tx, BigInt(id)), body, null, null),
      );
  }

  /**
   * A plan change a second admin approved, in the approval's transaction, as its requester's. Refused when a field it
   * changes is no longer what the approver was shown (another change came first).
   */
  async applyApproved(
    tx: Tx,
    a: { id: bigint; requested_by: bigint; reason: string | null; payload: unknown },
  ) {
    const p = PlanApproval.parse(a.payload);
    if (p.action === 'create') {
      const body = parsePatch(p.plan) as PlanInput;
      await this.createIn(tx, a.requested_by, body, a.id);
      return;
    }
    const current = await this.locked(tx, BigInt(p.id));
    const now = economicOf(toPlanRecord(current)) as Record<string, unknown>;
    for (const [k, was] of Object.entries(p.before)) {
      if (canonicalJson(now[k]) !== canonicalJson(was))
        throw conflict(`${nameOf(k)} of this plan changed since this was asked for; ask again.`);
    }
    await this.updateIn(tx, a.requested_by, current, parsePatch(p.patch), a.reason, a.id);
  }

  private async locked(tx: DbOrTx, id: bigint) {
    const before = await tx
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Plan not found.');
    return before;
  }

  private async updateIn(
    tx: Tx,
    actorId: bigint,
    before: Awaited<ReturnType<PlansService['locked']>>,
    body: Partial<PlanInput>,
    reason: string | null,
    approvalId: bigint | null,
  ): Promise<PlanRecord> {
    const set = columns(body);
    if (Object.keys(set).length === 0) return toPlanRecord(before);
    await ensureRuleVersion(tx);
    const after = await tx
      .updateTable('plans')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(tx, {
      actorId,
      action: 'plan.update',
      entity: 'plan',
      entityId: before.id,
      before: toPlanRecord(before),
      after: toPlanRecord(after),
      reason,
    });
    await recordRuleVersion(tx, {
      cause: 'plan',
      actorId,
      reason: reason ?? `plan ${after.name} edited`,
      approvalId,
    });
    return toPlanRecord(after);
  }

  /** Withdraws a plan from sale. Members who hold it keep it. */
  async remove(principal: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await ensureRuleVersion(tx);
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
      await recordRuleVersion(tx, {
        cause: 'plan',
        actorId: principal.userId,
        reason: `plan ${p.name} withdrawn`,
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
      const [named, plans] = await Promise.all([
        membersNamedFor(this.db, q.search, userId),
        plansNamed(this.db, q.search),
      ]);
      base = base.where((eb) =>
        eb.or([
          named === null ? eb('u.username', 'ilike', like) : oneOf('mp.user_id', named),
          oneOf('mp.plan_id', plans),
        ]),
      );
    }
    const { from, to } = dayRange(q);
    if (from) base = base.where('mp.started_at', '>=', from);
    if (to) base = base.where('mp.started_at', '<', to);
    const { rows, total } = q.search
      ? await seekSearched(this.db, base, 'mp.id', q)
      : await seekPaged(this.db, base, (b, back) => b.orderBy('mp.id', back ? 'asc' : 'desc'), q);
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

/** The plans' approval kind (decision 0070): a new plan, or an economic edit, once a second admin approves it. */
export function registerPlansApprovals(registry: ApprovalRegistry, plans: PlansService): void {
  registry.register('plan', { run: (tx, a) => plans.applyApproved(tx, a) });
}
