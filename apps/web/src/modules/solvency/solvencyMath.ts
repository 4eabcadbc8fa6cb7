import type {
  SolvencyCohort,
  SolvencyHistoryPoint,
  SolvencyScenario,
  SolvencyScenarioName,
  SolvencyWindow,
} from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { localiseDecimal } from '../../ui/format';
import { formatMoney } from '../../ui/moneyFormat';

/**
 * The solvency page's figures (decision 0068): the API's decimal texts shown exactly (bigint), and turned into numbers
 * only as chart coordinates. Ratios come as "0.8123" (four places), amounts as 10^-8 decimal text.
 */

/** The exact units of decimal text, or null when it is not an amount. */
export function unitsOf(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined || text === '') return null;
  try {
    return parseUnits(text);
  } catch {
    return null;
  }
}

/** A ratio as a percentage with `digits` places, in the reader's language: "0.8123" -> "81.23%"; null stays null. */
export function ratioPercent(ratio: string | null | undefined, digits = 2): string | null {
  const units = unitsOf(ratio);
  if (units === null) return null;
  return `${localiseDecimal(formatUnits(units * 100n, digits))}%`;
}

/** A growth ratio as a signed percentage: "0.1250" -> "+12.50%", "-0.5000" -> "-50.00%", "0.0000" -> "0.00%". */
export function growthPercent(ratio: string | null | undefined): string | null {
  const units = unitsOf(ratio);
  const text = ratioPercent(ratio);
  if (units === null || text === null) return null;
  return units > 0n ? `+${text}` : text;
}

/** A ratio shown as a plain decimal with `digits` places ("0.4123" -> "0.41"), for an index such as Gini. */
export function ratioDecimal(ratio: string | null | undefined, digits = 2): string | null {
  const units = unitsOf(ratio);
  return units === null ? null : localiseDecimal(formatUnits(units, digits));
}

/** a + b as decimal text, exactly (null when either is unreadable). */
export function addAmounts(a: string, b: string): string | null {
  const x = unitsOf(a);
  const y = unitsOf(b);
  return x === null || y === null ? null : formatUnits(x + y);
}

/** An amount as a chart coordinate in dollars: the only place a decimal text becomes a float (drawing only). */
export function plotValue(amount: string | null | undefined): number | null {
  const units = unitsOf(amount);
  return units === null ? null : Number(units) / 1e8;
}

/** A ratio as a chart coordinate in percent ("0.8123" -> 81.23), for drawing only. */
export function plotPercent(ratio: string | null | undefined): number | null {
  const units = unitsOf(ratio);
  return units === null ? null : Number(units) / 1e6;
}

/** An axis label for a dollar coordinate: whole dollars through the money formatter ("$1,235"). */
export function axisUsd(value: number): string {
  if (!Number.isFinite(value)) return '';
  return formatMoney(String(Math.round(value))).replace(/[.,]00$/, '');
}

/** An axis label for a percent coordinate ("81.2%"). */
export function axisPercent(value: number): string {
  if (!Number.isFinite(value)) return '';
  return `${localiseDecimal((Math.round(value * 10) / 10).toFixed(1))}%`;
}

/** An axis label for a count of days. */
export function axisDays(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value)) : '';
}

/** One point of a chart line: a calendar day and its coordinate (null: no value that day, drawn as a gap). */
export interface PlotPoint {
  time: string;
  value: number | null;
}

/** Points in strictly increasing day order (the chart refuses repeats and disorder); the last of a day wins. */
export function byDay(points: readonly PlotPoint[]): PlotPoint[] {
  const days = new Map<string, PlotPoint>();
  for (const p of points) if (/^\d{4}-\d{2}-\d{2}$/.test(p.time)) days.set(p.time, p);
  return [...days.values()].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

/** A scenario's two lines: the reserves, and what is owed plus the plans' principal. */
export function runwayLines(scenario: SolvencyScenario): { reserves: PlotPoint[]; owed: PlotPoint[] } {
  return {
    reserves: byDay(scenario.points.map((p) => ({ time: p.day, value: plotValue(p.reserves) }))),
    owed: byDay(
      scenario.points.map((p) => ({ time: p.day, value: plotValue(addAmounts(p.owed, p.principal)) })),
    ),
  };
}

/** The history's two lines: coverage in percent, and the no-new-money runway in days. */
export function historyLines(history: readonly SolvencyHistoryPoint[]): {
  coverage: PlotPoint[];
  days: PlotPoint[];
} {
  return {
    coverage: byDay(history.map((h) => ({ time: h.day, value: plotPercent(h.coverage) }))),
    days: byDay(history.map((h) => ({ time: h.day, value: h.days_covered_stopped }))),
  };
}

/** The scenarios in the order the page lists them, whatever order the answer has. */
export const scenarioOrder: readonly SolvencyScenarioName[] = ['trend', 'halved', 'stopped'];

export function sortScenarios(runway: readonly SolvencyScenario[]): SolvencyScenario[] {
  return [...runway].sort((a, b) => scenarioOrder.indexOf(a.scenario) - scenarioOrder.indexOf(b.scenario));
}

/** One cohort's bar: its length in per mille of the largest net position (either sign), exactly. */
export interface CohortBar {
  month: string;
  net: string;
  /** -1000..1000: the share of the half-width the bar takes, left of the axis when negative. */
  perMille: number;
  negative: boolean;
}

export function cohortBars(cohorts: readonly SolvencyCohort[]): CohortBar[] {
  const nets = cohorts.map((c) => unitsOf(c.net) ?? 0n);
  const largest = nets.reduce((m, v) => {
    const a = v < 0n ? -v : v;
    return a > m ? a : m;
  }, 0n);
  return [...cohorts]
    .map((c, i) => ({ c, net: nets[i] ?? 0n }))
    .sort((a, b) => (a.c.join_month < b.c.join_month ? -1 : a.c.join_month > b.c.join_month ? 1 : 0))
    .map(({ c, net }) => ({
      month: c.join_month,
      net: c.net,
      perMille: largest === 0n ? 0 : Number((net * 1000n) / largest),
      negative: net < 0n,
    }));
}

/** The flows table's lines, in the order they are shown. */
export const flowKeys: readonly (keyof SolvencyWindow)[] = [
  'deposits',
  'plans',
  'roi',
  'team',
  'withdrawals',
  'principal_withdrawals',
];
