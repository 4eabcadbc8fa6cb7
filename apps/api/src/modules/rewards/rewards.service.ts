import { amountOut } from '@sgx/contracts';
import { formatUsd, minUnits, parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { assertSelfOrAdmin } from '../../http/access';
import { businessRule, conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { creditIncome } from '../income/income.service';
import { notifyMembersFrom } from '../notifications/events';
import type { SettingsService } from '../settings/settings.service';

const DAY = 86_400_000;

/**
 * After a member's plan grew, tells each of their uplines whose running rank just qualified (same rule
 * as `progress`: directs activated in the window, no leg counted above half the threshold) that the
 * reward can be claimed, once per rank window. Only uplines with a running rank are looked at.
 */
export async function notifyClaimableRewards(tx: Tx, memberId: bigint): Promise<number> {
  return notifyMembersFrom(
    tx,
    sql`
      WITH RECURSIVE up(id) AS (
        SELECT sponsor_id FROM users WHERE id = ${memberId} AND sponsor_id IS NOT NULL
        UNION ALL
        SELECT u.sponsor_id FROM users u JOIN up ON u.id = up.id WHERE u.sponsor_id IS NOT NULL
      )
      SELECT m.user_id, 'reward_claimable' AS kind, 'Reward ready to claim' AS title,
             'Your team reached the ' || p.title || ' rank: claim your reward of $' ||
               to_char(p.reward::numeric / 100000000, 'FM999,999,999,990.00') || ' before ' ||
               to_char(m.window_end AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC.' AS message,
             '/user/rewards' AS link, 'reward-claimable:' || m.id AS dedupe_key
      FROM member_rewards m
      JOIN reward_plans p ON p.id = m.reward_plan_id
      WHERE m.user_id IN (SELECT id FROM up) AND m.status = 'working' AND m.window_end > now()
        AND (SELECT coalesce(sum(least(d.active_plan + d.team_business, p.threshold / 2)), 0)
             FROM users d
             WHERE d.sponsor_id = m.user_id AND d.deleted_at IS NULL
               AND d.activation_date >= m.window_start AND d.activation_date < m.window_end) >= p.threshold`,
  );
}
type PlanRow = {
  id: bigint;
  rank: number;
  title: string;
  description: string;
  threshold: bigint;
  duration_days: number;
  reward: bigint;
  active: boolean;
};
export const toPlan = (p: PlanRow) => ({
  id: Number(p.id),
  rank: p.rank,
  title: p.title,
  description: p.description,
  threshold: amountOut(p.threshold),
  duration_days: p.duration_days,
  reward: amountOut(p.reward),
  active: p.active,
});
const planCols = [
  'id',
  'rank',
  'title',
  'description',
  'threshold',
  'duration_days',
  'reward',
  'active',
] as const;

/**
 * Reward ranks (business-rules 5). Qualified when the business of the directs activated inside the
 * window reaches the threshold, with no single leg counting for more than half of it.
 */
export class RewardsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
  ) {}

  plans(db: DbOrTx = this.db) {
    return db
      .selectFrom('reward_plans')
      .select(planCols)
      .where('deleted_at', 'is', null)
      .orderBy('rank')
      .execute();
  }

  private async nextPlan(db: DbOrTx, afterRank: number) {
    return db
      .selectFrom('reward_plans')
      .select(planCols)
      .where('deleted_at', 'is', null)
      .where('active', '=', true)
      .where('rank', '>', afterRank)
      .orderBy('rank')
      .executeTakeFirst();
  }

  /** The legs: each direct activated inside the window, with own plan plus team business. */
  async progress(
    db: DbOrTx,
    mr: {
      id: bigint;
      user_id: bigint;
      reward_plan_id: bigint;
      window_start: Date;
      window_end: Date;
      status: 'working' | 'claimed' | 'carried' | 'expired';
      claimed_at: Date | null;
      paid: bigint | null;
    },
  ) {
    const plan = await db
      .selectFrom('reward_plans')
      .select(planCols)
      .where('id', '=', mr.reward_plan_id)
      .executeTakeFirstOrThrow();
    const legs = await db
      .selectFrom('users')
      .select(['id', 'username', sql<bigint>`active_plan + team_business`.as('business')])
      .where('sponsor_id', '=', mr.user_id)
      .where('deleted_at', 'is', null)
      .where('activation_date', '>=', mr.window_start)
      .where('activation_date', '<', mr.window_end)
      .orderBy('id')
      .execute();
    const half = plan.threshold / 2n;
    const rows = legs.map((l) => ({
      user_id: Number(l.id),
      username: l.username,
      business: l.business,
      counted: minUnits(l.business, half),
    }));
    const business = rows.reduce((s, r) => s + r.business, 0n);
    const counted = rows.reduce((s, r) => s + r.counted, 0n);
    return {
      id: Number(mr.id),
      user_id: Number(mr.user_id),
      plan: toPlan(plan),
      window_start: mr.window_start.toISOString(),
      window_end: mr.window_end.toISOString(),
      status: mr.status,
      claimed_at: mr.claimed_at ? mr.claimed_at.toISOString() : null,
      paid: mr.paid === null ? null : amountOut(mr.paid),
      business: amountOut(business),
      counted: amountOut(counted),
      qualified: counted >= plan.threshold,
      legs: rows.map((r) => ({ ...r, business: amountOut(r.business), counted: amountOut(r.counted) })),
    };
  }

  private open(db: DbOrTx, userId: bigint) {
    return db
      .selectFrom('member_rewards')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'working')
      .executeTakeFirst();
  }

  async initialize(principal: Principal, userId: bigint) {
    assertSelfOrAdmin(principal, userId);
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      if (await this.open(tx, userId)) throw conflict('Rewards are already running for this member.');
      const done = await tx
        .selectFrom('member_rewards')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (done) throw conflict('Rewards were already started: carry forward to the next rank.');
      const first = await this.nextPlan(tx, 0);
      if (!first) throw businessRule('No reward plan is open.');
      const now = new Date();
      await tx
        .insertInto('member_rewards')
        .values({
          user_id: userId,
          reward_plan_id: first.id,
          window_start: now,
          window_end: new Date(now.getTime() + first.duration_days * DAY),
        })
        .execute();
    });
  }

  async current(principal: Principal, userId: bigint) {
    assertSelfOrAdmin(principal, userId);
    const rows = await this.db
      .selectFrom('member_rewards')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    const open = rows.find((r) => r.status === 'working');
    const history = await Promise.all(
      rows
        .filter((r) => r.status !== 'working')
        .map(async (r) => {
          const { legs: _legs, ...rest } = await this.progress(this.db, r);
          return rest;
        }),
    );
    return { reward: open ? await this.progress(this.db, open) : null, history };
  }

  async claimStatus(
    principal: Principal,
    userId: bigint,
  ): Promise<{ claimable: boolean; reason: string | null }> {
    assertSelfOrAdmin(principal, userId);
    const open = await this.open(this.db, userId);
    if (!open) return { claimable: false, reason: 'No rank is running. Initialize rewards first.' };
    const p = await this.progress(this.db, open);
    if (new Date() > open.window_end)
      return { claimable: false, reason: 'The window of this rank has closed.' };
    if (!p.qualified)
      return {
        claimable: false,
        reason: `Team business counted ${formatUsd(parseUnits(p.counted))} of ${formatUsd(parseUnits(p.plan.threshold))} USD.`,
      };
    return { claimable: true, reason: null };
  }

  async claim(principal: Principal, userId: bigint) {
    if (principal.userId !== userId) throw forbidden('You can only claim your own reward.');
    await this.settings.requireFeature('reward');
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      const open = await this.open(tx, userId);
      if (!open) throw businessRule('No rank is running. Initialize rewards first.');
      if (new Date() > open.window_end) throw businessRule('The window of this rank has closed.');
      const p = await this.progress(tx, open);
      if (!p.qualified)
        throw businessRule(
          `Not qualified yet: team business counted ${formatUsd(parseUnits(p.counted))} of ${formatUsd(parseUnits(p.plan.threshold))} USD.`,
        );
      const paid = await creditIncome(tx, this.settings, {
        userId,
        type: 'reward',
        amount: parseUnits(p.plan.reward),
        causeKey: `reward:${open.id}`,
        wallet: 'working',
        feature: 'reward',
        why: {
          rule: 'reward rank',
          rank: p.plan.rank,
          title: p.plan.title,
          threshold: p.plan.threshold,
          counted: p.counted,
        },
      });
      await tx
        .updateTable('member_rewards')
        .set({ status: 'claimed', claimed_at: new Date(), paid: paid.paid })
        .where('id', '=', open.id)
        .execute();
      await tx
        .insertInto('leadership')
        .values({ user_id: userId, reward_plan_id: open.reward_plan_id, member_reward_id: open.id })
        .execute();
      return paid;
    });
  }

  /** Closes the member's current rank (claimed or not) and opens the next one with a new window. */
  async carryForward(principal: Principal, memberRewardId: bigint) {
    return this.db.transaction().execute(async (tx) => {
      const mr = await tx
        .selectFrom('member_rewards')
        .selectAll()
        .where('id', '=', memberRewardId)
        .forUpdate()
        .executeTakeFirst();
      if (!mr) throw notFound('Reward not found.');
      assertSelfOrAdmin(principal, mr.user_id);
      const latest = await tx
        .selectFrom('member_rewards')
        .select('id')
        .where('user_id', '=', mr.user_id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      if (latest.id !== mr.id || mr.status === 'carried')
        throw conflict('This rank was already carried forward.');
      const plan = await tx
        .selectFrom('reward_plans')
        .select('rank')
        .where('id', '=', mr.reward_plan_id)
        .executeTakeFirstOrThrow();
      const next = await this.nextPlan(tx, plan.rank);
      if (!next) throw businessRule('This is the highest rank.');
      if (mr.status === 'working')
        await tx.updateTable('member_rewards').set({ status: 'carried' }).where('id', '=', mr.id).execute();
      const now = new Date();
      await tx
        .insertInto('member_rewards')
        .values({
          user_id: mr.user_id,
          reward_plan_id: next.id,
          window_start: now,
          window_end: new Date(now.getTime() + next.duration_days * DAY),
        })
        .execute();
    });
  }

  /**
   * The daily rank job: a working rank whose window closed is marked expired and the same rank reopens
   * with a new window, in one set-based statement pair. Re-running changes nothing.
   */
  async renewExpiredWindows(now: Date = new Date()): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      WITH expired AS (
        UPDATE member_rewards m SET status = 'expired'
        FROM reward_plans p
        WHERE p.id = m.reward_plan_id AND m.status = 'working' AND m.window_end <= ${now}
        RETURNING m.user_id, m.reward_plan_id, p.duration_days
      ),
      reopened AS (
        INSERT INTO member_rewards (user_id, reward_plan_id, window_start, window_end)
        SELECT user_id, reward_plan_id, ${now}, ${now}::timestamptz + make_interval(days => duration_days) FROM expired
        RETURNING id
      )
      SELECT count(*)::int AS n FROM reopened`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  async leadership(userId?: bigint) {
    let q = this.db
      .selectFrom('leadership as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .innerJoin('reward_plans as p', 'p.id', 'l.reward_plan_id')
      .select([
        'l.id',
        'l.user_id',
        'u.username',
        'u.fullname',
        'p.rank',
        'p.title',
        'l.achieved_at',
        'l.revoked_at',
      ])
      .orderBy('l.id', 'desc')
      .limit(500);
    if (userId !== undefined) q = q.where('l.user_id', '=', userId);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      user_id: Number(r.user_id),
      achieved_at: r.achieved_at.toISOString(),
      revoked_at: r.revoked_at ? r.revoked_at.toISOString() : null,
    }));
  }

  async revokeLeadership(principal: Principal, id: bigint) {
    await this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('leadership')
        .set({ revoked_at: new Date(), revoked_by: principal.userId })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .returning(['id', 'user_id'])
        .executeTakeFirst();
      if (!r) throw notFound('Leadership record not found.');
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'leadership.revoke',
        entity: 'leadership',
        entityId: r.id,
        after: { user_id: r.user_id },
      });
    });
  }
}
