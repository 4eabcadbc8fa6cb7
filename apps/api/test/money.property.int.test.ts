import { randomBytes } from 'node:crypto';
import { formatUnits, percentOf } from '@sgx/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  at,
  bal,
  call,
  expectChanges,
  expectInvariants,
  key,
  type Op,
  operation,
  plans,
  snapshot,
  usedHashes,
  useMoneyWorld,
  WORKING_FEE_PERCENT,
  WORKING_MINIMUM,
  wire,
  withdrawals,
  world,
} from './money.property.world';

/**
 * Random sequences of money operations by random members with random amounts, many of which must be
 * refused. The outcome of each operation is predicted from the balances just before it; after each one
 * the ledger must reconcile, no member wallet may be negative, every asset must sum to zero over all
 * accounts, a refused operation must change nothing, and an accepted one exactly what it should.
 */

useMoneyWorld();

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
      const decided = await call(world.adminToken, 'PUT', `/deposite/${req.json().deposit.id}`, {
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
        SELECT status, amount, fee, net FROM withdrawals WHERE id = ${picked.id}`.execute(world.t.deps.db);
      const w = rows[0];
      if (!w) throw new Error('withdrawal vanished');
      const res = await call(world.adminToken, 'PUT', `/withdrawalrequest/${picked.id}`, {
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
      const issued = await call(world.adminToken, 'POST', '/codes', {
        count: 1,
        amount: formatUnits(op.amount),
      });
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
      const res = await call(world.adminToken, 'POST', '/tr/create', {
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
             (SELECT count(*)::int FROM withdrawals) AS withdrawals`.execute(world.t.deps.db);
    expect(rows[0]?.topups).toBeGreaterThan(0);
    expect(rows[0]?.transfers).toBeGreaterThan(0);
    expect(rows[0]?.withdrawals).toBeGreaterThan(0);
  });
});
