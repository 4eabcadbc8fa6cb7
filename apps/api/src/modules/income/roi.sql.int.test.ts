import { amountOut } from '@sgx/contracts';
import { MAX_INPUT_UNITS, MAX_UNITS, mulDiv, UNIT } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { usd } from '../notifications/events';

// roi_claim (db/functions/roi_claim.sql) computes in SQL what @sgx/money computes in the app: both must agree to the unit.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HUNDRED = 100n * UNIT;
const mulDivCases: [bigint, bigint, bigint][] = [
  [1n, 1n, 2n], // 0.5 -> 1
  [-1n, 1n, 2n], // -0.5 -> -1 (away from zero)
  [1n, -1n, 2n],
  [-1n, -1n, 2n],
  [3n, 1n, 2n], // 1.5 -> 2
  [5n, 1n, 10n], // exactly half
  [4n, 1n, 10n], // under half
  [6n, 1n, 10n],
  [-4n, 1n, 10n],
  [-6n, 1n, 10n],
  [0n, 123n, 7n],
  [1n, 1n, 3n],
  [2n, 1n, 3n],
  [-2n, 1n, 3n],
  [50_000_000n, 10n * UNIT, HUNDRED], // level 1 of a 0.5 ROI
  [1n, 10n * UNIT, HUNDRED], // 0.1 unit -> 0
  [5n, 10n * UNIT, HUNDRED], // 0.5 unit -> 1
  [15n, 10n * UNIT, HUNDRED],
  [25n, 10n * UNIT, HUNDRED],
  [3n, 33_333_333n, HUNDRED],
  [MAX_INPUT_UNITS, 50_000_000n, HUNDRED], // the largest plan at 0.5 %
  [MAX_INPUT_UNITS, 300_000_000n, UNIT], // its cap (x3)
  [MAX_INPUT_UNITS, HUNDRED, HUNDRED],
  [MAX_UNITS, 1n, 2n],
  [MAX_UNITS, 99_999_999n, HUNDRED],
  [-MAX_UNITS, 99_999_999n, HUNDRED],
  [7n, 3n, -2n],
];

describe('the SQL arithmetic of the claim', () => {
  it('sgx_mul_div rounds exactly as mulDiv of @sgx/money', async () => {
    for (const [a, b, c] of mulDivCases) {
      const { rows } = await sqlOn(
        t.url,
        'SELECT sgx_mul_div($1::bigint, $2::bigint, $3::bigint)::text AS r',
        [a, b, c],
      );
      expect(`${a}*${b}/${c}=${rows[0]?.r}`).toBe(`${a}*${b}/${c}=${mulDiv(a, b, c)}`);
    }
  });

  it('writes amounts and notices as the app does (amountOut, usd)', async () => {
    const values = [
      0n,
      1n,
      -1n,
      499_999n,
      500_000n,
      -500_000n,
      50_000_000n,
      99_999_999n,
      123_456_789_012n,
      100_000_000_000n,
      MAX_INPUT_UNITS,
      MAX_UNITS,
      -MAX_UNITS,
    ];
    for (const v of values) {
      const { rows } = await sqlOn(
        t.url,
        'SELECT sgx_units_text($1::bigint) AS a, sgx_usd($1::bigint) AS u',
        [v],
      );
      expect(rows[0]).toEqual({ a: amountOut(v), u: usd(v) });
    }
  });
});
