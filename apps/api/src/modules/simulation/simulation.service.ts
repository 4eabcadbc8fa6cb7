import type {
  RuleSet,
  SimulationProposal,
  SimulationRecord,
  SimulationResult,
  SolvencyScenarioName,
} from '@sgx/contracts';
import { solvencyScenarios } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { type Selectable, sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import type { Approval } from '../approvals/approvals.registry';
import { cappedIncomeTypes } from '../ledger/income-types';
import { currentRules } from '../rules/rule-versions';
import { dayText, type FlowWindow, projectRunway, type RunwayInput, ratio } from '../solvency/runway';
import { averagesOf } from '../solvency/solvency.figures';
import { loadHistory } from './replay-load';
import { actualInto, proposedRules, replayInto, replayVersion, versionsInForce } from './simulation.replay';

type Row = Selectable<DB['simulations']>;

const DAY_MS = 86_400_000;
/**
 * A run holds an advisory lock for its transaction's life (`runLock`), so any instance can tell a run under way from
 * one whose instance stopped: not done, not running here, older than this (the time a run takes to take its lock),
 * and its lock free, it was lost and is run again.
 */
const STARTING_MS = 60_000;
const runLock = (id: bigint) => sql`hashtext(${`simulation:${id}`})`;

/** What an approval asks for, as a proposal to simulate; null when it changes no economic rule (composition). */
export type ProposalOfApproval = (a: Approval) => SimulationProposal | null;
/** The kinds the replay computes from their rule; the rest are carried over as observed. */
const replayedKinds = ['roi_income', 'level_month', 'direct_income'] as const;
const kinds = ['roi_income', 'level_month', 'direct_income', 'salary', 'reward', 'cto'] as const;
const teamKinds = ['level_month', 'direct_income', 'salary', 'reward'] as const;

/**
 * The plan-change simulator (decision 0069). `start` records a proposal and runs it in the background on this
 * instance (the row's progress moves between phases); `get` reads it. A run: the rules in force over the window and
 * the proposed ones (the rules now with the proposal's changes), the window's history read once (replay-load.ts) and
 * replayed under each (replay-engine.ts) beside what the ledger credited, then the latest solvency report's runway
 * projected again with the proposed rules.
 */
export class SimulationService {
  private readonly running = new Map<bigint, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly warn: Warn = unlogged,
    private readonly proposalOf: ProposalOfApproval = () => null,
  ) {}

  private latestFor(db: DbOrTx, approvalId: bigint) {
    return db
      .selectFrom('simulations')
      .selectAll()
      .where('approval_id', '=', approvalId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private async lost(r: Row): Promise<boolean> {
    if (r.status === 'done' || r.status === 'failed' || this.running.has(r.id)) return false;
    if (Date.now() - r.created_at.getTime() < STARTING_MS) return false;
    // Taken and given back in one statement: free means no transaction of a run holds it.
    const { rows } = await sql<{
      free: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${runLock(r.id)}) AS free`.execute(this.db);
    return rows[0]?.free === true;
  }

  /**
   * The simulation an approval of an economic change is decided with (decision 0069), made from the approval
   * itself, never from what a caller sends: its latest run, or a new one when none is done or under way (while the
   * approval waits). The requester's page asks for it as soon as the change waits; the approver's when it opens.
   */
  async forApproval(approvalId: bigint, actorId: bigint): Promise<SimulationRecord> {
    const a = await this.db
      .selectFrom('approvals')
      .selectAll()
      .where('id', '=', approvalId)
      .executeTakeFirst();
    if (!a) throw notFound('Approval not found.');
    const proposal = this.proposalOf(a);
    if (!proposal) throw notFound('This request changes no economic rule, so it has no simulation.');
    const last = await this.latestFor(this.db, approvalId);
    const usable = last && (last.status === 'done' || (last.status !== 'failed' && !(await this.lost(last))));
    if (last && (usable || a.status !== 'pending')) return recordOf(last);
    const { id } = await this.start(actorId, proposal, approvalId);
    return this.get(id);
  }

  /**
   * Approving an economic change waits for its simulation (the approvals' guard, composed in
   * composition/approvals.ts): refused with 409, the approval left pending, until its latest run is done.
   */
  async requireDone(tx: DbOrTx, a: Approval): Promise<void> {
    if (!this.proposalOf(a)) return;
    const last = await this.latestFor(tx, a.id);
    if (last?.status === 'done') return;
    if (!last || last.status === 'failed' || (await this.lost(last)))
      throw conflict(
        'A change of the economic rules is approved only with its simulation: open the request to run it, then approve.',
      );
    throw conflict(`Its simulation is still running (${last.progress} %): approve when its result is shown.`);
  }

  async start(
    actorId: bigint | null,
    proposal: SimulationProposal,
    approvalId?: bigint | null,
  ): Promise<{ id: bigint }> {
    const rules = proposedRules(await currentRules(this.db), proposal);
    const row = await this.db
      .insertInto('simulations')
      .values({
        requested_by: actorId,
        proposal: JSON.stringify(proposal),
        rules: JSON.stringify(rules),
        approval_id: approvalId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = this.run(row.id, proposal, rules)
      .catch(async (err: unknown) => {
        this.warn({ err, simulation: String(row.id) }, 'simulation failed');
        await this.db
          .updateTable('simulations')
          .set({
            status: 'failed',
            error: err instanceof Error ? err.message : String(err),
            finished_at: new Date(),
          })
          .where('id', '=', row.id)
          .execute()
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(row.id));
    this.running.set(row.id, run);
    return { id: row.id };
  }

  /** Resolves when a run this instance started has finished (at once when none is running). */
  async settled(id: bigint): Promise<void> {
    await this.running.get(id);
  }

  async get(id: bigint): Promise<SimulationRecord> {
    const row = await this.db.selectFrom('simulations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Simulation not found.');
    return recordOf(row);
  }

  private progress(id: bigint, progress: number, status?: 'running' | 'done') {
    return this.db
      .updateTable('simulations')
      .set({ progress, ...(status ? { status } : {}) })
      .where('id', '=', id)
      .execute();
  }

  private async run(id: bigint, proposal: SimulationProposal, proposed: RuleSet): Promise<void> {
    await this.progress(id, 5, 'running');
    const result = await simulate(this.db, proposal, proposed, (p) => this.progress(id, p), new Date(), id);
    await this.db
      .updateTable('simulations')
      .set({ status: 'done', progress: 100, result: JSON.stringify(result), finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * One simulation, in one REPEATABLE READ transaction (the replays' temporary tables live in it): the window's
 * replays, the comparison, the runway. `step` is told the progress between phases (on its own connection). A run of
 * the simulations table (`runId`) holds its advisory lock meanwhile, so other instances see it under way.
 */
export async function simulate(
  db: Db,
  proposal: SimulationProposal,
  proposed: RuleSet,
  step: (progress: number) => Promise<unknown> = async () => undefined,
  now = new Date(),
  runId?: bigint,
): Promise<SimulationResult> {
  const days = proposal.days ?? 90;
  const to = now;
  const from = new Date(to.getTime() - days * DAY_MS);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      if (runId !== undefined) await sql`SELECT pg_advisory_xact_lock(${runLock(runId)})`.execute(tx);
      const now = await currentRules(tx);
      const inForce = await versionsInForce(tx, from, to, now);
      await step(10);
      const history = await loadHistory(tx, from, to);
      await step(50);
      await actualInto(tx, history);
      await replayInto(tx, 'sim_out_current', history, inForce);
      await step(65);
      await replayInto(tx, 'sim_out_proposed', history, [replayVersion(proposed, null)]);
      await step(80);
      const totals = await kindTotals(tx);
      const fidelity = await fidelityOf(tx);
      const top = await topChanges(tx);
      const cap = await capReached(tx);
      await step(90);
      const runway = await runwayOf(tx, now, proposed, totals);
      const sum = (k: 'actual' | 'current' | 'proposed') => totals.reduce((a, t) => a + t[k], 0n);
      return {
        window: { from: from.toISOString(), to: to.toISOString(), days },
        versions_in_force: inForce.length,
        carried: ['salary', 'cto', 'reward'],
        kinds: totals.map((t) => ({
          income_type: t.kind,
          actual: formatUnits(t.actual),
          replayed_current: formatUnits(t.current),
          replayed_proposed: formatUnits(t.proposed),
          replayed: (replayedKinds as readonly string[]).includes(t.kind),
        })),
        totals: {
          actual: formatUnits(sum('actual')),
          replayed_current: formatUnits(sum('current')),
          replayed_proposed: formatUnits(sum('proposed')),
        },
        fidelity,
        top_changes: top,
        cap_reached: cap,
        runway,
      };
    });
}

type KindTotal = { kind: (typeof kinds)[number]; actual: bigint; current: bigint; proposed: bigint };

/** Per kind: the ledger's credits, and each replay's (CTO, outside the cap, carried as credited). */
async function kindTotals(tx: DbOrTx): Promise<KindTotal[]> {
  const { rows } = await sql<{ kind: string; actual: string; current: string; proposed: string }>`
    WITH k AS (SELECT unnest(${[...kinds]}::text[]) AS kind)
    SELECT k.kind,
      coalesce((SELECT sum(paid) FROM sim_out_actual a WHERE a.income_type = k.kind), 0)::text AS actual,
      CASE WHEN k.kind = 'cto' THEN coalesce((SELECT sum(paid) FROM sim_out_actual a WHERE a.income_type = 'cto'), 0)
           ELSE coalesce((SELECT sum(paid) FROM sim_out_current c WHERE c.income_type = k.kind), 0) END::text AS current,
      CASE WHEN k.kind = 'cto' THEN coalesce((SELECT sum(paid) FROM sim_out_actual a WHERE a.income_type = 'cto'), 0)
           ELSE coalesce((SELECT sum(paid) FROM sim_out_proposed p WHERE p.income_type = k.kind), 0) END::text AS proposed
    FROM k`.execute(tx);
  return rows.map((r) => ({
    kind: r.kind as KindTotal['kind'],
    actual: BigInt(r.actual),
    current: BigInt(r.current),
    proposed: BigInt(r.proposed),
  }));
}

/** The replay under the rules in force against the ledger, per member and capped kind. */
async function fidelityOf(tx: DbOrTx): Promise<SimulationResult['fidelity']> {
  const { rows } = await sql<{ members: number; difference: string }>`
    SELECT count(DISTINCT member_id)::int AS members, coalesce(sum(abs(d)), 0)::text AS difference FROM (
      SELECT coalesce(a.member_id, c.member_id) AS member_id, coalesce(c.paid, 0) - coalesce(a.paid, 0) AS d
      FROM (SELECT * FROM sim_out_actual WHERE income_type = ANY(${[...cappedIncomeTypes]}::text[])) a
      FULL JOIN sim_out_current c ON c.member_id = a.member_id AND c.income_type = a.income_type
    ) x WHERE d <> 0`.execute(tx);
  const r = rows[0];
  const difference = BigInt(r?.difference ?? '0');
  return {
    exact: difference === 0n,
    members_differing: r?.members ?? 0,
    difference: formatUnits(difference),
  };
}

/** The 20 members whose replayed income changes most (by the change's size), current against proposed. */
async function topChanges(tx: DbOrTx): Promise<SimulationResult['top_changes']> {
  const { rows } = await sql<{
    member_id: string;
    username: string | null;
    current: string;
    proposed: string;
  }>`
    WITH c AS (SELECT member_id, sum(paid) AS paid FROM sim_out_current GROUP BY member_id),
         p AS (SELECT member_id, sum(paid) AS paid FROM sim_out_proposed GROUP BY member_id),
         d AS (SELECT coalesce(c.member_id, p.member_id) AS member_id, coalesce(c.paid, 0) AS current,
                      coalesce(p.paid, 0) AS proposed
               FROM c FULL JOIN p ON p.member_id = c.member_id)
    SELECT d.member_id::text, u.username, d.current::text, d.proposed::text
    FROM d LEFT JOIN users u ON u.id = d.member_id
    WHERE d.current <> d.proposed
    ORDER BY abs(d.proposed - d.current) DESC, d.member_id LIMIT 20`.execute(tx);
  return rows.map((r) => {
    const current = BigInt(r.current);
    const proposed = BigInt(r.proposed);
    return {
      member_id: r.member_id,
      username: r.username,
      current: formatUnits(current),
      proposed: formatUnits(proposed),
      change: formatUnits(proposed - current),
    };
  });
}

async function capReached(tx: DbOrTx): Promise<SimulationResult['cap_reached']> {
  const { rows } = await sql<{ current: number; proposed: number }>`
    SELECT (SELECT count(DISTINCT member_id) FROM sim_out_current WHERE cut)::int AS current,
           (SELECT count(DISTINCT member_id) FROM sim_out_proposed WHERE cut)::int AS proposed`.execute(tx);
  return { current: rows[0]?.current ?? 0, proposed: rows[0]?.proposed ?? 0 };
}

const windowOf = (w: Record<string, string> | undefined): FlowWindow => ({
  deposits: parseUnits(w?.deposits ?? '0'),
  plans: parseUnits(w?.plans ?? '0'),
  roi: parseUnits(w?.roi ?? '0'),
  team: parseUnits(w?.team ?? '0'),
  withdrawals: parseUnits(w?.withdrawals ?? '0'),
  principal_withdrawals: parseUnits(w?.principal_withdrawals ?? '0'),
});

/** x * num / den, floored; x itself when den is 0 (nothing replayed to scale by). */
const scaled = (x: bigint, num: bigint, den: bigint) => (den === 0n ? x : (x * num) / den);

/**
 * The latest solvency report's runway again (runway.ts, not a copy): current as it was computed, proposed with the
 * observed ROI and team income rates scaled by what the replays paid (proposed / current, per kind: ROI; level,
 * direct, salary and rewards together), the headroom C asked again of solvency_members.sql at the report's cut-off
 * with the proposed cap multiple when it changed, and the proposed CTO percent.
 */
async function runwayOf(
  tx: DbOrTx,
  rules: RuleSet,
  proposed: RuleSet,
  totals: KindTotal[],
): Promise<SimulationResult['runway']> {
  const report = await tx
    .selectFrom('solvency_reports')
    .selectAll()
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!report) return null;
  const day = dayText(report.day as Date | string);
  const flows = report.flows as { last_30?: Record<string, string>; prior_30?: Record<string, string> };
  const last30 = windowOf(flows.last_30);
  const prior30 = windowOf(flows.prior_30);
  const averages = await averagesOf(tx, day, { owed: report.owed_now, principal: report.principal });
  const capNow = parseUnits(rules.settings.earningCapMultiplier);
  const capProposed = parseUnits(proposed.settings.earningCapMultiplier);
  const headroomNow = report.earnable_roi + report.earnable_referral;
  let headroomProposed = headroomNow;
  if (capProposed !== capNow) {
    const { rows } = await sql<{ headroom: string }>`
      SELECT coalesce(sum(headroom), 0)::text AS headroom
      FROM solvency_members(${report.cutoff}, ${capProposed}::bigint, 365, ${[...cappedIncomeTypes]}::text[])`.execute(
      tx,
    );
    headroomProposed = BigInt(rows[0]?.headroom ?? '0');
  }
  const of = (k: string) => totals.find((t) => t.kind === k) ?? { current: 0n, proposed: 0n };
  const roi = of('roi_income');
  const team = teamKinds.reduce(
    (a, k) => ({ current: a.current + of(k).current, proposed: a.proposed + of(k).proposed }),
    { current: 0n, proposed: 0n },
  );
  const scale = (w: FlowWindow): FlowWindow => ({
    ...w,
    roi: scaled(w.roi, roi.proposed, roi.current),
    team: scaled(w.team, team.proposed, team.current),
  });
  const base: RunwayInput = {
    day,
    reserves: report.reserves,
    owed: report.owed_now,
    principal: report.principal,
    headroom: headroomNow,
    capMultiplier: capNow,
    ctoPercent: parseUnits(rules.settings.ctoPoolPercent),
    last30,
    prior30,
    owedAverage: averages.owed,
    principalAverage: averages.principal,
  };
  const next: RunwayInput = {
    ...base,
    headroom: headroomProposed,
    capMultiplier: capProposed,
    ctoPercent: parseUnits(proposed.settings.ctoPoolPercent),
    last30: scale(last30),
    prior30: scale(prior30),
  };
  const point = (input: RunwayInput, s: SolvencyScenarioName) => {
    const r = projectRunway(input, s);
    return { first_short_day: r.firstShortDay, days_covered: r.daysCovered };
  };
  return {
    report_day: day,
    roi_scale: ratio(roi.proposed, roi.current),
    team_scale: ratio(team.proposed, team.current),
    headroom_current: formatUnits(headroomNow),
    headroom_proposed: formatUnits(headroomProposed),
    scenarios: solvencyScenarios.map((s) => ({
      scenario: s,
      current: point(base, s),
      proposed: point(next, s),
    })),
  };
}

function recordOf(r: Row): SimulationRecord {
  return {
    id: String(r.id),
    requested_by: r.requested_by === null ? null : String(r.requested_by),
    approval_id: r.approval_id === null ? null : String(r.approval_id),
    status: r.status as SimulationRecord['status'],
    progress: r.progress,
    proposal: r.proposal as SimulationProposal,
    result: (r.result as SimulationResult | null) ?? null,
    error: r.error,
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at ? r.finished_at.toISOString() : null,
  };
}
