import type {
  SolvencyHistoryPoint,
  SolvencyPublicResponse,
  SolvencyReport,
  SolvencyScenario,
} from '@sgx/contracts';
import { COVERAGE_FALLING_DAYS, solvencyScenarios } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db';
import type { FreshRead } from '../../db/read-router';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import type { Mailer } from '../mail/mailer';
import {
  markStaffAlertMailed,
  openStaffAlert,
  ownerEmails,
  resolveStaffAlert,
} from '../notifications/staff-alerts';
import { ratioOf, reservesOf } from '../proof/proof.readings';
import type { SettingsService } from '../settings/settings.service';
import { emit } from '../webhooks/emit';
import { dayText, type FlowWindow, projectRunway, type RunwayResult, ratio } from './runway';
import {
  averagesOf,
  fillRollups,
  flowWindows,
  incomeSplit,
  memberFigures,
  windowStartTree,
} from './solvency.figures';

/** The proof of a day the report is computed at (its cut-off, its total, its reserves). */
export type ProofOfDay = { id: bigint; day: string; cutoff: Date; total_usd: bigint };

type ReportRow = Selectable<DB['solvency_reports']>;

const ALERT_KEY = 'solvency';

const pointsOf = (r: RunwayResult) =>
  r.points.map((p) => ({
    day: p.day,
    reserves: formatUnits(p.reserves),
    owed: formatUnits(p.owed),
    principal: formatUnits(p.principal),
  }));

/**
 * The daily solvency report (decision 0068): computed once a day after the proof of liabilities, at the
 * proof's cut-off, from the books (every figure a sum of immutable entries or of the proof's readings), kept per
 * day, recomputable for any day that has a proof. Alerts owners when the no-new-money runway falls below the
 * threshold or coverage falls seven days in a row, until it recovers.
 */
export class SolvencyService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly mailer?: Mailer,
    private readonly warn: Warn = unlogged,
    /** Builds the day's proof when there is none yet (the report needs its cut-off). */
    private readonly buildProof?: (day: string) => Promise<unknown>,
    /** Where the figures are read: a replica holding everything until now where one is set (decision 0080). */
    private readonly fresh: FreshRead = (work) => work(db),
  ) {}

  /**
   * The report of `day`: computed once (concurrent and repeated runs wait on one advisory lock and find it), or
   * computed again and replaced when `replace` (an admin's recompute). Needs the day's proof: today's is built first
   * when `buildProof` is given.
   */
  async buildDay(
    day: string,
    replace = false,
    actorId: bigint | null = null,
  ): Promise<{ built: boolean; report: SolvencyReport }> {
    let proof = await this.proofOf(day);
    if (!proof && this.buildProof) {
      await this.buildProof(day);
      proof = await this.proofOf(day);
    }
    if (!proof)
      throw notFound(`There is no proof of liabilities for ${day}: the report is computed at its cut-off.`);
    await fillRollups(this.db);
    const found = await this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('solvency-report'))`.execute(tx);
      const existing = await tx
        .selectFrom('solvency_reports')
        .selectAll()
        .where('day', '=', day)
        .executeTakeFirst();
      if (existing && !replace) return { built: false, row: existing };
      const row = await this.compute(proof);
      const values = { ...row, day };
      await tx
        .insertInto('solvency_reports')
        .values(values)
        .onConflict((oc) => oc.column('day').doUpdateSet(values))
        .execute();
      const saved = await tx
        .selectFrom('solvency_reports')
        .selectAll()
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      if (actorId !== null)
        await writeAudit(tx, {
          actorId,
          action: 'solvency.build',
          entity: 'solvency_report',
          entityId: null,
          before: existing ? { day, computed_at: existing.computed_at.toISOString() } : null,
          after: {
            day,
            owed_now: String(saved.owed_now),
            reserves: String(saved.reserves),
            days_covered_stopped: saved.days_covered_stopped,
          },
        });
      return { built: true, row: saved };
    });
    const report = await this.reportOf(found.row);
    if (found.built) await this.alert(report);
    return { built: found.built, report };
  }

  private async proofOf(day: string): Promise<ProofOfDay | undefined> {
    return this.db
      .selectFrom('proof_trees')
      .select(['id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'cutoff', 'total_usd'])
      .where('day', '=', day)
      .executeTakeFirst();
  }

  /** Every figure of the report of the proof's day, read in one REPEATABLE READ snapshot. */
  private async compute(proof: ProofOfDay) {
    const settings = await this.settings.all();
    const capMultiplier = parseUnits(settings.earningCapMultiplier);
    const ctoPercent = parseUnits(settings.ctoPoolPercent);
    return this.fresh((db) =>
      db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (tx) => {
          const members = await memberFigures(tx, proof.cutoff, capMultiplier);
          const windows = await flowWindows(tx, proof.day);
          const income = await incomeSplit(tx, proof.day);
          const averages = await averagesOf(tx, proof.day, {
            owed: members.owed,
            principal: members.principal,
          });
          const reserves = await reservesOf(tx, proof.id);
          const startTree = await windowStartTree(tx, proof.day);
          const startReserves = startTree === null ? null : (await reservesOf(tx, startTree)).total;
          const input = {
            day: proof.day,
            reserves: reserves.total,
            owed: members.owed,
            principal: members.principal,
            headroom: members.headroom,
            capMultiplier,
            ctoPercent,
            last30: windows.last_30,
            prior30: windows.prior_30,
            owedAverage: averages.owed,
            principalAverage: averages.principal,
          };
          const runs = solvencyScenarios.map((s) => projectRunway(input, s));
          const trend = runs[0];
          const stopped = runs[2];
          if (!trend || !stopped) throw new Error('runway scenarios missing');
          const l30 = windows.last_30;
          const payouts = l30.withdrawals + l30.principal_withdrawals;
          return {
            cutoff: proof.cutoff,
            owed_now: members.owed,
            proof_total: proof.total_usd,
            principal: members.principal,
            earnable_roi: members.roiRoom,
            earnable_referral: members.headroom - members.roiRoom,
            cto_bound: trend.cto,
            reserves: reserves.total,
            reserves_unavailable: JSON.stringify(
              reserves.unavailable.map((u) => ({ chain_id: u.chain_id, reason: u.reason })),
            ),
            days_covered_stopped: stopped.daysCovered,
            flows: JSON.stringify({
              last_7: textOf(windows.last_7),
              prior_7: textOf(windows.prior_7),
              last_30: textOf(windows.last_30),
              prior_30: textOf(windows.prior_30),
              growth_7: growthOf(windows.last_7, windows.prior_7),
              growth_30: growthOf(l30, windows.prior_30),
            }),
            runway: JSON.stringify(
              runs.map(
                (r): SolvencyScenario => ({
                  scenario: r.scenario,
                  first_short_day: r.firstShortDay,
                  days_covered: r.daysCovered,
                  points: pointsOf(r),
                }),
              ),
            ),
            health: JSON.stringify({
              paid_rate: ratio(payouts, l30.deposits),
              new_money_dependence:
                startReserves === null || payouts === 0n
                  ? null
                  : ratio(payouts > startReserves ? payouts - startReserves : 0n, payouts),
              recruitment_share: ratio(income.referral, income.all),
              gini: members.giniDen === 0n ? null : ratio(members.giniNum, members.giniDen),
              under_water_share: ratio(BigInt(members.underWater), BigInt(members.depositors)),
            }),
            cohorts: JSON.stringify(
              members.cohorts.map((c) => ({
                join_month: c.join_month,
                members: c.members,
                deposited: formatUnits(c.deposited),
                withdrawn: formatUnits(c.withdrawn),
                held: formatUnits(c.held),
                net: formatUnits(c.withdrawn + c.held - c.deposited),
                under_water: c.under_water,
              })),
            ),
            threshold_days: settings.solvencyRunwayAlertDays,
            computed_at: new Date(),
          };
        }),
    );
  }

  /** Coverage (R / L0) of each of the last days' reports up to `day`, newest first. */
  private async coverageFallingDays(day: string): Promise<number> {
    const rows = await this.db
      .selectFrom('solvency_reports')
      .select(['day', 'reserves', 'owed_now'])
      .where('day', '<=', day)
      .orderBy('day', 'desc')
      .limit(COVERAGE_FALLING_DAYS + 1)
      .execute();
    let falling = 0;
    for (let i = 0; i + 1 < rows.length; i++) {
      const [a, b] = [rows[i], rows[i + 1]];
      if (!a || !b) break;
      // Consecutive days only, each strictly below the day before: a.reserves / a.owed < b.reserves / b.owed.
      const gap = (Date.parse(String(a.day)) - Date.parse(String(b.day))) / 86_400_000;
      if (gap !== 1 || a.owed_now === 0n || b.owed_now === 0n) break;
      if (a.reserves * b.owed_now < b.reserves * a.owed_now) falling++;
      else break;
    }
    return falling;
  }

  /** The report as the API answers it. */
  async reportOf(row: ReportRow): Promise<SolvencyReport> {
    const day = dayText(row.day);
    const falling = await this.coverageFallingDays(day);
    const runwayBelow = row.days_covered_stopped < row.threshold_days;
    return {
      day,
      cutoff: row.cutoff.toISOString(),
      owed_now: formatUnits(row.owed_now),
      proof_total: formatUnits(row.proof_total),
      owed_matches_proof: row.owed_now === row.proof_total,
      principal: formatUnits(row.principal),
      earnable: {
        total: formatUnits(row.earnable_roi + row.earnable_referral),
        roi: formatUnits(row.earnable_roi),
        referral: formatUnits(row.earnable_referral),
        cto_bound: formatUnits(row.cto_bound),
      },
      reserves: formatUnits(row.reserves),
      reserves_unavailable: row.reserves_unavailable as SolvencyReport['reserves_unavailable'],
      coverage: ratioOf(row.reserves, row.owed_now),
      flows: row.flows as SolvencyReport['flows'],
      runway: row.runway as SolvencyReport['runway'],
      health: row.health as SolvencyReport['health'],
      cohorts: row.cohorts as SolvencyReport['cohorts'],
      alert: {
        threshold_days: row.threshold_days,
        runway_below: runwayBelow,
        coverage_falling_days: falling,
        active: runwayBelow || falling >= COVERAGE_FALLING_DAYS,
      },
      computed_at: row.computed_at.toISOString(),
    };
  }

  /** The report of `day` (the latest when none) and the history of the year before it, oldest first. */
  async read(day?: string): Promise<{ report: SolvencyReport | null; history: SolvencyHistoryPoint[] }> {
    let q = this.db.selectFrom('solvency_reports').selectAll();
    q = day ? q.where('day', '=', day) : q.orderBy('day', 'desc').limit(1);
    const row = await q.executeTakeFirst();
    if (!row) {
      if (day) throw notFound(`There is no solvency report for ${day}.`);
      return { report: null, history: [] };
    }
    const history = await this.db
      .selectFrom('solvency_reports')
      .select(['day', 'owed_now', 'reserves', 'days_covered_stopped'])
      .where('day', '<=', row.day)
      .orderBy('day', 'desc')
      .limit(365)
      .execute();
    return {
      report: await this.reportOf(row),
      history: history.reverse().map((h) => ({
        day: dayText(h.day),
        owed_now: formatUnits(h.owed_now),
        reserves: formatUnits(h.reserves),
        coverage: ratioOf(h.reserves, h.owed_now),
        days_covered_stopped: h.days_covered_stopped,
      })),
    };
  }

  /** The latest report's public figures: coverage and the no-new-money runway against the threshold. */
  async published(): Promise<SolvencyPublicResponse> {
    const row = await this.db
      .selectFrom('solvency_reports')
      .select([
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        'owed_now',
        'reserves',
        'reserves_unavailable',
        'days_covered_stopped',
        'threshold_days',
        sql<string | null>`(SELECT x ->> 'first_short_day' FROM jsonb_array_elements(runway) x
                             WHERE x ->> 'scenario' = 'stopped')`.as('first_short_day'),
      ])
      .orderBy('day', 'desc')
      .limit(1)
      .executeTakeFirst();
    const threshold = (await this.settings.all()).solvencyRunwayAlertDays;
    if (!row)
      return {
        day: null,
        owed_now: null,
        reserves: null,
        coverage: null,
        days_covered_stopped: null,
        first_short_day: null,
        reserves_partial: false,
        threshold_days: threshold,
        below_threshold: false,
      };
    return {
      day: row.day,
      owed_now: formatUnits(row.owed_now),
      reserves: formatUnits(row.reserves),
      coverage: ratioOf(row.reserves, row.owed_now),
      days_covered_stopped: row.days_covered_stopped,
      first_short_day: row.first_short_day,
      reserves_partial: Array.isArray(row.reserves_unavailable) && row.reserves_unavailable.length > 0,
      threshold_days: row.threshold_days,
      below_threshold: row.days_covered_stopped < row.threshold_days,
    };
  }

  /**
   * Opens the owners' alert when the report says so (mailing every owner once, when it opens), and closes it when the
   * latest report no longer does. Only the latest day's report decides (recomputing a past day changes nothing).
   */
  private async alert(report: SolvencyReport): Promise<void> {
    const latest = await this.db
      .selectFrom('solvency_reports')
      .select(sql<string>`to_char(max(day), 'YYYY-MM-DD')`.as('day'))
      .executeTakeFirst();
    if (latest?.day !== report.day) return;
    const a = report.alert;
    if (!a.active) {
      await resolveStaffAlert(this.db, ALERT_KEY);
      return;
    }
    const stopped = report.runway.find((r) => r.scenario === 'stopped');
    const unproven =
      report.reserves === formatUnits(0n)
        ? ' No reserves are proven on chain at the cut-off (add and prove the reserve addresses, or read the chains again).'
        : '';
    const why = a.runway_below
      ? `With no new money the reserves pay withdrawals for ${stopped?.days_covered ?? 0} days (until ${stopped?.first_short_day ?? 'after a year'}), below the alert threshold of ${a.threshold_days} days.`
      : `Coverage (reserves / what is owed) has fallen ${a.coverage_falling_days} days in a row, to ${report.coverage ?? 'n/a'}.`;
    const message = `Solvency warning (${report.day}): ${why}${unproven}`;
    // The warning's webhook event (decision 0072) is written with the alert it opens, once per opening.
    const alert = await this.db.transaction().execute(async (tx) => {
      const opened = await openStaffAlert(tx, {
        kind: 'solvency',
        dedupeKey: ALERT_KEY,
        message,
        link: '/admin/solvency',
      });
      if (opened.opened)
        await emit(tx, 'solvency.warning', {
          day: report.day,
          message,
          days_covered_stopped: stopped?.days_covered ?? null,
          threshold_days: a.threshold_days,
          coverage: report.coverage,
          owed_now: report.owed_now,
          reserves: report.reserves,
          asset: 'USD',
        });
      return opened;
    });
    if (!(await markStaffAlertMailed(this.db, alert.id))) return;
    if (!this.mailer) return;
    for (const to of await ownerEmails(this.db))
      await this.mailer
        .send({
          to,
          subject: 'SocialGenX solvency warning',
          text: `${message}\n\nOwed now: ${report.owed_now} USD. Reserves: ${report.reserves} USD. Principal of active plans: ${report.principal} USD.\nThe report: /admin/solvency. The warning stays on the back-office until the figures recover.`,
        })
        .catch((err: unknown) => this.warn({ err, to }, 'solvency warning not mailed'));
  }
}

/** (last - prior) / prior of every line of two windows. */
function growthOf(last: FlowWindow, prior: FlowWindow): Record<keyof FlowWindow, string | null> {
  const keys = Object.keys(last) as (keyof FlowWindow)[];
  return Object.fromEntries(keys.map((k) => [k, ratio(last[k] - prior[k], prior[k])])) as Record<
    keyof FlowWindow,
    string | null
  >;
}

function textOf(w: Record<string, bigint>): Record<string, string> {
  return Object.fromEntries(Object.entries(w).map(([k, v]) => [k, formatUnits(v)]));
}
