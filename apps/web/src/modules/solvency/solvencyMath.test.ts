import type { SolvencyCohort, SolvencyScenario } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  axisUsd,
  byDay,
  cohortBars,
  growthPercent,
  historyLines,
  plotPercent,
  plotValue,
  ratioDecimal,
  ratioPercent,
  runwayLines,
  sortScenarios,
} from './solvencyMath';

/** The solvency page's figures (decision 0068): exact text in, exact text out; numbers only as chart coordinates. */
describe('ratios as people read them', () => {
  it('shows a ratio as a percentage, exactly', () => {
    expect(ratioPercent('0.8123')).toBe('81.23%');
    expect(ratioPercent('1.0000')).toBe('100.00%');
    expect(ratioPercent('12.3456')).toBe('1,234.56%');
    expect(ratioPercent('-0.0050')).toBe('-0.50%');
    expect(ratioPercent(null)).toBeNull();
    expect(ratioPercent('nonsense')).toBeNull();
  });

  it('signs a growth and keeps an index as a decimal', () => {
    expect(growthPercent('0.1250')).toBe('+12.50%');
    expect(growthPercent('-0.5000')).toBe('-50.00%');
    expect(growthPercent('0.0000')).toBe('0.00%');
    expect(growthPercent(null)).toBeNull();
    expect(ratioDecimal('0.4150')).toBe('0.42');
    expect(ratioDecimal(null)).toBeNull();
  });

  it('adds amounts exactly', () => {
    expect(addAmounts('0.10000000', '0.20000000')).toBe('0.30000000');
    expect(addAmounts('123456789.12345678', '0.00000001')).toBe('123456789.12345679');
    expect(addAmounts('1', 'x')).toBeNull();
  });
});

describe('chart coordinates', () => {
  it('turns amounts and ratios into numbers for drawing only', () => {
    expect(plotValue('1234.50000000')).toBe(1234.5);
    expect(plotValue(null)).toBeNull();
    expect(plotPercent('0.8123')).toBeCloseTo(81.23, 10);
    expect(axisUsd(1234.4)).toBe('$1,234');
    expect(axisUsd(Number.NaN)).toBe('');
  });

  it('orders days and keeps the last value of a repeated day', () => {
    expect(
      byDay([
        { time: '2026-11-03', value: 3 },
        { time: '2026-11-01', value: 1 },
        { time: '2026-11-03', value: 4 },
        { time: 'bad', value: 9 },
      ]),
    ).toEqual([
      { time: '2026-11-01', value: 1 },
      { time: '2026-11-03', value: 4 },
    ]);
  });

  it("draws a scenario's reserves against what is owed plus principal", () => {
    const scenario: SolvencyScenario = {
      scenario: 'stopped',
      first_short_day: null,
      days_covered: 365,
      points: [
        { day: '2026-11-02', reserves: '90.00000000', owed: '50.00000000', principal: '30.00000000' },
        { day: '2026-11-01', reserves: '100.00000000', owed: '60.00000000', principal: '30.50000000' },
      ],
    };
    expect(runwayLines(scenario)).toEqual({
      reserves: [
        { time: '2026-11-01', value: 100 },
        { time: '2026-11-02', value: 90 },
      ],
      owed: [
        { time: '2026-11-01', value: 90.5 },
        { time: '2026-11-02', value: 80 },
      ],
    });
  });

  it('leaves a gap where coverage is unknown', () => {
    const lines = historyLines([
      { day: '2026-11-01', owed_now: '0', reserves: '0', coverage: null, days_covered_stopped: 365 },
      { day: '2026-11-02', owed_now: '1', reserves: '1', coverage: '1.0000', days_covered_stopped: 200 },
    ]);
    expect(lines.coverage).toEqual([
      { time: '2026-11-01', value: null },
      { time: '2026-11-02', value: 100 },
    ]);
    expect(lines.days.map((p) => p.value)).toEqual([365, 200]);
  });

  it('lists the scenarios trend, halved, stopped', () => {
    const s = (scenario: SolvencyScenario['scenario']): SolvencyScenario => ({
      scenario,
      first_short_day: null,
      days_covered: 365,
      points: [],
    });
    expect(sortScenarios([s('stopped'), s('trend'), s('halved')]).map((x) => x.scenario)).toEqual([
      'trend',
      'halved',
      'stopped',
    ]);
  });
});

describe('cohort bars', () => {
  const cohort = (join_month: string, net: string): SolvencyCohort => ({
    join_month,
    members: 1,
    deposited: '0',
    withdrawn: '0',
    held: '0',
    net,
    under_water: 0,
  });

  it('scales each bar exactly to the largest net position of either sign, by month', () => {
    expect(
      cohortBars([
        cohort('2026-10', '-200.00000000'),
        cohort('2026-09', '50.00000000'),
        cohort('2026-11', '0'),
      ]),
    ).toEqual([
      { month: '2026-09', net: '50.00000000', perMille: 250, negative: false },
      { month: '2026-10', net: '-200.00000000', perMille: -1000, negative: true },
      { month: '2026-11', net: '0', perMille: 0, negative: false },
    ]);
  });

  it('draws nothing when every cohort is at zero', () => {
    expect(cohortBars([cohort('2026-10', '0.00000000')])[0]?.perMille).toBe(0);
  });
});
