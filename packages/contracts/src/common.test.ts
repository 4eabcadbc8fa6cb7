import { MAX_INPUT_UNITS } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { AmountIn, amountText, IdIn, IdParam } from './common';
import { WithdrawalQuoteQuery } from './money-ops';
import { Settings } from './settings';

describe('ids in requests', () => {
  it('accepts positive whole numbers, as numbers or plain digits', () => {
    expect(IdIn.parse(7)).toBe(7);
    expect(IdIn.parse('42')).toBe(42);
    expect(IdIn.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(IdParam.parse({ id: '3' })).toEqual({ id: 3 });
  });

  it('refuses anything that is not strictly an id', () => {
    for (const bad of [
      '1.5',
      '1e3',
      '0x10',
      ' 1',
      '1 ',
      '-1',
      '+1',
      '0',
      '01',
      '',
      '99999999999999999999',
      '9007199254740992',
    ]) {
      expect(IdIn.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const bad of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(IdIn.safeParse(bad).success, String(bad)).toBe(false);
    }
  });
});

describe('amounts in requests', () => {
  it('accepts amounts up to 1,000,000,000 and refuses larger ones, naming the maximum', () => {
    expect(AmountIn.parse('1000000000')).toBe(MAX_INPUT_UNITS);
    expect(AmountIn.parse('-1000000000')).toBe(-MAX_INPUT_UNITS);
    for (const bad of ['1000000000.00000001', '92233720368.54775807', '1e400', '1e12']) {
      const r = AmountIn.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues.map((i) => i.message).join(' ')).toMatch(/amount|at most 1000000000/);
    }
    expect(AmountIn.safeParse('92233720368.54775807').error?.issues[0]?.message).toBe(
      'Enter an amount of at most 1000000000.',
    );
  });

  it('bounds amounts kept as text, and percents at 100', () => {
    expect(amountText().safeParse('1000000000').success).toBe(true);
    expect(amountText().safeParse('92233720368.54775807').success).toBe(false);
    expect(amountText().safeParse('123456789012345678901234567890').success).toBe(false);
    expect(WithdrawalQuoteQuery.safeParse({ kind: 'working', amount: '92233720368.54775807' }).success).toBe(
      false,
    );
    const percent = amountText(100n * 100_000_000n);
    expect(percent.safeParse('100').success).toBe(true);
    expect(percent.safeParse('100.00000001').error?.issues[0]?.message).toBe(
      'Enter a number of at most 100.',
    );
  });

  it('refuses a business time zone no date can be computed in', () => {
    const tz = Settings.shape.businessTimezone;
    expect(tz.safeParse('Asia/Kolkata').success).toBe(true);
    expect(tz.safeParse('UTC').success).toBe(true);
    expect(tz.safeParse('Fuzz text').success).toBe(false);
  });
});
