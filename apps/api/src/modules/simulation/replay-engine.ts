import { maxUnits as max, minUnits as min, mulUnits, percentOf } from '@sgx/money';

/**
 * The plan-change simulator's replay (decision 0069, "The replay in the app"): the real history of a window paid
 * again under rule versions, in memory, from what replay-load.ts reads. Pure: no database, and no time read but its
 * own running time (to give the event loop turns).
 *
 * Every member's capped income is one sequence in time order (at, then the event's reference, then ROI, level, direct,
 * carried): their ROI claims (their active plan at the claim x the rate of the plan their claims read), the level
 * income of their downlines' claims (what the replay paid the downline's claim x the level's rate, once their active
 * directs unlock the level), the direct income of their directs' plans and the salary and rewards credited to them
 * (carried at their recorded due). The sequence falls into segments where a plan bought or ended, or a new version,
 * moves the cap. Within a segment the cap pays each event min(cap, E + S_i) - min(cap, E + S_(i-1)), never below what
 * was earned, S the cumulative dues and E what was earned when the segment began. Reaching the cap closes the
 * member's ROI and level income until they buy a plan; a member at their cap when the window begins is closed; a
 * closed segment pays its direct and carried income only.
 *
 * Dependencies point up the tree only (a member's level income is what their downlines' claims were paid), so the
 * members are paid deepest first, once each: when a member is paid, every claim below them is settled.
 *
 * The shape for size: a member's claims are pieces (consecutive claims paid the same, in one version), so a level's
 * due from a piece is a count times one rounded amount; a segment whose dues fit under its cap is paid in full, one
 * that begins at the cap pays nothing, and only a segment the cap crosses is searched: the step (`bucket`, a day) in
 * which its dues pass the room left is found by halving, and only that step's events are listed in order.
 *
 * It gives the event loop a turn every 20 ms, so a replay of a large window does not stall the requests the
 * instance serves meanwhile.
 */

/** Offsets in microseconds from the window's start (-Infinity, Infinity for open ends). */
export type Micros = number;

export type EngineVersion = {
  from: Micros;
  cap: bigint;
  levelRates: (bigint | null)[];
  levelUnlock: (number | null)[];
  roiOn: boolean;
  levelOn: boolean;
  directOn: boolean;
  /** Per plan id: the daily ROI and the sponsor bonus, in units (the version's, or the plans table's). */
  roiDay: Map<number, bigint>;
  sponsorBonus: Map<number, bigint>;
};

/** A single event that is a row already: a direct income (ord 3) or a carried credit (ord 4). */
export type FixEvent = { at: Micros; ref: number; ord: 3 | 4; kind: string; due: bigint; eff: bigint };

/** A plan a direct bought in the window (its sponsor bonus is the sponsor's direct income). */
export type DirectPlan = { at: Micros; ref: number; amount: bigint; planId: number | null; refused: boolean };

export type EngineMember = {
  id: number;
  sponsor: number | null;
  /** The active plan at the window's start, and the plan whose rate the claims read then. */
  plan0: bigint;
  planId0: number | null;
  /** Earnings towards the cap at the window's start. */
  earned0: bigint;
  /** Active directs at the start, and when directs became active since (sorted). */
  d0: number;
  acts: Micros[];
  /** When the plan moved in the window (sorted): the active plan after, the plan bought (null: a plan ended). */
  segTimes: Micros[];
  segPlans: bigint[];
  segPlanIds: (number | null)[];
  /** The claims of the window not refused by the member's state, sorted by time then id. */
  claimTs: Float64Array;
  claimIds: Float64Array;
  /** Claim position -> bit (1 << level) of the levels whose upline's state refused the claim's level income. */
  levelRefused: Map<number, number> | null;
  /** The plans their directs bought in the window, and the salary and rewards credited to them (carried). */
  directs: DirectPlan[];
  carried: FixEvent[];
};

const NO_CLAIMS = new Float64Array(0);

/** A member as of the window's start with no history in it yet: the loader and the tests add what happened. */
export function memberAtStart(
  start: Pick<EngineMember, 'id' | 'sponsor' | 'plan0' | 'planId0' | 'earned0' | 'd0'>,
): EngineMember {
  // Fields named one by one (a spread makes a slow object) and one shared empty array for no claims (claims are
  // replaced, never written into): a hundred thousand members in a tenth of the time.
  return {
    id: start.id,
    sponsor: start.sponsor,
    plan0: start.plan0,
    planId0: start.planId0,
    earned0: start.earned0,
    d0: start.d0,
    acts: [],
    segTimes: [],
    segPlans: [],
    segPlanIds: [],
    claimTs: NO_CLAIMS,
    claimIds: NO_CLAIMS,
    levelRefused: null,
    directs: [],
    carried: [],
  };
}

export type EngineInput = {
  versions: EngineVersion[];
  /** The window's length, and the width of the steps the cap's crossing is searched by. */
  span: Micros;
  bucket: Micros;
  members: EngineMember[];
};

export type EngineRow = { memberId: number; incomeType: string; due: bigint; paid: bigint; cut: boolean };

const typeOf: Record<string, string> = { roi: 'roi_income', level: 'level_month', direct: 'direct_income' };

/** Number of elements of sorted `a` that are < x (lower) or <= x (upper). */
function lower(a: ArrayLike<number>, x: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function upper(a: ArrayLike<number>, x: number, lo = 0, hi = a.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A member's paid claims: positions [a, b) of their claims, each paid `pay`, all in version `vn`. */
type Piece = { a: number; b: number; pay: bigint; vn: number };

/** Claims [a, b) of member `src` due to an upline at level `lvl`, each `amt` (refused positions excluded). */
type LevelRow = { src: number; lvl: number; a: number; b: number; amt: bigint };

type Pair = {
  seg: number;
  vn: number;
  cap: bigint;
  /** Own claims [ownA, ownB), each due `roi`. */
  ownA: number;
  ownB: number;
  roi: bigint;
  rows: LevelRow[];
  fix: FixEvent[];
  levelDue: bigint;
  dsum: bigint;
  dfix: bigint;
};

type Event = { at: Micros; ref: number; ord: number; lvl: number; kind: string; eff: bigint; pos: number };

/** The longest the replay works before giving the event loop a turn (it must not stall the instance's requests). */
const TURN_MS = 20;

export async function runReplay(input: EngineInput): Promise<EngineRow[]> {
  const { versions, members, span, bucket } = input;
  const n = members.length;
  const index = new Map<number, number>();
  for (const [i, m] of members.entries()) index.set(m.id, i);
  const vFrom = versions.map((v) => v.from);
  const versionAt = (t: Micros) => Math.max(0, upper(vFrom, t) - 1);
  const vUntil = (vn: number) => vFrom[vn + 1] ?? Infinity;

  // The tree: each member's directs, and the order deepest first.
  const sponsorIdx = new Int32Array(n).fill(-1);
  const childCount = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const s = members[i]?.sponsor;
    const j = s == null ? undefined : index.get(s);
    if (j !== undefined) {
      sponsorIdx[i] = j;
      childCount[j + 1] = (childCount[j + 1] as number) + 1;
    }
  }
  for (let i = 0; i < n; i++) childCount[i + 1] = (childCount[i + 1] as number) + (childCount[i] as number);
  const childStart = childCount;
  const children = new Int32Array(childStart[n] as number);
  const fill = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = sponsorIdx[i] as number;
    if (s >= 0) children[(childStart[s] as number) + (fill[s] as number)++] = i;
  }
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (sponsorIdx[i] === -1) order.push(i);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    for (let c = childStart[i] as number; c < (childStart[i + 1] as number); c++)
      order.push(children[c] as number);
  }
  const pieces: (Piece[] | undefined)[] = new Array(n);
  const out: EngineRow[] = [];

  const planOf = (m: EngineMember, seg: number) => (seg === 0 ? m.plan0 : (m.segPlans[seg - 1] as bigint));
  const planIdOf = (m: EngineMember, seg: number) =>
    seg === 0 ? m.planId0 : (m.segPlanIds[seg - 1] ?? null);
  const roiDueOf = (m: EngineMember, seg: number, vn: number): bigint => {
    const v = versions[vn] as EngineVersion;
    const id = planIdOf(m, seg);
    const rate = id === null ? undefined : v.roiDay.get(id);
    return v.roiOn && rate !== undefined ? percentOf(planOf(m, seg), rate) : 0n;
  };
  const unlockAt = (m: EngineMember, need: number): Micros =>
    m.d0 >= need ? -Infinity : m.d0 + m.acts.length >= need ? (m.acts[need - m.d0 - 1] as number) : Infinity;

  let turn = performance.now();
  const pause = async () => {
    if (performance.now() - turn <= TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    turn = performance.now();
  };
  for (let k = order.length - 1; k >= 0; k--) {
    await pause();
    const i = order[k] as number;
    const m = members[i] as EngineMember;
    const ts = m.claimTs;
    const pairs = new Map<number, Pair>();
    const pairOf = (seg: number, vn: number): Pair => {
      const key = seg * versions.length + vn;
      let p = pairs.get(key);
      if (!p) {
        p = {
          seg,
          vn,
          cap: mulUnits(planOf(m, seg), (versions[vn] as EngineVersion).cap),
          ownA: 0,
          ownB: 0,
          roi: 0n,
          rows: [],
          fix: [],
          levelDue: 0n,
          dsum: 0n,
          dfix: 0n,
        };
        pairs.set(key, p);
      }
      return p;
    };
    const segAt = (t: Micros) => upper(m.segTimes, t);

    // Own claims, by (segment, version): contiguous runs, since both only grow with time.
    for (let a = 0; a < ts.length; ) {
      const t = ts[a] as number;
      const seg = segAt(t);
      const vn = versionAt(t);
      const end = Math.min(m.segTimes[seg] ?? Infinity, vUntil(vn));
      const b = lower(ts, end, a);
      if (b <= a)
        throw new Error(`The replay cannot order member ${m.id}'s claim at ${t} (segment ends ${end}).`);
      const p = pairOf(seg, vn);
      p.ownA = a;
      p.ownB = b;
      p.roi = roiDueOf(m, seg, vn);
      a = b;
    }
    // Level rows: every downline within ten levels, every piece of theirs, split where this member's segment moves.
    const stack: number[] = [];
    for (let c = childStart[i] as number; c < (childStart[i + 1] as number); c++)
      stack.push(children[c] as number, 1);
    for (let visits = 1; stack.length > 0; visits++) {
      if ((visits & 1023) === 0) await pause();
      const lvl = stack.pop() as number;
      const d = stack.pop() as number;
      if (lvl < 10) {
        for (let c = childStart[d] as number; c < (childStart[d + 1] as number); c++) {
          stack.push(children[c] as number, lvl + 1);
        }
      }
      const dp = pieces[d];
      if (!dp) continue;
      const dts = (members[d] as EngineMember).claimTs;
      for (const pc of dp) {
        const v = versions[pc.vn] as EngineVersion;
        const rate = v.levelRates[lvl - 1];
        const need = v.levelUnlock[lvl - 1];
        if (!v.levelOn || rate == null || need == null || rate <= 0n) continue;
        let a = Math.max(pc.a, lower(dts, unlockAt(m, need), pc.a, pc.b));
        if (a >= pc.b) continue;
        const amt = percentOf(pc.pay, rate);
        while (a < pc.b) {
          const seg = segAt(dts[a] as number);
          const b = Math.min(pc.b, lower(dts, m.segTimes[seg] ?? Infinity, a, pc.b));
          if (b <= a)
            throw new Error(`The replay cannot order member ${d}'s claim at ${dts[a]} for ${m.id}.`);
          pairOf(seg, pc.vn).rows.push({ src: d, lvl, a, b, amt });
          a = b;
        }
      }
    }
    for (const d of m.directs) {
      const vn = versionAt(d.at);
      const v = versions[vn] as EngineVersion;
      const bonus = d.planId === null ? undefined : v.sponsorBonus.get(d.planId);
      if (bonus === undefined) continue;
      const due = percentOf(d.amount, bonus);
      const eff = !v.directOn || d.refused ? 0n : due;
      pairOf(segAt(d.at), vn).fix.push({ at: d.at, ref: d.ref, ord: 3, kind: 'direct', due, eff });
    }
    for (const f of m.carried) pairOf(segAt(f.at), versionAt(f.at)).fix.push(f);

    // The segments in order, each one's dues, and the closure carried from one to the next.
    const list = [...pairs.values()].sort((x, y) => x.seg - y.seg || x.vn - y.vn);
    const acc = new Map<string, { due: bigint; paid: bigint; cut: boolean }>();
    const add = (kind: string, due: bigint, paid: bigint, cut: boolean) => {
      const t = typeOf[kind] ?? kind;
      const r = acc.get(t) ?? { due: 0n, paid: 0n, cut: false };
      r.due += due;
      r.paid += paid;
      r.cut ||= cut;
      acc.set(t, r);
    };
    const own: Piece[] = [];
    let prevSeg = 0;
    let prev: { eStart: bigint; closed: boolean; cap: bigint; dsum: bigint; dfix: bigint } | null = null;
    for (const p of list) {
      for (const r of p.rows)
        p.levelDue += r.amt * BigInt(r.b - r.a - refusedIn(members[r.src] as EngineMember, r.lvl, r.a, r.b));
      for (const f of p.fix) p.dfix += f.eff;
      p.dsum = BigInt(p.ownB - p.ownA) * p.roi + p.levelDue + p.dfix;
      let reopen = false;
      for (let s = prevSeg + 1; s <= p.seg; s++) if (m.segPlanIds[s - 1] != null) reopen = true;
      prevSeg = p.seg;
      const eStart: bigint = prev
        ? max(prev.eStart, min(prev.cap, prev.eStart + (prev.closed ? prev.dfix : prev.dsum)))
        : m.earned0;
      const closed: boolean =
        !reopen && (prev ? prev.closed || prev.eStart + prev.dsum >= prev.cap : m.earned0 >= p.cap);
      prev = { eStart, closed, cap: p.cap, dsum: p.dsum, dfix: p.dfix };
      const dsum = closed ? p.dfix : p.dsum;
      const ownDue = BigInt(p.ownB - p.ownA) * p.roi;

      if (eStart + dsum <= p.cap || eStart >= p.cap) {
        // Paid in full, or nothing (the cap reached before the segment began).
        const full = eStart + dsum <= p.cap;
        if (!closed) {
          add('roi', ownDue, full ? ownDue : 0n, !full && ownDue > 0n);
          if (p.rows.length > 0) add('level', p.levelDue, full ? p.levelDue : 0n, !full && p.levelDue > 0n);
          if (full && p.roi > 0n && p.ownB > p.ownA) own.push({ a: p.ownA, b: p.ownB, pay: p.roi, vn: p.vn });
        }
        for (const f of p.fix) add(f.kind, f.due, full ? f.eff : 0n, !full && f.eff > 0n);
        continue;
      }
      await crossed(m, p, eStart, closed, add, own);
    }
    for (const [t, r] of acc) {
      if (r.due !== 0n || r.paid !== 0n || r.cut) out.push({ memberId: m.id, incomeType: t, ...r });
    }
    pieces[i] = merged(own);
  }
  return out;

  /** Whether the upline's state refused level `lvl` of the claim at `pos` of `src`. */
  function refusedAt(src: EngineMember, pos: number, lvl: number): boolean {
    return ((src.levelRefused?.get(pos) ?? 0) & (1 << lvl)) !== 0;
  }

  /** How many of `src`'s claims [a, b) the upline's state refused at level `lvl`. */
  function refusedIn(src: EngineMember, lvl: number, a: number, b: number): number {
    if (!src.levelRefused) return 0;
    let c = 0;
    for (const pos of src.levelRefused.keys()) if (pos >= a && pos < b && refusedAt(src, pos, lvl)) c++;
    return c;
  }

  /**
   * A segment the cap crosses: the step in which its dues pass the room left is found by halving; everything before
   * it is paid, that step's events are paid one by one in order, everything after it nothing.
   */
  async function crossed(
    m: EngineMember,
    p: Pair,
    eStart: bigint,
    closed: boolean,
    add: (kind: string, due: bigint, paid: bigint, cut: boolean) => void,
    own: Piece[],
  ) {
    const room = p.cap - eStart;
    const ts = m.claimTs;
    const ownOn = !closed && p.roi > 0n;
    const rows = closed ? [] : p.rows.filter((r) => r.amt > 0n);
    /** Row r's claims before time t that pay the upline. */
    const countBefore = (src: EngineMember, r: LevelRow, t: Micros) => {
      const e = lower(src.claimTs, t, r.a, r.b);
      return e - r.a - refusedIn(src, r.lvl, r.a, e);
    };
    const cum = (t: Micros): bigint => {
      let s = 0n;
      if (ownOn) s += p.roi * BigInt(lower(ts, t, p.ownA, p.ownB) - p.ownA);
      for (const r of rows) s += r.amt * BigInt(countBefore(members[r.src] as EngineMember, r, t));
      for (const f of p.fix) if (f.at < t) s += f.eff;
      return s;
    };
    let klo = 0;
    let khi = Math.ceil(span / bucket) + 1;
    let before = 0n;
    while (khi - klo > 1) {
      await pause();
      const mid = Math.floor((klo + khi) / 2);
      const c = cum(mid * bucket);
      if (c >= room) khi = mid;
      else {
        klo = mid;
        before = c;
      }
    }
    const t0 = klo * bucket;
    const t1 = khi * bucket;
    // The crossing step's events, in order.
    const events: Event[] = [];
    if (ownOn) {
      for (let q = lower(ts, t0, p.ownA, p.ownB); q < p.ownB && (ts[q] as number) < t1; q++) {
        events.push({
          at: ts[q] as number,
          ref: m.claimIds[q] as number,
          ord: 1,
          lvl: 0,
          kind: 'roi',
          eff: p.roi,
          pos: q,
        });
      }
    }
    for (const r of rows) {
      const src = members[r.src] as EngineMember;
      for (let q = lower(src.claimTs, t0, r.a, r.b); q < r.b && (src.claimTs[q] as number) < t1; q++) {
        if (refusedAt(src, q, r.lvl)) continue;
        const at = src.claimTs[q] as number;
        events.push({
          at,
          ref: src.claimIds[q] as number,
          ord: 2,
          lvl: r.lvl,
          kind: 'level',
          eff: r.amt,
          pos: -1,
        });
      }
    }
    for (const f of p.fix) {
      if (f.at >= t0 && f.at < t1)
        events.push({ at: f.at, ref: f.ref, ord: f.ord, lvl: 0, kind: f.kind, eff: f.eff, pos: -1 });
    }
    events.sort((x, y) => x.at - y.at || x.ref - y.ref || x.ord - y.ord || x.lvl - y.lvl);
    const walked = new Map<string, bigint>();
    let s = before;
    for (const e of events) {
      s += e.eff;
      const pay = max(eStart, min(p.cap, eStart + s)) - max(eStart, min(p.cap, eStart + s - e.eff));
      walked.set(e.kind, (walked.get(e.kind) ?? 0n) + pay);
      if (e.pos >= 0 && pay > 0n) own.push({ a: e.pos, b: e.pos + 1, pay, vn: p.vn });
    }
    // Per type: the whole segment's dues; paid, what came before the step and the step's pays.
    if (!closed) {
      const n0 = p.ownA;
      const nBefore = lower(ts, t0, p.ownA, p.ownB) - n0;
      const ownDue = BigInt(p.ownB - p.ownA) * p.roi;
      const ownPaid = (ownOn ? p.roi * BigInt(nBefore) : 0n) + (walked.get('roi') ?? 0n);
      add('roi', ownDue, ownPaid, ownPaid < ownDue);
      if (ownOn && nBefore > 0) own.push({ a: n0, b: n0 + nBefore, pay: p.roi, vn: p.vn });
      if (p.rows.length > 0) {
        let lvPaid = walked.get('level') ?? 0n;
        for (const r of rows) lvPaid += r.amt * BigInt(countBefore(members[r.src] as EngineMember, r, t0));
        add('level', p.levelDue, lvPaid, lvPaid < p.levelDue);
      }
    }
    const fixKinds = new Map<string, { due: bigint; eff: bigint; paid: bigint }>();
    for (const f of p.fix) {
      const r = fixKinds.get(f.kind) ?? { due: 0n, eff: 0n, paid: 0n };
      r.due += f.due;
      r.eff += f.eff;
      if (f.at < t0) r.paid += f.eff;
      fixKinds.set(f.kind, r);
    }
    for (const [kind, r] of fixKinds) {
      const paid = r.paid + (walked.get(kind) ?? 0n);
      add(kind, r.due, paid, paid < r.eff);
    }
  }
}

/** Pieces sorted by position, neighbours of the same pay and version joined. */
function merged(list: Piece[]): Piece[] | undefined {
  if (list.length === 0) return undefined;
  list.sort((x, y) => x.a - y.a);
  const out: Piece[] = [];
  for (const p of list) {
    const last = out[out.length - 1];
    if (last && last.b === p.a && last.pay === p.pay && last.vn === p.vn) last.b = p.b;
    else out.push({ ...p });
  }
  return out;
}
