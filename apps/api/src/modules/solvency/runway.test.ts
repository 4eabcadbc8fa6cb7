import { UNIT } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { addDays, projectRunway, type RunwayInput, ratio, trendOn } from './runway';

const none = { deposits: 0n, plans: 0n, roi: 0n, team: 0n, withdrawals: 0n, principal_withdrawals: 0n };
/**
 * A small economy computed by hand: 20 in reserves, 500 owed, 1,000 of principal, 3,000 of headroom. Over the last
 * 30 days members deposited 300 and bought 300 of plans, claimed 60 of ROI and earned 30 from their teams, and
 * withdrew 150 while 500 was owed on average: each day they withdraw 1 % of what is owed (150 / 30 / 500).
 */
const economy: RunwayInput = {
  day: '2026-11-25',
  reserves: 20n,
  owed: 500n,
  principal: 1000n,
  headroom: 3000n,
  capMultiplier: 3n * UNIT,
  ctoPercent: 0n,
  last30: { deposits: 300n, plans: 300n, roi: 60n, team: 30n, withdrawals: 150n, principal_withdrawals: 0n },
  prior30: none,
  owedAverage: 500n,
  principalAverage: 1000n,
  horizon: 10,
};

describe('the runway (decision 0068), computed by hand', () => {
  it('with no new money: 3 of income a day, 1 % of what is owed withdrawn, short on the fifth day', () => {
    const r = projectRunway(economy, 'stopped');
    // day 0: withdraw floor(500 / 100) = 5 -> reserves 15, owed 500 + 3 - 5 = 498
    // day 1: floor(4.98) = 4 -> 11, 497; day 2: 4 -> 7, 496; day 3: 4 -> 3, 495
    // day 4: 4 due, 3 held: short; 3 paid -> reserves 0, owed 495 + 3 - 3 = 495
    expect(r.points.slice(0, 5).map((p) => [p.reserves, p.owed])).toEqual([
      [15n, 498n],
      [11n, 497n],
      [7n, 496n],
      [3n, 495n],
      [0n, 495n],
    ]);
    expect(r.firstShortDay).toBe('2026-11-29');
    expect(r.daysCovered).toBe(4);
    // Principal: nobody withdrew any, so none leaves; no plans are bought.
    expect(r.points.every((p) => p.principal === 1000n)).toBe(true);
  });

  it('at trend (flat without a prior window): 10 deposited and 10 of plans a day keep it paying', () => {
    const r = projectRunway(economy, 'trend');
    // day 0: 20 + 10 in, 5 out -> 25; owed 500 + 10 - 10 + 3 - 5 = 498; principal 1010
    expect(r.points[0]).toEqual({ day: '2026-11-25', reserves: 25n, owed: 498n, principal: 1010n });
    // day 1: 25 + 10 - 4 -> 31; owed 498 + 3 - 4 = 497
    expect(r.points[1]).toEqual({ day: '2026-11-26', reserves: 31n, owed: 497n, principal: 1020n });
    expect(r.firstShortDay).toBeNull();
    expect(r.daysCovered).toBe(10);
  });

  it('halved: 5 a day in, the reserves still grow', () => {
    const r = projectRunway(economy, 'halved');
    expect(r.points[0]).toEqual({ day: '2026-11-25', reserves: 20n, owed: 498n, principal: 1005n });
    expect(r.points[1]?.reserves).toBe(21n);
    expect(r.firstShortDay).toBeNull();
  });

  it('income stops at the headroom, and new plans raise it by their cap', () => {
    const r = projectRunway({ ...economy, reserves: 10_000n, headroom: 7n, horizon: 4 }, 'stopped');
    // income 3, 3, then 1 (the headroom left), then 0; withdrawals 5, 4, 4, 4
    expect(r.points.map((p) => p.owed)).toEqual([498n, 497n, 494n, 490n]);
    const trend = projectRunway({ ...economy, reserves: 10_000n, headroom: 0n, horizon: 2 }, 'trend');
    // day 0: no headroom, no income; 10 of plans raise it by 30, so day 1 pays 3
    expect(trend.points.map((p) => p.owed)).toEqual([495n, 494n]);
  });

  it("CTO outside the cap: its pool percent of the day's new plans", () => {
    const r = projectRunway({ ...economy, reserves: 10_000n, ctoPercent: 10n * UNIT, horizon: 3 }, 'trend');
    expect(r.cto).toBe(3n);
    expect(projectRunway({ ...economy, ctoPercent: 10n * UNIT, horizon: 3 }, 'stopped').cto).toBe(0n);
  });

  it('principal leaves at its observed share', () => {
    const r = projectRunway(
      {
        ...economy,
        reserves: 10_000n,
        last30: { ...economy.last30, principal_withdrawals: 300n },
        horizon: 2,
      },
      'stopped',
    );
    // 300 / 30 / 1000 = 1 % a day: 10 then floor(990 / 100) = 9
    expect(r.points.map((p) => p.principal)).toEqual([990n, 981n]);
    expect(r.points.map((p) => p.reserves)).toEqual([10_000n - 5n - 10n, 10_000n - 15n - 4n - 9n]);
  });
});

describe('the trend of a 30-day total', () => {
  it('moves by 1/30 of the change between the two windows each day, never below 0', () => {
    expect(trendOn(300n, 150n, 0)).toBe(10n); // (9000 + 150) / 900
    expect(trendOn(300n, 150n, 29)).toBe(15n); // (9000 + 4500) / 900
    expect(trendOn(300n, 150n, 59)).toBe(20n);
    expect(trendOn(150n, 300n, 59)).toBe(0n);
    expect(trendOn(300n, 0n, 100)).toBe(10n);
  });
});

describe('ratio', () => {
  it('four places, half away from zero, null on zero', () => {
    expect(ratio(1n, 3n)).toBe('0.3333');
    expect(ratio(2n, 3n)).toBe('0.6667');
    expect(ratio(-1n, 8n)).toBe('-0.1250');
    expect(ratio(5n, 2n)).toBe('2.5000');
    expect(ratio(1n, 0n)).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
