import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { cappedIncomeTypes } from '../ledger/income-types';
import { type EngineMember, type FixEvent, type Micros, memberAtStart } from './replay-engine';

/**
 * What the replay reads of a window's history (decision 0069), once for both replays of a simulation: the members
 * and their tree, their plans and earnings at the window's start and the plan moves since, their claims, the plans
 * their directs bought, the salary and rewards credited, the refusals their state made, and the window's credits per
 * member and type (the ledger's side of the comparison). Times are microseconds from the window's start, computed by
 * PostgreSQL so nothing is lost to a JavaScript date's milliseconds.
 */
export type History = {
  from: Date;
  span: Micros;
  plans: { id: number; roiDay: bigint; sponsorBonus: bigint }[];
  members: EngineMember[];
  /** The window's income credits to members: member, type, amount ([from, to) only). */
  credits: { member: number; type: string; amount: bigint }[];
};

/** Microseconds from `from` to a timestamptz column, as an exact float8. */
const us = (col: string, from: Date) =>
  sql`(extract(epoch FROM ${sql.raw(col)} - ${from}::timestamptz) * 1000000)::float8`;
/** Claims are read in slices of members, so no one result holds the whole window nor stalls the event loop long. */
const SLICE = 5_000;

export async function loadHistory(db: DbOrTx, from: Date, to: Date): Promise<History> {
  const capped = [...cappedIncomeTypes];
  const q = async <T>(text: ReturnType<typeof sql>): Promise<T[]> => (await text.execute(db)).rows as T[];

  const users = await q<{
    id: number;
    sponsor: number | null;
    plan: string;
    plan_id: number | null;
    earned: string;
    d: number;
  }>(sql`SELECT id::float8 AS id, sponsor_id::float8 AS sponsor, active_plan::text AS plan, plan_id::float8 AS plan_id,
                total_earned::text AS earned, active_directs::integer AS d
         FROM users ORDER BY id`);
  const members: EngineMember[] = users.map((u) =>
    memberAtStart({
      id: u.id,
      sponsor: u.sponsor,
      plan0: BigInt(u.plan),
      planId0: u.plan_id,
      earned0: BigInt(u.earned),
      d0: u.d,
    }),
  );
  const byId = new Map<number, EngineMember>();
  for (const m of members) byId.set(m.id, m);

  // Plan moves since the window began (plans bought but the activation fee, and plans ended): the plan at the start
  // is the plan now less every move since; the moves before the window's end start the member's segments.
  const moves = await q<{ m: number; at: number; delta: string; plan_id: number | null }>(sql`
    SELECT h.member_id::float8 AS m, ${us('h.at', from)} AS at, h.delta::text AS delta, h.plan_id::float8 AS plan_id
    FROM (SELECT t.userto_id AS member_id, t.created_at AS at, t.amount AS delta, t.plan_id, t.id AS ref
          FROM topups t WHERE t.kind <> 'entry' AND t.created_at >= ${from}
          UNION ALL
          SELECT mp.user_id, mp.ended_at, -mp.amount, NULL::bigint, mp.id
          FROM member_plans mp WHERE mp.ended_at >= ${from}) h
    ORDER BY h.member_id, h.at, h.ref`);
  const span = (to.getTime() - from.getTime()) * 1000;
  const moved: EngineMember[] = [];
  for (let k = 0; k < moves.length; ) {
    const id = (moves[k] as (typeof moves)[number]).m;
    let e = k;
    while (e < moves.length && (moves[e] as (typeof moves)[number]).m === id) e++;
    const m = byId.get(id);
    if (m) {
      const own = moves.slice(k, e);
      for (const r of own) m.plan0 -= BigInt(r.delta);
      let plan = m.plan0;
      for (const r of own) {
        plan += BigInt(r.delta);
        if (r.at >= span) continue;
        m.segTimes.push(r.at);
        m.segPlans.push(plan);
        m.segPlanIds.push(r.plan_id);
      }
      m.planId0 = null;
      moved.push(m);
    }
    k = e;
  }
  if (moved.length > 0) {
    const before = await q<{ m: number; plan_id: number | null }>(sql`
      SELECT DISTINCT ON (t.userto_id) t.userto_id::float8 AS m, t.plan_id::float8 AS plan_id
      FROM topups t
      WHERE t.kind <> 'entry' AND t.created_at < ${from} AND t.userto_id = ANY(${moved.map((m) => m.id)}::bigint[])
      ORDER BY t.userto_id, t.created_at DESC, t.id DESC`);
    for (const r of before) (byId.get(r.m) as EngineMember).planId0 = r.plan_id;
  }

  // The window's credits: per member and type for the comparison, and the capped ones into the member's wallets
  // since the window began, taken off their earnings now to give their earnings at the start.
  const credited = await q<{ m: number; type: string; wallet: boolean; inside: boolean; amount: string }>(sql`
    SELECT a.owner_id::float8 AS m, t.income_type AS type, a.kind IN ('working', 'non_working') AS wallet,
           t.created_at < ${to} AS inside, sum(e.amount)::text AS amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
    WHERE t.created_at >= ${from} AND t.income_type IS NOT NULL
    GROUP BY 1, 2, 3, 4`);
  const credits = new Map<string, { member: number; type: string; amount: bigint }>();
  for (const r of credited) {
    const amount = BigInt(r.amount);
    if (r.wallet && (capped as string[]).includes(r.type)) {
      const m = byId.get(r.m);
      if (m) m.earned0 -= amount;
    }
    if (r.inside) {
      const key = `${r.m}:${r.type}`;
      const c = credits.get(key) ?? { member: r.m, type: r.type, amount: 0n };
      c.amount += amount;
      credits.set(key, c);
    }
  }

  // Directs who became active in the window (their first plan in it, none before), which unlock levels.
  const acts = await q<{ up: number; at: number }>(sql`
    SELECT r.sponsor_id::float8 AS up, ${us('f.at', from)} AS at
    FROM (SELECT t.userto_id, min(t.created_at) AS at FROM topups t WHERE t.created_at >= ${from}
          GROUP BY t.userto_id) f
    JOIN users r ON r.id = f.userto_id AND r.sponsor_id IS NOT NULL
    WHERE NOT EXISTS (SELECT 1 FROM topups b WHERE b.userto_id = f.userto_id AND b.created_at < ${from})
    ORDER BY 1, f.at`);
  for (const r of acts) {
    const m = byId.get(r.up);
    if (m) m.acts.push(r.at);
  }
  for (const m of members) m.d0 -= m.acts.length;

  // What the member's state refused, as the real event recorded it (not the refusals the rules decide).
  const refusals = await q<{ kind: string; ref: number | null; lvl: number | null }>(sql`
    SELECT split_part(s.cause_key, ':', 1) AS kind,
           (CASE split_part(s.cause_key, ':', 1)
              WHEN 'roi' THEN (SELECT c.id FROM roi_claims c WHERE c.user_id = s.user_id
                                AND c.business_date = split_part(s.cause_key, ':', 3)::date)
              ELSE split_part(s.cause_key, ':', 2)::bigint END)::float8 AS ref,
           CASE WHEN split_part(s.cause_key, ':', 1) = 'level' THEN split_part(s.cause_key, ':', 3)::integer END AS lvl
    FROM income_skips s
    WHERE s.created_at >= ${from} AND s.created_at < ${to}
      AND split_part(s.cause_key, ':', 1) IN ('roi', 'level', 'direct') AND s.cause_key NOT LIKE '%:over-cap'
      AND s.reason NOT IN ('earning cap reached', 'cut at the earning cap', 'member has no plan',
                           'ROI income is closed for this member', 'level income is closed for this member')
      AND s.reason NOT LIKE 'You held no plan when%' AND s.reason NOT LIKE 'At level % you need %'
      AND s.reason NOT LIKE '% income is switched off'`);
  const roiRefused = new Set<number>();
  const directRefused = new Set<number>();
  const levelRefused = new Map<number, number>();
  for (const r of refusals) {
    if (r.ref === null) continue;
    if (r.kind === 'roi') roiRefused.add(r.ref);
    else if (r.kind === 'direct') directRefused.add(r.ref);
    else if (r.lvl !== null) levelRefused.set(r.ref, (levelRefused.get(r.ref) ?? 0) | (1 << r.lvl));
  }

  // The claims, per member in time order (those their state refused are no history).
  const maxId = members.length > 0 ? (members[members.length - 1] as EngineMember).id : 0;
  for (let lo = 0; lo <= maxId; lo += SLICE) {
    const rows = await q<{ m: number; ts: string; ids: string }>(sql`
      SELECT c.user_id::float8 AS m,
             string_agg(${us('c.created_at', from)}::text, ',' ORDER BY c.created_at, c.id) AS ts,
             string_agg(c.id::text, ',' ORDER BY c.created_at, c.id) AS ids
      FROM roi_claims c
      WHERE c.created_at >= ${from} AND c.created_at < ${to} AND c.user_id >= ${lo} AND c.user_id < ${lo + SLICE}
      GROUP BY c.user_id`);
    for (const r of rows) {
      const m = byId.get(r.m);
      if (!m) continue;
      let ts = r.ts.split(',').map(Number);
      let ids = r.ids.split(',').map(Number);
      if (roiRefused.size > 0 && ids.some((id) => roiRefused.has(id))) {
        const keep = ids.map((id) => !roiRefused.has(id));
        ts = ts.filter((_, k) => keep[k]);
        ids = ids.filter((_, k) => keep[k]);
      }
      m.claimTs = Float64Array.from(ts);
      m.claimIds = Float64Array.from(ids);
      if (levelRefused.size > 0) {
        const refused = new Map<number, number>();
        ids.forEach((id, pos) => {
          const bits = levelRefused.get(id);
          if (bits !== undefined) refused.set(pos, bits);
        });
        if (refused.size > 0) m.levelRefused = refused;
      }
    }
  }

  // The plans the directs bought in the window, and the salary and rewards credited (carried at their due).
  const directs = await q<{ m: number; at: number; ref: number; amount: string; plan_id: number | null }>(sql`
    SELECT r.sponsor_id::float8 AS m, ${us('t.created_at', from)} AS at, t.id::float8 AS ref, t.amount::text AS amount,
           t.plan_id::float8 AS plan_id
    FROM topups t JOIN users r ON r.id = t.userto_id AND r.sponsor_id IS NOT NULL
    WHERE t.kind <> 'entry' AND t.created_at >= ${from} AND t.created_at < ${to}`);
  for (const r of directs) {
    byId.get(r.m)?.directs.push({
      at: r.at,
      ref: r.ref,
      amount: BigInt(r.amount),
      planId: r.plan_id,
      refused: directRefused.has(r.ref),
    });
  }
  const carried = await q<{ m: number; at: number; ref: number; kind: string; due: string }>(sql`
    SELECT a.owner_id::float8 AS m, ${us('t.created_at', from)} AS at, t.id::float8 AS ref, t.income_type AS kind,
           coalesce((t.details ->> 'due')::bigint, e.amount)::text AS due
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
    WHERE t.created_at >= ${from} AND t.created_at < ${to} AND t.income_type = ANY(${capped}::text[])
      AND t.income_type NOT IN ('roi_income', 'level_month', 'direct_income')`);
  for (const r of carried) {
    const due = BigInt(r.due);
    const f: FixEvent = { at: r.at, ref: r.ref, ord: 4, kind: r.kind, due, eff: due };
    byId.get(r.m)?.carried.push(f);
  }

  const plans = await q<{ id: number; roi_day: string; sponsor_bonus: string }>(
    sql`SELECT id::float8 AS id, roi_day::text AS roi_day, sponsor_bonus::text AS sponsor_bonus FROM plans`,
  );
  return {
    from,
    span,
    plans: plans.map((p) => ({ id: p.id, roiDay: BigInt(p.roi_day), sponsorBonus: BigInt(p.sponsor_bonus) })),
    members,
    credits: [...credits.values()],
  };
}
