import { describe, expect, it } from 'vitest';
import { capCut, fidelity, kindTotals, type Paid, type Replayed, topChanges } from './simulation.compare';

/** The simulation's comparisons worked out by hand (simulation.compare.ts). */

const r = (member: number, type: string, paid: bigint, cut = false): Replayed => ({
  member,
  type,
  paid,
  cut,
});

describe('the comparisons of a simulation', () => {
  const actual: Paid[] = [
    { member: 1, type: 'roi_income', paid: 100n },
    { member: 1, type: 'level_month', paid: 30n },
    { member: 2, type: 'roi_income', paid: 50n },
    { member: 2, type: 'cto', paid: 9n },
  ];
  const current = [
    r(1, 'roi_income', 100n),
    r(1, 'level_month', 25n, true),
    r(2, 'roi_income', 50n),
    r(3, 'salary', 4n),
  ];
  const proposed = [
    r(1, 'roi_income', 200n, true),
    r(1, 'level_month', 25n, true),
    r(2, 'roi_income', 47n),
    r(3, 'salary', 4n),
  ];

  it('totals each kind: the ledger, and each replay with CTO carried as credited', () => {
    expect(kindTotals(actual, current, proposed)).toEqual([
      { kind: 'roi_income', actual: 150n, current: 150n, proposed: 247n },
      { kind: 'level_month', actual: 30n, current: 25n, proposed: 25n },
      { kind: 'direct_income', actual: 0n, current: 0n, proposed: 0n },
      { kind: 'salary', actual: 0n, current: 4n, proposed: 4n },
      { kind: 'reward', actual: 0n, current: 0n, proposed: 0n },
      { kind: 'cto', actual: 9n, current: 9n, proposed: 9n },
    ]);
  });

  it('counts the members the replay differs from the ledger for, on capped types only, and by how much', () => {
    // Member 1's level income is 5 short, member 3's salary 4 over; member 2's CTO is outside the cap.
    expect(fidelity(actual, current)).toEqual({ members: 2, difference: 9n });
    expect(
      fidelity(actual.slice(0, 3), [
        r(1, 'roi_income', 100n),
        r(1, 'level_month', 30n),
        r(2, 'roi_income', 50n),
      ]),
    ).toEqual({ members: 0, difference: 0n });
  });

  it('lists the members whose income changes most, larger changes first, then by member', () => {
    expect(topChanges(current, proposed)).toEqual([
      { member: 1, current: 125n, proposed: 225n },
      { member: 2, current: 50n, proposed: 47n },
    ]);
    const ties = [r(5, 'roi_income', 10n), r(4, 'roi_income', 10n), r(6, 'roi_income', 1n)];
    expect(topChanges([], ties, 2).map((x) => x.member)).toEqual([4, 5]);
  });

  it('counts the members the cap cut', () => {
    expect(capCut(current)).toBe(1);
    expect(capCut(proposed)).toBe(1);
    expect(
      capCut([r(1, 'roi_income', 1n, true), r(1, 'level_month', 1n, true), r(2, 'roi_income', 1n, true)]),
    ).toBe(2);
  });
});
