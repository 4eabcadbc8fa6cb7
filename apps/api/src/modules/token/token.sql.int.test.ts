import { divRoundHalfUp, parseUnits, percentOf, UNIT } from '@sgx/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, launchToken } from '../../../test/money';
import { buyCost, type Curve, sellProceeds, spotPrice } from './curve';

// The trade runs in SQL (token_trade, db/functions/token_trade.sql); the curve's reference is curve.ts. They must agree
// to the unit on every trade, with and without a fee.
let t: TestApp;
const SUPPLY = parseUnits('1000000');
let trader: { id: bigint; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, SUPPLY);
  const m = await buildMember(t.deps);
  await fundDeposit(t.deps, m.id, '50000');
  trader = { id: m.id, token: await tokenFor(t.app, m) };
});
afterAll(() => t.close());

describe('the rounding helper in SQL', () => {
  it('rounds half away from zero exactly as @sgx/money does, for any signs and sizes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.boolean(),
        async (a, b0, negative) => {
          const b = negative ? -b0 : b0;
          const { rows } = await sqlOn(t.url, 'SELECT sgx_div_half_up($1::numeric, $2::numeric)::text AS r', [
            a.toString(),
            b.toString(),
          ]);
          expect(BigInt(rows[0]?.r)).toBe(divRoundHalfUp(a, b));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('token_trade against curve.ts', () => {
  it.each(['0', '1.25'])(
    'charges, pays, prices and records every trade to the unit (fee %s percent)',
    async (feePercent) => {
      const admin = await buildAdmin(t.deps);
      await t.deps.settings.change(admin.id, { tokenTradeFeePercent: feePercent }, 'test: trade fee');
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              side: fc.constantFrom('buy', 'sell'),
              units: fc.bigInt({ min: 1n, max: 5_000n * UNIT }),
            }),
            {
              minLength: 1,
              maxLength: 8,
            },
          ),
          async (ops) => {
            for (const op of ops) {
              const before = await t.deps.db
                .selectFrom('token_config')
                .selectAll()
                .where('id', '=', 1n)
                .executeTakeFirstOrThrow();
              const curve: Curve = {
                base: before.base_price,
                multiplier: before.price_multiplier,
                supply: before.total_supply,
              };
              const s = before.total_supply - before.available_tokens;
              const res = await t.app.inject({
                method: 'POST',
                url: `/api/v1/social-genx/${op.side}`,
                headers: bearer(trader.token),
                payload: {
                  token_id: 1,
                  amount: (Number(op.units) / 1e8).toFixed(8),
                  user_id: Number(trader.id),
                },
              });
              if (res.statusCode !== 200) {
                expect(res.statusCode).toBe(422);
                continue;
              }
              const q = op.units;
              const gross = op.side === 'buy' ? buyCost(curve, s, q) : sellProceeds(curve, s, q);
              const pct = parseUnits(feePercent);
              const fee = pct === 0n ? 0n : percentOf(gross, pct);
              const total = op.side === 'buy' ? gross + fee : gross - fee;
              const after = await t.deps.db
                .selectFrom('token_config')
                .selectAll()
                .where('id', '=', 1n)
                .executeTakeFirstOrThrow();
              const newS = op.side === 'buy' ? s + q : s - q;
              expect(after.total_supply - after.available_tokens).toBe(newS);
              expect(after.current_price).toBe(spotPrice(curve, newS));
              const tx = await t.deps.db
                .selectFrom('token_transactions')
                .selectAll()
                .orderBy('id', 'desc')
                .limit(1)
                .executeTakeFirstOrThrow();
              expect(tx.total_amount).toBe(total);
              expect(tx.token_amount).toBe(q);
              expect(tx.price_per_token).toBe(divRoundHalfUp(total * UNIT, q) || 1n);
              const lt = await t.deps.db
                .selectFrom('ledger_transactions')
                .select(['details', 'memo'])
                .where('id', '=', tx.ledger_transaction_id ?? 0n)
                .executeTakeFirstOrThrow();
              expect(lt.details).toEqual({
                token_transaction_id: String(tx.id),
                gross: String(gross),
                fee: String(fee),
                price_before: String(before.current_price),
                price_after: String(spotPrice(curve, newS)),
              });
              expect(lt.memo).toMatch(new RegExp(`^${op.side.toUpperCase()} \\d+\\.\\d{8} SGX$`));
            }
          },
        ),
        { numRuns: 15 },
      );
    },
  );

  it('refuses a sell whose proceeds round to nothing, and moves nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/social-genx/buy',
      headers: bearer(trader.token),
      payload: { token_id: 1, amount: '1', user_id: Number(trader.id) },
    });
    expect(res.statusCode).toBe(200);
    const before = await t.deps.db
      .selectFrom('token_config')
      .selectAll()
      .where('id', '=', 1n)
      .executeTakeFirstOrThrow();
    const sell = await t.app.inject({
      method: 'POST',
      url: '/api/v1/social-genx/sell',
      headers: bearer(trader.token),
      payload: { token_id: 1, amount: '0.00000001', user_id: Number(trader.id) },
    });
    expect(sell.statusCode).toBe(422);
    expect(sell.json().message).toBe('The amount is too small to trade.');
    const after = await t.deps.db
      .selectFrom('token_config')
      .selectAll()
      .where('id', '=', 1n)
      .executeTakeFirstOrThrow();
    expect(after.available_tokens).toBe(before.available_tokens);
  });
});
