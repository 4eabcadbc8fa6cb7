import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import { cappedIncomeTypes } from '../ledger/income-types';
import type { FlowWindow } from './runway';

/** The income a member's team or recruiting brings: every kind but their own daily ROI (recruitment share). */
export const referralIncomeTypes = ['level_month', 'direct_income', 'salary', 'cto', 'reward'] as const;
/** Team income the runway projects at its observed rate (CTO is projected by its own rule, outside the cap). */
const teamIncomeTypes = ['level_month', 'direct_income', 'salary', 'reward'] as const;

export type MemberFigures = {
  owed: bigint;
  principal: bigint;
  headroom: bigint;
  roiRoom: bigint;
  depositors: number;
  underWater: number;
  /** The Gini index's numerator and denominator (Raffinetti-Dagum-Siletti, net positions may be negative). */
  giniNum: bigint;
  giniDen: bigint;
  cohorts: {
    join_month: string;
    members: number;
    deposited: bigint;
    withdrawn: bigint;
    held: bigint;
    under_water: number;
  }[];
};

/**
 * Every member's figures at the cut-off (solvency_members.sql) folded in one statement: the totals (L0, principal,
 * headroom and its ROI part), the cohorts by join month, and the Gini index of net positions over the members who
 * deposited: sum over i of (2i - n - 1) x_i / (n * sum |x_i|) with x sorted ascending, which is
 * sum_i sum_j |x_i - x_j| / (2 n (T+ + |T-|)), bounded to [0, 1] when some positions are negative.
 */
export async function memberFigures(db: DbOrTx, cutoff: Date, capMultiplier: bigint): Promise<MemberFigures> {
  const { rows } = await sql<{
    owed: string;
    principal: string;
    headroom: string;
    roi_room: string;
    depositors: number;
    under_water: number;
    gini_num: string;
    gini_den: string;
    cohorts: MemberFigures['cohorts'] | null;
  }>`
    WITH m AS MATERIALIZED (
      SELECT m.*, m.withdrawn + m.owed + m.principal - m.deposited AS net
      FROM solvency_members(${cutoff}, ${capMultiplier}, 365, ${[...cappedIncomeTypes]}::text[]) m
    ), g AS (
      SELECT count(*) AS n, sum(abs(net)) AS spread,
             sum((2 * i - 1)::numeric * net) - count(*) * sum(net) AS weighted
      FROM (SELECT net, row_number() OVER (ORDER BY net) AS i FROM m WHERE deposited > 0) s
    ), c AS (
      SELECT to_char(join_month, 'YYYY-MM') AS join_month, count(*)::int AS members,
             sum(deposited)::bigint AS deposited, sum(withdrawn)::bigint AS withdrawn,
             sum(owed + principal)::bigint AS held,
             (count(*) FILTER (WHERE deposited > 0 AND net < 0))::int AS under_water
      FROM m GROUP BY join_month
    )
    SELECT coalesce(sum(owed), 0)::text AS owed, coalesce(sum(principal), 0)::text AS principal,
           coalesce(sum(headroom), 0)::text AS headroom, coalesce(sum(roi_room), 0)::text AS roi_room,
           (count(*) FILTER (WHERE deposited > 0))::int AS depositors,
           (count(*) FILTER (WHERE deposited > 0 AND net < 0))::int AS under_water,
           (SELECT coalesce(weighted, 0)::text FROM g) AS gini_num,
           (SELECT coalesce(n * spread, 0)::text FROM g) AS gini_den,
           (SELECT jsonb_agg(jsonb_build_object('join_month', join_month, 'members', members,
                     'deposited', deposited::text, 'withdrawn', withdrawn::text, 'held', held::text,
                     'under_water', under_water) ORDER BY join_month) FROM c) AS cohorts
    FROM m`.execute(db);
  const r = rows[0];
  if (!r) throw new Error('no member figures');
  return {
    owed: BigInt(r.owed),
    principal: BigInt(r.principal),
    headroom: BigInt(r.headroom),
    roiRoom: BigInt(r.roi_room),
    depositors: r.depositors,
    underWater: r.under_water,
    giniNum: BigInt(r.gini_num),
    giniDen: BigInt(r.gini_den),
    cohorts: (r.cohorts ?? []).map((c) => ({
      ...c,
      deposited: BigInt(c.deposited),
      withdrawn: BigInt(c.withdrawn),
      held: BigInt(c.held),
    })),
  };
}

export type Windows = { last_7: FlowWindow; prior_7: FlowWindow; last_30: FlowWindow; prior_30: FlowWindow };

/**
 * The flows over whole UTC days before `day` (the report's day starts at its proof's cut-off's day): deposits
 * credited and member income from the day rollups of member accounts (decision 0009), new plans from the plans
 * started, withdrawals paid (complete, gross) from the withdrawals, by when they were paid.
 */
export async function flowWindows(db: DbOrTx, day: string): Promise<Windows> {
  const { rows } = await sql<
    { w: 'last_7' | 'prior_7' | 'last_30' | 'prior_30' } & Record<keyof FlowWindow, string>
  >`
    WITH w (w, since, until) AS (VALUES
      ('last_7', ${day}::date - 7, ${day}::date), ('prior_7', ${day}::date - 14, ${day}::date - 7),
      ('last_30', ${day}::date - 30, ${day}::date), ('prior_30', ${day}::date - 60, ${day}::date - 30)
    ), r AS (
      SELECT (period AT TIME ZONE 'UTC')::date AS d,
             sum(amount) FILTER (WHERE source = 'deposit' AND NOT income AND credit) AS deposits,
             sum(amount) FILTER (WHERE source = 'roi_income' AND income AND credit) AS roi,
             sum(amount) FILTER (WHERE source = ANY(${[...teamIncomeTypes]}::text[]) AND income AND credit) AS team
      FROM ledger_rollups
      WHERE grain = 'day' AND asset = 'USD' AND period >= (${day}::date - 60)::timestamp AT TIME ZONE 'UTC'
        AND period < ${day}::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1
    ), p AS (
      SELECT (started_at AT TIME ZONE 'UTC')::date AS d, sum(amount) AS plans FROM member_plans
      WHERE started_at >= (${day}::date - 60)::timestamp AT TIME ZONE 'UTC'
        AND started_at < ${day}::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1
    ), o AS (
      SELECT (decided_at AT TIME ZONE 'UTC')::date AS d,
             sum(amount) FILTER (WHERE kind <> 'principal') AS withdrawals,
             sum(amount) FILTER (WHERE kind = 'principal') AS principal_withdrawals
      FROM withdrawals
      WHERE status = 'complete' AND decided_at >= (${day}::date - 60)::timestamp AT TIME ZONE 'UTC'
        AND decided_at < ${day}::date::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1
    )
    SELECT w.w,
           coalesce((SELECT sum(deposits) FROM r WHERE r.d >= w.since AND r.d < w.until), 0)::text AS deposits,
           coalesce((SELECT sum(plans) FROM p WHERE p.d >= w.since AND p.d < w.until), 0)::text AS plans,
           coalesce((SELECT sum(roi) FROM r WHERE r.d >= w.since AND r.d < w.until), 0)::text AS roi,
           coalesce((SELECT sum(team) FROM r WHERE r.d >= w.since AND r.d < w.until), 0)::text AS team,
           coalesce((SELECT sum(withdrawals) FROM o WHERE o.d >= w.since AND o.d < w.until), 0)::text AS withdrawals,
           coalesce((SELECT sum(principal_withdrawals) FROM o WHERE o.d >= w.since AND o.d < w.until), 0)::text
             AS principal_withdrawals
    FROM w`.execute(db);
  const of = (name: keyof Windows): FlowWindow => {
    const r = rows.find((x) => x.w === name);
    if (!r) throw new Error(`no window ${name}`);
    return {
      deposits: BigInt(r.deposits),
      plans: BigInt(r.plans),
      roi: BigInt(r.roi),
      team: BigInt(r.team),
      withdrawals: BigInt(r.withdrawals),
      principal_withdrawals: BigInt(r.principal_withdrawals),
    };
  };
  return { last_7: of('last_7'), prior_7: of('prior_7'), last_30: of('last_30'), prior_30: of('prior_30') };
}

/** Referral income of every kind and all income credited to members before `day` (the day rollups). */
export async function incomeSplit(db: DbOrTx, day: string): Promise<{ referral: bigint; all: bigint }> {
  const { rows } = await sql<{ referral: string; total: string }>`
    SELECT coalesce(sum(amount) FILTER (WHERE source = ANY(${[...referralIncomeTypes]}::text[])), 0)::text AS referral,
           coalesce(sum(amount), 0)::text AS total
    FROM ledger_rollups
    WHERE grain = 'day' AND asset = 'USD' AND income AND credit
      AND period < ${day}::date::timestamp AT TIME ZONE 'UTC'`.execute(db);
  return { referral: BigInt(rows[0]?.referral ?? 0), all: BigInt(rows[0]?.total ?? 0) };
}

/**
 * What the platform owed and held as principal on average over the 30 days before `day` (with `day`): the proofs'
 * totals and the reports' principal of those days, today's figures where a day has none.
 */
export async function averagesOf(
  db: DbOrTx,
  day: string,
  today: { owed: bigint; principal: bigint },
): Promise<{ owed: bigint; principal: bigint }> {
  const { rows } = await sql<{ owed: string; principal: string }>`
    SELECT coalesce(sum(coalesce(t.total_usd, ${today.owed})), 0)::text AS owed,
           coalesce(sum(coalesce(s.principal, ${today.principal})), 0)::text AS principal
    FROM generate_series(${day}::date - 29, ${day}::date, interval '1 day') g (d)
    LEFT JOIN proof_trees t ON t.day = g.d::date
    LEFT JOIN solvency_reports s ON s.day = g.d::date AND s.day < ${day}::date`.execute(db);
  return { owed: BigInt(rows[0]?.owed ?? 0) / 30n, principal: BigInt(rows[0]?.principal ?? 0) / 30n };
}

/** The tree of the earliest proof in [day - 30, day): its reserves are what was held when the 30 days began. */
export async function windowStartTree(db: DbOrTx, day: string): Promise<bigint | null> {
  const { rows } = await sql<{ id: bigint }>`
    SELECT id FROM proof_trees WHERE day >= ${day}::date - 30 AND day < ${day}::date ORDER BY day LIMIT 1`.execute(
    db,
  );
  return rows[0]?.id ?? null;
}

/** Brings the rollups up to now (the windows read whole days of them). */
export async function fillRollups(db: Db): Promise<void> {
  await sql`SELECT rollup_fill(now())`.execute(db);
}
