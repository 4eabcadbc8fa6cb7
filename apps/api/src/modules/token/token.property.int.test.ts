import { parseUnits } from '@sgx/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, launchToken } from '../../../test/money';

let t: TestApp;
const SUPPLY = parseUnits('1000000');
const traders: { id: bigint; token: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, SUPPLY);
  for (let i = 0; i < 3; i++) {
    const m = await buildMember(t.deps);
    await fundDeposit(t.deps, m.id, '2000');
    traders.push({ id: m.id, token: await tokenFor(t.app, m) });
  }
});
afterAll(() => t.close());

async function totals() {
  const { rows } = await sqlOn(
    t.url,
    `SELECT (SELECT available_tokens FROM token_config WHERE id = 1) AS available,
            coalesce((SELECT sum(balance) FROM ledger_accounts WHERE kind = 'token'), 0) AS held,
            coalesce((SELECT sum(balance) FROM ledger_accounts WHERE owner_id IS NOT NULL AND asset = 'USD'), 0) AS member_usd,
            (SELECT count(*) FROM ledger_accounts WHERE owner_id IS NOT NULL AND balance < 0) AS negative`,
  );
  const r = rows[0];
  return {
    available: BigInt(r.available),
    held: BigInt(r.held),
    memberUsd: BigInt(r.member_usd),
    negative: Number(r.negative),
  };
}

describe('random trade sequences', () => {
  it('keep the supply invariant, never go negative, and never create money', async () => {
    const start = await totals();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 2 }),
            side: fc.constantFrom('buy', 'sell'),
            amount: fc.integer({ min: 1, max: 60_000_000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (ops) => {
          for (const op of ops) {
            const m = traders[op.who];
            if (!m) continue;
            const amount = `${Math.floor(op.amount / 1000)}.${String(op.amount % 1000).padStart(3, '0')}`;
            const before = await totals();
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/v1/social-genx/${op.side}`,
              headers: bearer(m.token),
              payload: { token_id: 1, amount, user_id: Number(m.id) },
            });
            expect([200, 422]).toContain(res.statusCode);
            const after = await totals();
            expect(after.available + after.held).toBe(SUPPLY);
            expect(after.negative).toBe(0);
            if (res.statusCode === 422) expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 15 },
    );
    // Members can never end with more USD value than they started with plus what selling everything pays:
    // sell every holding back and the members' USD total is at most what they began with.
    for (const m of traders) {
      const held = (
        await sqlOn(t.url, "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'token'", [
          m.id,
        ])
      ).rows[0]?.balance;
      if (held && BigInt(held) > 0n) {
        const q = BigInt(held);
        const text = `${q / 100_000_000n}.${String(q % 100_000_000n).padStart(8, '0')}`;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/social-genx/sell',
          headers: bearer(m.token),
          payload: { token_id: 1, amount: text, user_id: Number(m.id) },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const end = await totals();
    expect(end.held).toBe(0n);
    expect(end.available).toBe(SUPPLY);
    expect(end.memberUsd).toBeLessThanOrEqual(start.memberUsd);
  }, 120_000);
});
