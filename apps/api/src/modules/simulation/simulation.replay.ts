import { amountOut, type RuleSet, type SimulationProposal } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { type EngineVersion, runReplay } from './replay-engine';
import { type History, loadHistory } from './replay-load';
import type { Replayed } from './simulation.compare';

/**
 * The replay's inputs and outputs (decision 0069): the rule versions as the replay reads them, and the replay of a
 * window's history (replay-load.ts reads it once, replay-engine.ts pays it under each set of versions).
 */

/** A rule set as the replay reads it: units as integer texts, from when it is in force (null: always). */
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

/** The engine's rule versions: times as offsets from the window's start, every plan's rates (the version's or the plans table's). */
export function engineVersions(h: History, versions: ReplayVersion[]): EngineVersion[] {
  return versions.map((v) => {
    const roiDay = new Map(h.plans.map((p) => [p.id, p.roiDay]));
    const sponsorBonus = new Map(h.plans.map((p) => [p.id, p.sponsorBonus]));
    for (const p of v.plans) {
      if (!roiDay.has(p.id)) continue;
      roiDay.set(p.id, BigInt(p.roi_day));
      sponsorBonus.set(p.id, BigInt(p.sponsor_bonus));
    }
    return {
      from: v.from_at === null ? -Infinity : (Date.parse(v.from_at) - h.from.getTime()) * 1000,
      cap: BigInt(v.cap),
      levelRates: v.level_rates.map((r) => BigInt(r)),
      levelUnlock: [...v.level_unlock],
      roiOn: v.roi_on,
      levelOn: v.level_on,
      directOn: v.direct_on,
      roiDay,
      sponsorBonus,
    };
  });
}

const DAY_MS = 86_400_000;

/** The history of [from, to) replayed under `versions` (replay-engine.ts), the cap's crossing searched by `bucketMs`. */
const engineRows = (h: History, versions: ReplayVersion[], bucketMs: number) =>
  runReplay({
    versions: engineVersions(h, versions),
    span: h.span,
    bucket: bucketMs * 1000,
    members: h.members,
  });

/** The history replayed under `versions`, per member and type, as the comparisons read it (simulation.compare.ts). */
export async function replayed(h: History, versions: ReplayVersion[]): Promise<Replayed[]> {
  const rows = await engineRows(h, versions, DAY_MS);
  return rows.map((r) => ({ member: r.memberId, type: r.incomeType, paid: r.paid, cut: r.cut }));
}

/** The history of [from, to) replayed under `versions`, per member and type, with what was due. */
async function replayOf(h: History, versions: ReplayVersion[], bucketMs = DAY_MS): Promise<ReplayRow[]> {
  const rows = await engineRows(h, versions, bucketMs);
  return rows.map((r) => ({
    member_id: BigInt(r.memberId),
    income_type: r.incomeType,
    due: r.due,
    paid: r.paid,
    cut: r.cut,
  }));
}

/**
 * The replay of [from, to) under `versions`, per member and type (the fidelity tests read it); `bucketMs` the steps
 * the cap's crossing is searched by (a day unless a test asks for shorter ones).
 */
export async function replay(
  db: DbOrTx,
  from: Date,
  to: Date,
  versions: ReplayVersion[],
  bucketMs = DAY_MS,
): Promise<ReplayRow[]> {
  const rows = await replayOf(await loadHistory(db, from, to), versions, bucketMs);
  return rows.sort((a, b) =>
    a.member_id < b.member_id
      ? -1
      : a.member_id > b.member_id
        ? 1
        : a.income_type.localeCompare(b.income_type),
  );
}
