import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent, isPositiveAmount, plainDecimal, sameAmount } from './moneyFormat';

describe('formatMoney', () => {
  it('formats API decimal text as USD with 2 decimals and separators', () => {
    expect(formatMoney('125.50000000')).toBe('$125.50');
    expect(formatMoney('1234567.00000000')).toBe('$1,234,567.00');
    expect(formatMoney('-5.25000000')).toBe('-$5.25');
    expect(formatMoney('0.00500000')).toBe('$0.01');
  });

  it('keeps amounts a float would damage', () => {
    expect(formatMoney('1.00500000')).toBe('$1.01');
    expect(formatMoney('92233720368.54775807')).toBe('$92,233,720,368.55');
    expect(formatMoney('0.10000000', 'plain')).toBe('0.10');
  });

  it('formats tokens with 2 to 8 decimals', () => {
    expect(formatMoney('1234.56780000', 'token')).toBe('1,234.5678 SGX');
    expect(formatMoney('0.00800000', 'token')).toBe('0.008 SGX');
  });

  it('formats a per-token price with the token decimals, never rounded to cents', () => {
    expect(formatMoney('0.00800000', 'price')).toBe('$0.008');
    expect(formatMoney('0.00850000', 'price')).toBe('$0.0085');
    expect(formatMoney('0.00800004', 'price')).toBe('$0.00800004');
    expect(formatMoney('1250.50000000', 'price')).toBe('$1,250.50');
    expect(formatMoney('-0.00050000', 'price')).toBe('-$0.0005');
  });

  it('shows a dash for missing or unreadable values', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney('abc')).toBe('-');
  });
});

describe('formatPercent', () => {
  it('trims trailing zeros', () => {
    expect(formatPercent('0.50000000')).toBe('0.5%');
    expect(formatPercent('10.00000000')).toBe('10%');
    expect(formatPercent('100.00000000')).toBe('100%');
    expect(formatPercent('0.12345678')).toBe('0.12345678%');
  });
});

describe('input helpers', () => {
  it('plainDecimal shows an amount without padding', () => {
    expect(plainDecimal('125.50000000')).toBe('125.5');
    expect(plainDecimal('100.00000000')).toBe('100');
    expect(plainDecimal('0.00000000')).toBe('0');
    expect(plainDecimal('oops')).toBe('oops');
  });

  it('sameAmount compares exactly', () => {
    expect(sameAmount('10', '10.00000000')).toBe(true);
    expect(sameAmount('10.00000001', '10')).toBe(false);
    expect(sameAmount('x', 'x')).toBe(false);
  });

  it('isPositiveAmount', () => {
    expect(isPositiveAmount('0.00000001')).toBe(true);
    expect(isPositiveAmount('0.00000000')).toBe(false);
    expect(isPositiveAmount(null)).toBe(false);
  });
});
