import { amountOut, type RuleSet, type SimulationProposal } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { cappedIncomeTypes } from '../ledger/income-types';

/**
 * The replay's inputs and outputs (decision 0069). The replay itself is simulate_replay.sql: set-based, every
 * member's capped income one sequence in time order with the cap as a window over it.
 */

/** A rule set as simulate_replay.sql reads it: units as integer texts, from when it is in force (null: always). */
export type ReplayVersion = {
  from_at: string | null;
  cap: string;
  level_rates: string[];
  level_unlock: number[];
  roi_on: boolean;
  level_on: boolean;
  direct_on: boolean;
  plans: { id: number; roi_day: string; sponsor_bonus: string }[];
};

/** One member's replayed income of one type: what was due, what the replay paid, whether the cap cut it. */
export type ReplayRow = { member_id: bigint; income_type: string; due: bigint; paid: bigint; cut: boolean };

export function replayVersion(rules: RuleSet, fromAt: Date | null): ReplayVersion {
  const s = rules.settings;
  return {
    from_at: fromAt === null ? null : fromAt.toISOString(),
    cap: String(parseUnits(s.earningCapMultiplier)),
    level_rates: s.levelPercents.map((p) => String(parseUnits(p))),
    level_unlock: [...s.levelUnlockDirects],
    roi_on: s.features.roi,
    level_on: s.features.level,
    direct_on: s.features.direct,
    plans: rules.plans.map((p) => ({
      id: p.id,
      roi_day: String(parseUnits(p.roi_day)),
      sponsor_bonus: String(parseUnits(p.sponsor_bonus)),
    })),
  };
}

/** The rules of `base` with a proposal's changes applied (settings it names, plans' rates it names). */
export function proposedRules(base: RuleSet, proposal: SimulationProposal): RuleSet {
  const patch = proposal.settings ?? {};
  const { features, ...rest } = patch;
  const changes = new Map((proposal.plans ?? []).map((p) => [p.id, p]));
  return {
    settings: { ...base.settings, ...rest, features: { ...base.settings.features, ...features } },
    plans: base.plans.map((p) => {
      const c = changes.get(p.id);
      if (!c) return p;
      return {
        ...p,
        roi_day: c.roi_day === undefined ? p.roi_day : normalised(c.roi_day),
        sponsor_bonus: c.sponsor_bonus === undefined ? p.sponsor_bonus : normalised(c.sponsor_bonus),
      };
    }),
  };
}

/** A rate as the rule versions write it (decision 0070: amountOut's 8 places), whatever text the proposal sent. */
const normalised = (text: string): string => amountOut(parseUnits(text));

/**
 * The rule versions in force over [from, to): the one in force at `from` (version 1 when `from` is before every
 * version: those were the rules before the first change, decision 0070), then every later one before `to`; or
 * `fallback` (the rules now) as the only one when no version was written yet.
 */
export async function versionsInForce(
  db: DbOrTx,
  from: Date,
  to: Date,
  fallback: RuleSet,
): Promise<ReplayVersion[]> {
  const { rows } = await sql<{ rules: RuleSet; from_at: Date }>`
    SELECT rules, from_at FROM rule_versions
    WHERE from_at < ${to}
      AND from_at >= coalesce((SELECT max(from_at) FROM rule_versions WHERE from_at <= ${from}), '-infinity')
    ORDER BY from_at, version`.execute(db);
  if (rows.length === 0) return [replayVersion(fallback, null)];
  return rows.map((r, i) => replayVersion(r.rules, i === 0 ? null : r.from_at));
}

/** The capped types the replay keeps in each member's sequence (CTO is outside the cap). */
const capped = [...cappedIncomeTypes];

/** Replays [from, to) under `versions` into the temporary table `into` (dropped at the transaction's end). */
export async function replayInto(
  db: DbOrTx,
  into: 'sim_out_current' | 'sim_out_proposed',
  from: Date,
  to: Date,
  versions: ReplayVersion[],
): Promise<void> {
  await sql`DROP TABLE IF EXISTS ${sql.table(into)}`.execute(db);
  await sql`CREATE TEMP TABLE ${sql.table(into)} ON COMMIT DROP AS
    SELECT * FROM simulate_replay(${from}, ${to}, ${JSON.stringify(versions)}::jsonb, ${capped}::text[])`.execute(
    db,
  );
}

/** What the ledger credited to members in [from, to), per member and income type, into sim_out_actual. */
export async function actualInto(db: DbOrTx, from: Date, to: Date): Promise<void> {
  await sql`DROP TABLE IF EXISTS sim_out_actual`.execute(db);
  await sql`CREATE TEMP TABLE sim_out_actual ON COMMIT DROP AS
    SELECT a.owner_id AS member_id, t.income_type, sum(e.amount)::bigint AS paid
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
    WHERE t.created_at >= ${from} AND t.created_at < ${to} AND t.income_type IS NOT NULL
    GROUP BY a.owner_id, t.income_type`.execute(db);
}

/**
 * The replay of [from, to) under `versions`, per member and type (the fidelity tests read it); `bucket` the steps the
 * cap's crossing is searched by (simulate_replay.sql: a day unless a test asks for shorter ones).
 */
export async function replay(
  db: DbOrTx,
  from: Date,
  to: Date,
  versions: ReplayVersion[],
  bucket = '1 day',
): Promise<ReplayRow[]> {
  const { rows } = await sql<ReplayRow>`
    SELECT * FROM simulate_replay(${from}, ${to}, ${JSON.stringify(versions)}::jsonb, ${capped}::text[], 200,
                                  ${bucket}::interval)
    ORDER BY member_id, income_type`.execute(db);
  return rows;
}
