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
import {
  capCut,
  fidelity,
  type KindTotal,
  kindTotals,
  type Paid,
  type Replayed,
  replayedKinds,
  topChanges,
} from './simulation.compare';
import { proposedRules, replayed, replayVersion, versionsInForce } from './simulation.replay';

type Row = Selectable<DB['simulations']>;

const DAY_MS = 86_400_000;
/** Lets the event loop run between the comparisons (the API shares the process). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * A run holds an advisory lock for its transaction's life (`runLock`), so any instance can tell a run under way from
 * one whose instance stopped: not done, not running here, older than this (the time a run takes to take its lock),
 * and its lock free, it was lost and is run again.
 */
const STARTING_MS = 60_000;
const runLock = (id: bigint) => sql`hashtext(${`simulation:${id}`})`;

/** What an approval asks for, as a proposal to simulate; null when it changes no economic rule (composition). */
export type ProposalOfApproval = (a: Approval) => SimulationProposal | null;
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
 * One simulation, in one REPEATABLE READ transaction (every read in one snapshot): the window read once, its
 * replays, the comparisons (simulation.compare.ts), the runway. `step` is told the progress between phases (on its own connection). A run of
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
      const actual: Paid[] = history.credits.map((c) => ({ member: c.member, type: c.type, paid: c.amount }));
      const current = await replayed(history, inForce);
      await step(65);
      const next = await replayed(history, [replayVersion(proposed, null)]);
      await step(80);
      const totals = kindTotals(actual, current, next);
      const fid = fidelity(actual, current);
      await turn();
      const top = await namedChanges(tx, current, next);
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
        fidelity: {
          exact: fid.difference === 0n,
          members_differing: fid.members,
          difference: formatUnits(fid.difference),
        },
        top_changes: top,
        cap_reached: { current: capCut(current), proposed: capCut(next) },
        runway,
      };
    });
}

/** The members whose replayed income changes most (simulation.compare.ts), with their usernames. */
async function namedChanges(
  tx: DbOrTx,
  current: Replayed[],
  next: Replayed[],
): Promise<SimulationResult['top_changes']> {
  const top = topChanges(current, next);
  const names = new Map<number, string | null>();
  if (top.length > 0) {
    const rows = await tx
      .selectFrom('users')
      .select(['id', 'username'])
      .where(
        'id',
        'in',
        top.map((t) => BigInt(t.member)),
      )
      .execute();
    for (const r of rows) names.set(Number(r.id), r.username);
  }
  return top.map((t) => ({
    member_id: String(t.member),
    username: names.get(t.member) ?? null,
    current: formatUnits(t.current),
    proposed: formatUnits(t.proposed),
    change: formatUnits(t.proposed - t.current),
  }));
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
