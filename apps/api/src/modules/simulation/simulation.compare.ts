import { cappedIncomeTypes } from '../ledger/income-types';

/**
 * The simulation's comparisons (decision 0069), in memory: the ledger's credits of the window against the replay under
 * the rules in force (the fidelity) and the replays against each other (per kind, per member, at the cap). Pure: the
 * rows are what replay-load.ts read and replay-engine.ts paid.
 */

/** One member's income of one type: the ledger's credits or a replay's payments. */
export type Paid = { member: number; type: string; paid: bigint };
/** One member's replayed income of one type, and whether the cap cut it. */
export type Replayed = Paid & { cut: boolean };

/** The kinds compared, and those the replay computes from their rule (the rest are carried over as observed). */
export const kinds = ['roi_income', 'level_month', 'direct_income', 'salary', 'reward', 'cto'] as const;
export const replayedKinds = ['roi_income', 'level_month', 'direct_income'] as const;

export type KindTotal = { kind: (typeof kinds)[number]; actual: bigint; current: bigint; proposed: bigint };

/**
 * A number naming (member, type) (a string key per row costs a third of a second at 100,000 members): the member
 * times 64 plus the type's index in `types`, which it extends.
 */
export function memberTypeKey(types: Map<string, number>, member: number, type: string): number {
  let i = types.get(type);
  if (i === undefined) {
    i = types.size;
    if (i >= 64) throw new Error('more than 64 income types');
    types.set(type, i);
  }
  return member * 64 + i;
}

const sumBy = (rows: Paid[], type: string) => rows.reduce((a, r) => (r.type === type ? a + r.paid : a), 0n);

/** Per kind: the ledger's credits, and each replay's (CTO, outside the cap, carried as credited). */
export function kindTotals(actual: Paid[], current: Replayed[], proposed: Replayed[]): KindTotal[] {
  return kinds.map((kind) => {
    const credited = sumBy(actual, kind);
    return {
      kind,
      actual: credited,
      current: kind === 'cto' ? credited : sumBy(current, kind),
      proposed: kind === 'cto' ? credited : sumBy(proposed, kind),
    };
  });
}

/** The replay under the rules in force against the ledger, per member and capped type: who differs, by how much. */
export function fidelity(actual: Paid[], current: Replayed[]): { members: number; difference: bigint } {
  const capped = new Set<string>(cappedIncomeTypes);
  const types = new Map<string, number>();
  const d = new Map<number, { member: number; d: bigint }>();
  const add = (r: Paid, sign: bigint) => {
    const key = memberTypeKey(types, r.member, r.type);
    const x = d.get(key) ?? { member: r.member, d: 0n };
    x.d += sign * r.paid;
    d.set(key, x);
  };
  for (const r of actual) if (capped.has(r.type)) add(r, -1n);
  for (const r of current) add(r, 1n);
  const members = new Set<number>();
  let difference = 0n;
  for (const x of d.values()) {
    if (x.d === 0n) continue;
    members.add(x.member);
    difference += x.d < 0n ? -x.d : x.d;
  }
  return { members: members.size, difference };
}

/** The `n` members whose replayed income changes most (by the change's size, then member), current and proposed. */
export function topChanges(
  current: Replayed[],
  proposed: Replayed[],
  n = 20,
): { member: number; current: bigint; proposed: bigint }[] {
  const per = new Map<number, { member: number; current: bigint; proposed: bigint }>();
  const at = (member: number) => {
    let x = per.get(member);
    if (!x) {
      x = { member, current: 0n, proposed: 0n };
      per.set(member, x);
    }
    return x;
  };
  for (const r of current) at(r.member).current += r.paid;
  for (const r of proposed) at(r.member).proposed += r.paid;
  const size = (x: { current: bigint; proposed: bigint }) =>
    x.proposed > x.current ? x.proposed - x.current : x.current - x.proposed;
  return [...per.values()]
    .filter((x) => x.current !== x.proposed)
    .sort((a, b) => {
      const sa = size(a);
      const sb = size(b);
      return sa > sb ? -1 : sa < sb ? 1 : a.member - b.member;
    })
    .slice(0, n);
}

/** How many members the cap cut in a replay. */
export const capCut = (rows: Replayed[]): number =>
  new Set(rows.filter((r) => r.cut).map((r) => r.member)).size;
