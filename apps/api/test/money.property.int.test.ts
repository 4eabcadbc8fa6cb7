import { randomBytes } from 'node:crypto';
import { formatUnits, percentOf, UNIT } from '@sgx/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Random sequences of money operations by random members with random amounts, many of which must be
 * refused. The outcome of each operation is predicted from the balances just before it; after each one
 * the ledger must reconcile, no member wallet may be negative, every asset must sum to zero over all
 * accounts, a refused operation must change nothing, and an accepted one exactly what it should.
 */

let t: TestApp;
let adminToken: string;
type Member = Built & { token: string };
const members: Member[] = [];
const plans: Record<'bronze' | 'silver', { id: number; price: bigint }> = {
  bronze: { id: 0, price: 100n * UNIT },
  silver: { id: 0, price: 1000n * UNIT },
};
const usedHashes: string[] = [];
const withdrawals: { id: number; user: number }[] = [];
const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const WORKING_MINIMUM = 20n * UNIT;
const WORKING_FEE_PERCENT = 10n * UNIT;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  const admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  // The properties are about money, not about the second admin (approvals.*.int.test.ts): one admin acts.
  await t.deps.settings.change(
    admin.id,
    { approvalThreshold: '1000000', soloDailyLimit: '1000000000' },
    'test: one admin acts',
  );
  for (const [name, plan] of Object.entries(plans)) {
    const res = await call(adminToken, 'POST', '/plans/add', {
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
    const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
    const token = await tokenFor(t.app, m);
    // A payout address set before (no change row, so no hold): the properties are not about changing it.
    await sql`UPDATE users SET bep20 = ${ADDRESS} WHERE id = ${m.id}`.execute(t.deps.db);
    members.push({ ...m, token });
    // Starting money, so that many operations can succeed and random amounts still overdraw some.
    for (const [wallet, amount] of [
      ['deposit', '1500'],
      ['working', '150'],
    ]) {
      const credit = await call(adminToken, 'POST', '/tr/create', {
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
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const at = (i: number): Member => {
  const m = members[i % members.length];
  if (!m) throw new Error('no member');
  return m;
};

/** Every balance and the plan counters, keyed `owner:kind` (owner `platform` for platform accounts). */
async function snapshot(): Promise<Map<string, bigint>> {
  const { rows } = await sql<{ k: string; v: bigint }>`
    SELECT coalesce(owner_id::text, 'platform') || ':' || kind || ':' || asset AS k, balance AS v
    FROM ledger_balances
    UNION ALL SELECT id::text || ':active_plan', active_plan FROM users
    UNION ALL SELECT id::text || ':team_business', team_business FROM users`.execute(t.deps.db);
  return new Map(rows.map((r) => [r.k, BigInt(r.v)]));
}
const key = (owner: bigint | 'platform', kind: string) =>
  kind === 'active_plan' || kind === 'team_business' ? `${owner}:${kind}` : `${owner}:${kind}:USD`;

/** What changed between two snapshots (missing counts as zero). */
function diff(before: Map<string, bigint>, after: Map<string, bigint>): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const k of new Set([...before.keys(), ...after.keys()])) {
    const d = (after.get(k) ?? 0n) - (before.get(k) ?? 0n);
    if (d !== 0n) out[k] = d;
  }
  return out;
}

/** Exactly these changes (zero entries dropped); `ignore` lists keys whose change is not predicted. */
function expectChanges(
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

async function expectInvariants() {
  const recon = await call(adminToken, 'GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const { rows } = await sql<{ negative: number; unbalanced: number }>`
    SELECT (SELECT count(*)::int FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0) AS negative,
           (SELECT count(*)::int FROM (SELECT asset FROM ledger_balances GROUP BY asset
                                       HAVING sum(balance) <> 0) s) AS unbalanced`.execute(t.deps.db);
  expect(rows[0]).toEqual({ negative: 0, unbalanced: 0 });
}

const bal = (s: Map<string, bigint>, owner: bigint | 'platform', kind: string) =>
  s.get(key(owner, kind)) ?? 0n;
/** An amount as the API takes it: decimal text, or a JSON integer when whole. */
const wire = (u: bigint, asNumber: boolean): string | number =>
  asNumber && u % UNIT === 0n ? Number(u / UNIT) : formatUnits(u);

const idx = fc.nat({ max: 4 });
const amount = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((n) => BigInt(n) * UNIT),
  fc.bigInt({ min: 1n, max: 1500n * UNIT }),
  fc.constantFrom(WORKING_MINIMUM, 100n * UNIT, 1000n * UNIT, 1n),
);
/** Mostly the member themself; sometimes someone else, which must be refused. */
const actor = fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: idx, weight: 1 });
const operation = fc.oneof(
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
type Op = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** Runs one operation and checks its outcome against the state just before it. */
async function run(op: Op): Promise<void> {
  const before = await snapshot();
  const refused = async (res: { statusCode: number; body: string }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expectChanges(before, await snapshot(), []);
  };

  switch (op.t) {
    case 'deposit': {
      const m = at(op.who);
      const hash = randomBytes(32).toString('hex');
      const req = await call(m.token, 'POST', '/deposite/add', {
        user_id: Number(m.id),
        amount: wire(op.amount, op.num),
        currency: 'BEP20',
        hash,
      });
      expect(req.statusCode, req.body).toBe(201);
      // A credited hash is never reported again; a declined one holds nothing (decision 0027).
      if (op.approve) usedHashes.push(hash);
      expectChanges(before, await snapshot(), []); // nothing is credited before approval
      const decided = await call(adminToken, 'PUT', `/deposite/${req.json().deposit.id}`, {
        status: op.approve ? 'complete' : 'decline',
        user_id: Number(m.id),
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expectChanges(
        before,
        await snapshot(),
        op.approve
          ? [
              [key(m.id, 'deposit'), op.amount],
              [key('platform', 'cash'), -op.amount],
            ]
          : [],
      );
      return;
    }
    case 'deposit-again': {
      if (usedHashes.length === 0) return;
      const m = at(op.who);
      const hash = usedHashes[op.pick % usedHashes.length] ?? '';
      const res = await call(m.token, 'POST', '/deposite/add', {
        user_id: Number(m.id),
        amount: '10',
        currency: 'BEP20',
        hash: `0x${hash.toUpperCase()}`,
      });
      return refused(res, 409);
    }
    case 'topup': {
      const payer = at(op.payer);
      const actor = at(op.actor ?? op.payer);
      const receiver = at(op.receiver);
      const plan = plans[op.plan];
      const paid = op.amount ?? plan.price;
      const res = await call(actor.token, 'POST', '/topup/add', {
        id: plan.id,
        userby_id: Number(payer.id),
        userto_id: Number(receiver.id),
        ...(op.amount === undefined ? {} : { amount: formatUnits(op.amount) }),
      });
      if (actor.id !== payer.id) return refused(res, 403);
      if (paid < plan.price || paid > bal(before, payer.id, 'deposit')) return refused(res, 422);
      expect(res.statusCode, res.body).toBe(201);
      // The sponsor's direct income (capped) and the team counters are checked by their own tests.
      expectChanges(
        before,
        await snapshot(),
        [
          [key(payer.id, 'deposit'), -paid],
          [key('platform', 'investments'), paid],
          [key(receiver.id, 'active_plan'), paid],
        ],
        (k) => /:(working:USD|team_business)$/.test(k) || k === key('platform', 'income_expense'),
      );
      return;
    }
    case 'transfer': {
      const from = at(op.from);
      const actor = at(op.actor ?? op.from);
      const to = at(op.to);
      const res = await call(actor.token, 'POST', '/transfer/touser', {
        user_id: Number(from.id),
        userto_id: Number(to.id),
        amount: wire(op.amount, op.num),
      });
      if (actor.id !== from.id) return refused(res, 403);
      if (from.id === to.id || op.amount > bal(before, from.id, 'deposit')) return refused(res, 422);
      expect(res.statusCode, res.body).toBe(201);
      expectChanges(before, await snapshot(), [
        [key(from.id, 'deposit'), -op.amount],
        [key(to.id, 'deposit'), op.amount],
      ]);
      return;
    }
    case 'race': {
      const from = at(op.from);
      const to = at(op.to);
      if (from.id === to.id) return;
      const results = await Promise.all(
        Array.from({ length: op.n }, () =>
          call(from.token, 'POST', '/transfer/touser', {
            user_id: Number(from.id),
            userto_id: Number(to.id),
            amount: formatUnits(op.amount),
          }),
        ),
      );
      const fit = bal(before, from.id, 'deposit') / op.amount;
      const ok = fit < BigInt(op.n) ? fit : BigInt(op.n);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201).length).toBe(Number(ok));
      expect(codes.filter((c) => c === 422).length).toBe(op.n - Number(ok));
      expectChanges(before, await snapshot(), [
        [key(from.id, 'deposit'), -op.amount * ok],
        [key(to.id, 'deposit'), op.amount * ok],
      ]);
      return;
    }
    case 'withdraw': {
      const m = at(op.who);
      const res = await call(m.token, 'POST', '/withdrawalrequest/add', {
        user_id: Number(m.id),
        amount: formatUnits(op.amount),
      });
      if (op.amount < WORKING_MINIMUM || op.amount > bal(before, m.id, 'working')) return refused(res, 422);
      expect(res.statusCode, res.body).toBe(201);
      const w = res.json().withdrawal;
      const fee = percentOf(op.amount, WORKING_FEE_PERCENT);
      expect(w).toMatchObject({
        status: 'pending',
        amount: formatUnits(op.amount),
        fee: formatUnits(fee),
        net: formatUnits(op.amount - fee),
      });
      withdrawals.push({ id: w.id, user: Number(m.id) });
      expectChanges(before, await snapshot(), [
        [key(m.id, 'working'), -op.amount],
        [key('platform', 'pending_withdrawals'), op.amount],
      ]);
      return;
    }
    case 'decide': {
      const picked = withdrawals[op.pick % Math.max(1, withdrawals.length)];
      if (!picked) return;
      const { rows } = await sql<{ status: string; amount: bigint; fee: bigint; net: bigint }>`
        SELECT status, amount, fee, net FROM withdrawals WHERE id = ${picked.id}`.execute(t.deps.db);
      const w = rows[0];
      if (!w) throw new Error('withdrawal vanished');
      const res = await call(adminToken, 'PUT', `/withdrawalrequest/${picked.id}`, {
        status: op.complete ? 'complete' : 'decline',
        user_id: picked.user,
      });
      if (w.status !== 'pending') return refused(res, 409);
      expect(res.statusCode, res.body).toBe(200);
      expectChanges(
        before,
        await snapshot(),
        op.complete
          ? [
              [key('platform', 'pending_withdrawals'), -w.amount],
              [key('platform', 'cash'), w.net],
              [key('platform', 'fee_revenue'), w.fee],
            ]
          : [
              [key('platform', 'pending_withdrawals'), -w.amount],
              [key(BigInt(picked.user), 'working'), w.amount],
            ],
      );
      return;
    }
    case 'code': {
      const issued = await call(adminToken, 'POST', '/codes', { count: 1, amount: formatUnits(op.amount) });
      expect(issued.statusCode, issued.body).toBe(201);
      const code = issued.json().codes[0].code as string;
      const m = at(op.who);
      const res = await call(m.token, 'POST', '/codes/redeem', { code });
      expect(res.statusCode, res.body).toBe(200);
      const mid = await snapshot();
      expectChanges(before, mid, [
        [key(m.id, 'deposit'), op.amount],
        [key('platform', 'adjustments'), -op.amount],
      ]);
      const again = await call(at(op.other).token, 'POST', '/codes/redeem', { code });
      expect(again.statusCode, again.body).toBe(409);
      expectChanges(mid, await snapshot(), []);
      return;
    }
    case 'adjust': {
      const m = at(op.who);
      const res = await call(adminToken, 'POST', '/tr/create', {
        user_id: Number(m.id),
        amount: formatUnits(op.amount),
        direction: op.credit ? 'credit' : 'debit',
        wallet: op.wallet,
        reason: 'property test',
      });
      if (!op.credit && op.amount > bal(before, m.id, op.wallet)) return refused(res, 422);
      expect(res.statusCode, res.body).toBe(201);
      const signed = op.credit ? op.amount : -op.amount;
      expectChanges(before, await snapshot(), [
        [key(m.id, op.wallet), signed],
        [key('platform', 'adjustments'), -signed],
      ]);
      return;
    }
  }
}

describe('random sequences of money operations', () => {
  it('keep the ledger whole, never overdraw, and change nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 15, size: 'max' }), async (ops) => {
        for (const op of ops) {
          await run(op);
          await expectInvariants();
        }
      }),
      { numRuns: 25 },
    );
    // The runs did reach the interesting states, not only refusals.
    const { rows } = await sql<{ topups: number; transfers: number; withdrawals: number }>`
      SELECT (SELECT count(*)::int FROM topups) AS topups, (SELECT count(*)::int FROM transfers) AS transfers,
             (SELECT count(*)::int FROM withdrawals) AS withdrawals`.execute(t.deps.db);
    expect(rows[0]?.topups).toBeGreaterThan(0);
    expect(rows[0]?.transfers).toBeGreaterThan(0);
    expect(rows[0]?.withdrawals).toBeGreaterThan(0);
  });
});
