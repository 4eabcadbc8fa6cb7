import { formatUnits, UNIT } from '@sgx/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The world of money.property.int.test.ts: five members in a small tree with starting money, two plans, one
 * admin acting; ledger snapshots and their changes, the invariants, and the random operations.
 */
/** The app and the admin acting, filled in before the tests. */
export const world = {} as { t: TestApp; adminToken: string };
export type Member = Built & { token: string };
export const members: Member[] = [];
export const plans: Record<'bronze' | 'silver', { id: number; price: bigint }> = {
  bronze: { id: 0, price: 100n * UNIT },
  silver: { id: 0, price: 1000n * UNIT },
};
export const usedHashes: string[] = [];
export const withdrawals: { id: number; user: number }[] = [];
export const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const WORKING_MINIMUM = 20n * UNIT;
export const WORKING_FEE_PERCENT = 10n * UNIT;

/** Builds the world before the file's tests; after them, the invariants must still hold. */
export function useMoneyWorld() {
  beforeAll(async () => {
    world.t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
    const admin = await buildAdmin(world.t.deps);
    world.adminToken = await tokenFor(world.t.app, admin, 'admin');
    // The properties are about money, not about the second admin (approvals.*.int.test.ts): one admin acts.
    await world.t.deps.settings.change(
      admin.id,
      { approvalThreshold: '1000000', soloDailyLimit: '1000000000' },
      'test: one admin acts',
    );
    for (const [name, plan] of Object.entries(plans)) {
      const res = await call(world.adminToken, 'POST', '/plans/add', {
        name,
        monthly_price: formatUnits(plan.price),
        ROI_day: '0.5',
        Sponser_bonus: '5',
        plan_period: 365,
      });
      expect(res.statusCode).toBe(201);
      plan.id = res.json().plan.id;
    }
    // A small tree: 0 <- 1, 0 <- 2, 1 <- 3, 2 <- 4.
    const sponsors = [null, 0, 0, 1, 2];
    for (const s of sponsors) {
      const sponsor = s === null ? undefined : members[s];
      const m = await buildMember(world.t.deps, { sponsorId: sponsor?.id ?? null });
      const token = await tokenFor(world.t.app, m);
      // A payout address set before (no change row, so no hold): the properties are not about changing it.
      await sql`UPDATE users SET bep20 = ${ADDRESS} WHERE id = ${m.id}`.execute(world.t.deps.db);
      members.push({ ...m, token });
      // Starting money, so that many operations can succeed and random amounts still overdraw some.
      for (const [wallet, amount] of [
        ['deposit', '1500'],
        ['working', '150'],
      ]) {
        const credit = await call(world.adminToken, 'POST', '/tr/create', {
          user_id: Number(m.id),
          amount,
          direction: 'credit',
          wallet,
          reason: 'starting balance',
        });
        expect(credit.statusCode).toBe(201);
      }
    }
  });
  afterAll(async () => {
    await expectInvariants();
    await world.t.close();
  });
}

export type Method = 'GET' | 'POST' | 'PUT';
export const call = (token: string, method: Method, url: string, payload?: unknown) =>
  world.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const at = (i: number): Member => {
  const m = members[i % members.length];
  if (!m) throw new Error('no member');
  return m;
};

/** Every balance and the plan counters, keyed `owner:kind` (owner `platform` for platform accounts). */
export async function snapshot(): Promise<Map<string, bigint>> {
  const { rows } = await sql<{ k: string; v: bigint }>`
    SELECT coalesce(owner_id::text, 'platform') || ':' || kind || ':' || asset AS k, balance AS v
    FROM ledger_balances
    UNION ALL SELECT id::text || ':active_plan', active_plan FROM users
    UNION ALL SELECT id::text || ':team_business', team_business FROM users`.execute(world.t.deps.db);
  return new Map(rows.map((r) => [r.k, BigInt(r.v)]));
}
export const key = (owner: bigint | 'platform', kind: string) =>
  kind === 'active_plan' || kind === 'team_business' ? `${owner}:${kind}` : `${owner}:${kind}:USD`;

/** What changed between two snapshots (missing counts as zero). */
export function diff(before: Map<string, bigint>, after: Map<string, bigint>): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const d = (after.get(k) ?? 0n) - (before.get(k) ?? 0n);
    if (d !== 0n) out[k] = d;
  }
  return out;
}

/** Exactly these changes (zero entries dropped); `ignore` lists keys whose change is not predicted. */
export function expectChanges(
  before: Map<string, bigint>,
  after: Map<string, bigint>,
  expected: [string, bigint][],
  ignore: (k: string) => boolean = () => false,
) {
  const want: Record<string, bigint> = {};
  for (const [k, v] of expected) want[k] = (want[k] ?? 0n) + v;
  for (const k of Object.keys(want)) if (want[k] === 0n) delete want[k];
  const got = diff(before, after);
  for (const k of Object.keys(got)) if (ignore(k) && !(k in want)) delete got[k];
  expect(got).toEqual(want);
}

export async function expectInvariants() {
  const recon = await call(world.adminToken, 'GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const { rows } = await sql<{ negative: number; unbalanced: number }>`
    SELECT (SELECT count(*)::int FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0) AS negative,
           (SELECT count(*)::int FROM (SELECT asset FROM ledger_balances GROUP BY asset
                                       HAVING sum(balance) <> 0) s) AS unbalanced`.execute(world.t.deps.db);
  expect(rows[0]).toEqual({ negative: 0, unbalanced: 0 });
}

export const bal = (s: Map<string, bigint>, owner: bigint | 'platform', kind: string) =>
  s.get(key(owner, kind)) ?? 0n;
/** An amount as the API takes it: decimal text, or a JSON integer when whole. */
export const wire = (u: bigint, asNumber: boolean): string | number =>
  asNumber && u % UNIT === 0n ? Number(u / UNIT) : formatUnits(u);

export const idx = fc.nat({ max: 4 });
export const amount = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((n) => BigInt(n) * UNIT),
  fc.bigInt({ min: 1n, max: 1500n * UNIT }),
  fc.constantFrom(WORKING_MINIMUM, 100n * UNIT, 1000n * UNIT, 1n),
);
/** Mostly the member themself; sometimes someone else, which must be refused. */
export const actor = fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: idx, weight: 1 });
export const operation = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('deposit' as const),
      who: idx,
      amount,
      approve: fc.boolean(),
      num: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deposit-again' as const), who: idx, pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('topup' as const),
      actor,
      payer: idx,
      receiver: idx,
      plan: fc.constantFrom('bronze' as const, 'silver' as const),
      amount: fc.option(amount, { nil: undefined }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('transfer' as const),
      actor,
      from: idx,
      to: idx,
      amount,
      num: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('race' as const),
      from: idx,
      to: idx,
      amount,
      n: fc.integer({ min: 2, max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('withdraw' as const), who: idx, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('decide' as const), pick: fc.nat(), complete: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('code' as const), who: idx, other: idx, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('adjust' as const),
      who: idx,
      credit: fc.boolean(),
      wallet: fc.constantFrom('deposit', 'working', 'non_working', 'compound'),
      amount,
    }),
  },
);
export type Op = typeof operation extends fc.Arbitrary<infer T> ? T : never;
