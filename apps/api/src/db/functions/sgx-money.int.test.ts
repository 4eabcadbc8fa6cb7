import { amountOut } from '@sgx/contracts';
import { MAX_UNITS, mulDiv } from '@sgx/money';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, sqlOn } from '../../../test/helpers';
import { usd } from '../../modules/notifications/events';

/**
 * The SQL copies of @sgx/money's rounding (sgx_div_half_up.sql, sgx_mul_div.sql) and of its texts
 * (sgx_units_text.sql for amountOut, sgx_usd.sql for usd) exist for speed inside roi_claim and income_decide.
 * They are defined once in SQL and proven equal to the TypeScript here on generated inputs (decision 0063):
 * each batch of cases goes to PostgreSQL in one statement.
 */
let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
});

const int64 = fc.bigInt({ min: -MAX_UNITS, max: MAX_UNITS });
/** Operands of the size money takes here: amounts up to 10^12 units times rates up to 10^10, and any int64. */
const operand = fc.oneof(
  fc.bigInt({ min: -1_000n, max: 1_000n }),
  fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
);
const divisor = fc
  .oneof(
    fc.constantFrom(2n, 3n, 10n, 100_000_000n, 10_000_000_000n, 1_000_000n),
    fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  )
  .filter((c) => c !== 0n);
/** Only products whose rounded quotient fits a bigint column, as every caller's does. */
const mulDivCase = fc.tuple(operand, operand, divisor).filter(([a, b, c]) => {
  const r = mulDiv(a, b, c);
  return r <= MAX_UNITS && r >= -MAX_UNITS;
});
/** Exact halves, where half-up and half-even or floor part ways. */
const halfCase = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
    fc.constantFrom(2n, 10n, 100_000_000n, 1_000_000n),
  )
  .map(([q, c]): [bigint, bigint, bigint] => [q * c + (q < 0n ? -c : c) / 2n, 1n, c])
  .filter(([a]) => a <= MAX_UNITS && a >= -MAX_UNITS);

const text = (values: bigint[]) => values.map(String);

describe('rounding and amounts in SQL equal @sgx/money (decision 0063)', () => {
  it('sgx_mul_div(a, b, c) = mulDiv(a, b, c), rounded half away from zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(mulDivCase, halfCase), { minLength: 1, maxLength: 400 }),
        async (cases) => {
          const { rows } = await sqlOn(
            url,
            `SELECT sgx_mul_div(a, b, c)::text AS r
           FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS x (a, b, c, i) ORDER BY i`,
            [text(cases.map((k) => k[0])), text(cases.map((k) => k[1])), text(cases.map((k) => k[2]))],
          );
          expect(rows.map((r) => `${r.r}`)).toEqual(cases.map(([a, b, c]) => mulDiv(a, b, c).toString()));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('sgx_units_text = amountOut and sgx_usd = usd (formatUsd with its dollar sign)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(int64, fc.bigInt({ min: -10_000_000n, max: 10_000_000n })), {
          minLength: 1,
          maxLength: 400,
        }),
        async (values) => {
          const { rows } = await sqlOn(
            url,
            `SELECT sgx_units_text(v) AS a, sgx_usd(v) AS u
             FROM unnest($1::bigint[]) WITH ORDINALITY AS x (v, i) ORDER BY i`,
            [text(values)],
          );
          expect(rows).toEqual(values.map((v) => ({ a: amountOut(v), u: usd(v) })));
        },
      ),
      { numRuns: 12 },
    );
  });
});
