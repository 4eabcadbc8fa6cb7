import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { cappedIncomeTypes } from '../ledger/income-types';
import { type EngineMember, type FixEvent, type Micros, memberAtStart } from './replay-engine';
import { memberTypeKey, replayedKinds } from './simulation.compare';

/**
 * What the replay reads of a window's history (decision 0069), once for both replays of a simulation: the members
 * and their tree, their plans and earnings at the window's start and the plan moves since, their claims, the plans
 * their directs bought, the salary and rewards credited, the refusals their state made, and the window's credits per
 * member and type (the ledger's side of the comparison). Times are exact microseconds from the window's start
 * (PostgreSQL's, never a JavaScript date's milliseconds).
 */
export type History = {
  from: Date;
  span: Micros;
  plans: { id: number; roiDay: bigint; sponsorBonus: bigint }[];
  members: EngineMember[];
  /** The window's income credits to members: member, type, amount ([from, to) only). */
  credits: { member: number; type: string; amount: bigint }[];
};

/**
 * Microseconds from `from` to a timestamptz column, as an exact float8: the interval's seconds as float8 (date_part,
 * not numeric's slower extract) are within a nanosecond over a year's span, so rounding gives the microseconds.
 */
const us = (col: string, from: Date) =>
  sql`round(date_part('epoch', ${sql.raw(col)} - ${from}::timestamptz) * 1000000)`;
/** Lets the event loop run between the steps that handle a whole window's rows (the API shares the process). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Claims are read in slices of members, so no one result holds the whole window nor stalls the event loop long. */
const SLICE = 5_000;
/** The capped income the replay does not compute but carries at what was due (salary, rewards). */
const carriedTypes = cappedIncomeTypes.filter((t) => !(replayedKinds as readonly string[]).includes(t));

export async function loadHistory(db: DbOrTx, from: Date, to: Date): Promise<History> {
  const q = async <T>(text: ReturnType<typeof sql>): Promise<T[]> => (await text.execute(db)).rows as T[];
  /**
   * A query sent now and awaited later: the transaction's one connection runs the queries in the order sent, so the
   * database works on the next ones while this process handles the rows of the last. Its failure is seen when awaited.
   */
  const early = <T>(text: ReturnType<typeof sql>): Promise<T[]> => {
    const rows = q<T>(text);
    rows.catch(() => undefined);
    return rows;
  };

  // The window's income credits to members' wallets, per member and type (the comparison), and the capped ones since
  // the window began taken off their earnings now (their earnings at the start). From the income marks (decision
  // 0069, earned-marks.ts) when a day at or before the window's start is marked: the marks at that day (M) and at
  // the latest marked day in the window (L) give [M, L); the ledger gives [M, from) to take off and [L, ...) to add.
  // Without a mark, all from the ledger.
  const [mark] = await q<{ m: string | null; l: string | null; max_id: number | null }>(sql`
    SELECT max(day) FILTER (WHERE at <= ${from})::text AS m, max(day) FILTER (WHERE at <= ${to})::text AS l,
           (SELECT max(id) FROM users)::float8 AS max_id
    FROM (SELECT day, day::timestamp AT TIME ZONE 'UTC' AS at FROM earned_mark_days) d`);
  const start = (day: string | null | undefined) => (day ? new Date(`${day}T00:00:00Z`) : null);
  const M = start(mark?.m);
  const L = M === null || (start(mark?.l)?.getTime() ?? 0) <= from.getTime() ? null : start(mark?.l);

  // Every read is sent now, in the order they are handled below.
  const users = early<{
    id: number;
    sponsor: number | null;
    plan: string;
    plan_id: number | null;
    earned: string;
    d: number;
  }>(sql`SELECT id::float8 AS id, sponsor_id::float8 AS sponsor, active_plan::text AS plan, plan_id::float8 AS plan_id,
                total_earned::text AS earned, active_directs::integer AS d
         FROM users ORDER BY id`);
  // Plan moves since the window began (plans bought but the activation fee, and plans ended).
  const moves = early<{ m: number; at: number; delta: string; plan_id: number | null }>(sql`
    SELECT h.member_id::float8 AS m, ${us('h.at', from)} AS at, h.delta::text AS delta, h.plan_id::float8 AS plan_id
    FROM (SELECT t.userto_id AS member_id, t.created_at AS at, t.amount AS delta, t.plan_id, t.id AS ref
          FROM topups t WHERE t.kind <> 'entry' AND t.created_at >= ${from}
          UNION ALL
          SELECT mp.user_id, mp.ended_at, -mp.amount, NULL::bigint, mp.id
          FROM member_plans mp WHERE mp.ended_at >= ${from}) h
    ORDER BY h.member_id, h.at, h.ref`);
  // Parts: 0 before the window (from the mark M), 1 in it, 2 after it.
  const read = early<{ m: number; type: string; part: number; amount: string }>(sql`
    SELECT a.owner_id::float8 AS m, t.income_type AS type,
           CASE WHEN t.created_at < ${from} THEN 0 WHEN t.created_at < ${to} THEN 1 ELSE 2 END AS part,
           sum(e.amount)::text AS amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
    WHERE t.income_type IS NOT NULL AND t.created_at >= ${L === null ? from : M}
      AND (t.created_at < ${from} OR t.created_at >= ${L ?? from})
    GROUP BY 1, 2, 3`);
  const marked =
    M !== null && L !== null
      ? early<{ m: number; type: string; amount: string }>(sql`
          SELECT member_id::float8 AS m, income_type AS type,
                 sum(CASE WHEN day = ${mark?.l}::date THEN amount ELSE -amount END)::text AS amount
          FROM earned_marks WHERE day IN (${mark?.m}::date, ${mark?.l}::date)
          GROUP BY 1, 2`)
      : Promise.resolve([]);
  // Directs who became active in the window (their first plan in it, none before), which unlock levels.
  const acts = early<{ up: number; at: number }>(sql`
    SELECT r.sponsor_id::float8 AS up, ${us('f.at', from)} AS at
    FROM (SELECT t.userto_id, min(t.created_at) AS at FROM topups t WHERE t.created_at >= ${from}
          GROUP BY t.userto_id) f
    JOIN users r ON r.id = f.userto_id AND r.sponsor_id IS NOT NULL
    WHERE NOT EXISTS (SELECT 1 FROM topups b WHERE b.userto_id = f.userto_id AND b.created_at < ${from})
    ORDER BY 1, f.at`);
  // What the member's state refused, as the real event recorded it (not the refusals the rules decide).
  const refusals = early<{ kind: string; ref: number | null; lvl: number | null }>(sql`
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
  // The plans the directs bought in the window, and the salary and rewards credited (carried at their due; the types
  // written out so the partial index of migration 0078 serves the read).
  const directs = early<{ m: number; at: number; ref: number; amount: string; plan_id: number | null }>(sql`
    SELECT r.sponsor_id::float8 AS m, ${us('t.created_at', from)} AS at, t.id::float8 AS ref, t.amount::text AS amount,
           t.plan_id::float8 AS plan_id
    FROM topups t JOIN users r ON r.id = t.userto_id AND r.sponsor_id IS NOT NULL
    WHERE t.kind <> 'entry' AND t.created_at >= ${from} AND t.created_at < ${to}`);
  const carried = early<{ m: number; at: number; ref: number; kind: string; due: string }>(sql`
    SELECT a.owner_id::float8 AS m, ${us('t.created_at', from)} AS at, t.id::float8 AS ref, t.income_type AS kind,
           coalesce((t.details ->> 'due')::bigint, e.amount)::text AS due
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
    JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('working', 'non_working')
    WHERE t.created_at >= ${from} AND t.created_at < ${to}
      AND t.income_type IN (${sql.join(carriedTypes.map((t) => sql.lit(t)))})`);
  const plans = early<{ id: number; roi_day: string; sponsor_bonus: string }>(
    sql`SELECT id::float8 AS id, roi_day::text AS roi_day, sponsor_bonus::text AS sponsor_bonus FROM plans`,
  );
  // The claims, per member in time order: per member one base64 text of their times and ids as PostgreSQL sends them
  // in binary (8-byte big-endian integers: microseconds since 2000 and the id), which Node decodes natively. Read member
  // by member in the order of the claim's day (the unique index's order: no sort, whatever the table's size), a slice
  // of members ahead.
  const maxId = mark?.max_id ?? 0;
  const fromUs = (from.getTime() - PG_EPOCH_MS) * 1000;
  const decoded = new Map<number, Claims>();
  const readClaims = async () => {
    const slice = (lo: number) => {
      const rows = sql<{ m: number; b: string | null }>`
        SELECT u.id::float8 AS m,
               (SELECT encode(string_agg(timestamptz_send(c.created_at) || int8send(c.id), ''::bytea
                                         ORDER BY c.business_date), 'base64')
                FROM roi_claims c WHERE c.user_id = u.id AND c.created_at >= ${from} AND c.created_at < ${to}) AS b
        FROM users u WHERE u.id >= ${lo} AND u.id < ${lo + SLICE}`.execute(db);
      rows.catch(() => undefined);
      return rows;
    };
    let next = slice(0);
    for (let lo = 0; lo <= maxId; lo += SLICE) {
      const { rows } = await next;
      if (lo + SLICE <= maxId) next = slice(lo + SLICE);
      for (const r of rows) if (r.b !== null) decoded.set(r.m, decode(Buffer.from(r.b, 'base64'), fromUs));
    }
  };
  const claims = readClaims();
  claims.catch(() => undefined);

  const members: EngineMember[] = (await users).map((u) =>
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
  await turn();

  // The plan at the start is the plan now less every move since; the moves before the window's end start the
  // member's segments.
  const span = (to.getTime() - from.getTime()) * 1000;
  const moved: EngineMember[] = [];
  const moveRows = await moves;
  for (let k = 0; k < moveRows.length; ) {
    const id = (moveRows[k] as (typeof moveRows)[number]).m;
    let e = k;
    while (e < moveRows.length && (moveRows[e] as (typeof moveRows)[number]).m === id) e++;
    const m = byId.get(id);
    if (m) {
      const own = moveRows.slice(k, e);
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

  const credits = new Map<number, { member: number; type: string; amount: bigint }>();
  const types = new Map<string, number>();
  const cappedSet = new Set<string>(cappedIncomeTypes);
  /** Credited to member `m` of `type` in [from, to) (`inside`) or after it. */
  const add = (m: number, type: string, amount: bigint, inside: boolean) => {
    if (cappedSet.has(type)) {
      const member = byId.get(m);
      if (member) member.earned0 -= amount;
    }
    if (!inside) return;
    const key = memberTypeKey(types, m, type);
    const c = credits.get(key);
    if (c) c.amount += amount;
    else credits.set(key, { member: m, type, amount });
  };
  // [from, L) = (mark L - mark M) - [M, from).
  const readRows = await read;
  for (const r of readRows) if (r.part === 0 && L !== null) add(r.m, r.type, -BigInt(r.amount), true);
  for (const r of readRows) if (r.part > 0) add(r.m, r.type, BigInt(r.amount), r.part === 1);
  await turn();
  for (const r of await marked) add(r.m, r.type, BigInt(r.amount), true);
  for (const [key, c] of credits) if (c.amount === 0n) credits.delete(key);
  await turn();

  for (const r of await acts) {
    const m = byId.get(r.up);
    if (m) m.acts.push(r.at);
  }
  for (const m of members) m.d0 -= m.acts.length;

  const roiRefused = new Set<number>();
  const directRefused = new Set<number>();
  const levelRefused = new Map<number, number>();
  for (const r of await refusals) {
    if (r.ref === null) continue;
    if (r.kind === 'roi') roiRefused.add(r.ref);
    else if (r.kind === 'direct') directRefused.add(r.ref);
    else if (r.lvl !== null) levelRefused.set(r.ref, (levelRefused.get(r.ref) ?? 0) | (1 << r.lvl));
  }

  for (const r of await directs) {
    byId.get(r.m)?.directs.push({
      at: r.at,
      ref: r.ref,
      amount: BigInt(r.amount),
      planId: r.plan_id,
      refused: directRefused.has(r.ref),
    });
  }
  for (const r of await carried) {
    const due = BigInt(r.due);
    const f: FixEvent = { at: r.at, ref: r.ref, ord: 4, kind: r.kind, due, eff: due };
    byId.get(r.m)?.carried.push(f);
  }
  const planRows = await plans;

  await claims;
  for (const [id, c] of decoded) {
    const m = byId.get(id);
    if (m) claimsOf(m, c, roiRefused, levelRefused);
  }

  // The plan each moved member's claims read at the start: the one of their last purchase before it.
  if (moved.length > 0) {
    const before = await q<{ m: number; plan_id: number | null }>(sql`
      SELECT DISTINCT ON (t.userto_id) t.userto_id::float8 AS m, t.plan_id::float8 AS plan_id
      FROM topups t
      WHERE t.kind <> 'entry' AND t.created_at < ${from} AND t.userto_id = ANY(${moved.map((m) => m.id)}::bigint[])
      ORDER BY t.userto_id, t.created_at DESC, t.id DESC`);
    for (const r of before) (byId.get(r.m) as EngineMember).planId0 = r.plan_id;
  }

  return {
    from,
    span,
    plans: planRows.map((p) => ({
      id: p.id,
      roiDay: BigInt(p.roi_day),
      sponsorBonus: BigInt(p.sponsor_bonus),
    })),
    members,
    credits: [...credits.values()],
  };
}

export type Claims = { ts: Float64Array; ids: Float64Array };

/** PostgreSQL's binary times count microseconds from 2000-01-01 UTC. */
export const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
/** An 8-byte big-endian integer below 2^53 at `at`, exactly (two halves, no BigInt). */
const int8At = (buf: Buffer, at: number) => buf.readInt32BE(at) * 4294967296 + buf.readUInt32BE(at + 4);

/**
 * A member's claims from their pairs (time, id): times as microseconds from the window's start (`fromUs`, on the
 * same scale), in time order, then id (the read's order is the claim's day, which is the same but where the business
 * day's time zone changed).
 */
export function decode(buf: Buffer, fromUs: number): Claims {
  const n = buf.length / 16;
  const ts = new Float64Array(n);
  const ids = new Float64Array(n);
  let sorted = true;
  for (let k = 0; k < n; k++) {
    ts[k] = int8At(buf, 16 * k) - fromUs;
    ids[k] = int8At(buf, 16 * k + 8);
    if (
      k > 0 &&
      ((ts[k] as number) < (ts[k - 1] as number) ||
        (ts[k] === ts[k - 1] && (ids[k] as number) < (ids[k - 1] as number)))
    )
      sorted = false;
  }
  if (sorted) return { ts, ids };
  const order = Array.from({ length: n }, (_, k) => k).sort(
    (a, b) => (ts[a] as number) - (ts[b] as number) || (ids[a] as number) - (ids[b] as number),
  );
  return {
    ts: Float64Array.from(order, (k) => ts[k] as number),
    ids: Float64Array.from(order, (k) => ids[k] as number),
  };
}

/** A member's claims without those their state refused, with the levels their uplines' state refused by position. */
function claimsOf(
  m: EngineMember,
  c: Claims,
  roiRefused: Set<number>,
  levelRefused: Map<number, number>,
): void {
  let { ts, ids } = c;
  if (roiRefused.size > 0 && ids.some((id) => roiRefused.has(id))) {
    const keep = ids.map((id) => (roiRefused.has(id) ? 0 : 1));
    ts = ts.filter((_, k) => keep[k] === 1);
    ids = ids.filter((_, k) => keep[k] === 1);
  }
  m.claimTs = ts;
  m.claimIds = ids;
  if (levelRefused.size > 0) {
    const refused = new Map<number, number>();
    ids.forEach((id, pos) => {
      const bits = levelRefused.get(id);
      if (bits !== undefined) refused.set(pos, bits);
    });
    if (refused.size > 0) m.levelRefused = refused;
  }
}
