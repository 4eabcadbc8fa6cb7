import { parseUnits } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  curvePrice,
  formatChartPrice,
  formatMultiplier,
  formatPriceUnits,
  formatSignedPercent,
  percentChange,
  portfolioImpact,
  predictBuy,
  predictSell,
  readAmount,
} from './tokenMath';

const u = parseUnits;

describe('readAmount', () => {
  it('reads exact decimal text into the canonical form the API takes', () => {
    expect(readAmount('1000')).toEqual({ kind: 'ok', units: u('1000'), text: '1000.00000000' });
    expect(readAmount(' 0.00000001 ')).toEqual({ kind: 'ok', units: 1n, text: '0.00000001' });
  });
  it('tells empty, not positive and malformed apart', () => {
    expect(readAmount('')).toEqual({ kind: 'empty' });
    expect(readAmount('0')).toEqual({ kind: 'not-positive' });
    expect(readAmount('-5')).toEqual({ kind: 'not-positive' });
    expect(readAmount('1.123456789').kind).toBe('invalid');
    expect(readAmount('abc').kind).toBe('invalid');
  });
});

describe('display', () => {
  it('shows per-token prices with 2 to 8 decimals', () => {
    expect(formatPriceUnits(u('0.00800004'))).toBe('$0.00800004');
    expect(formatPriceUnits(u('1234.5'))).toBe('$1,234.50');
    expect(formatPriceUnits(u('-0.0004'))).toBe('-$0.0004');
  });
  it('shows the multiplier as a growth factor', () => {
    expect(formatMultiplier('1.00000000')).toBe('1x');
    expect(formatMultiplier('1.25000000')).toBe('1.25x');
    expect(formatMultiplier(null)).toBe('-');
  });
  it('signs percentages', () => {
    expect(formatSignedPercent('12.50')).toBe('+12.50%');
    expect(formatSignedPercent('-3')).toBe('-3.00%');
    expect(formatSignedPercent('0.00')).toBe('0.00%');
  });
  it('formats chart axis values (units) back through bigint', () => {
    expect(formatChartPrice(800004)).toBe('$0.00800004');
    expect(formatChartPrice(800004.4)).toBe('$0.00800004');
  });
});

describe('predictions mirror the server', () => {
  it('a first buy of 1,000 at a total of 8.00004 averages 0.00800004', () => {
    const p = predictBuy({ quantity: '0', totalInvested: '0' }, u('1000'), u('8.00004'));
    expect(p).toEqual({ newQuantity: u('1000'), newInvested: u('8.00004'), newAverage: u('0.00800004') });
  });
  it('a second buy averages over everything invested', () => {
    const p = predictBuy({ quantity: '1000', totalInvested: '8' }, u('1000'), u('9'));
    expect(p.newAverage).toBe(u('0.0085'));
  });
  it('a sell takes its share of the cost basis and reports the P&L on it', () => {
    const p = predictSell({ quantity: '1000', totalInvested: '8' }, u('400'), u('3.6'));
    expect(p).toEqual({
      remaining: u('600'),
      costBasis: u('3.2'),
      profitLoss: u('0.4'),
      profitLossPercent: '12.50',
    });
  });
  it('selling everything takes the whole cost basis', () => {
    const p = predictSell({ quantity: '3', totalInvested: '1' }, u('3'), u('0.9'));
    expect(p.costBasis).toBe(u('1'));
    expect(p.profitLossPercent).toBe('-10.00');
  });
  it('price change and portfolio impact', () => {
    expect(percentChange(u('0.008'), u('0.0088'))).toBe('10.00');
    expect(percentChange(0n, u('1'))).toBeNull();
    expect(portfolioImpact(u('600'), u('0.0008'))).toBe(u('0.48'));
  });
  it('the curve gives the first price and rises with circulation', () => {
    const supply = u('100000000');
    expect(curvePrice(u('0.008'), u('1'), supply, 0n)).toBe(u('0.008'));
    expect(curvePrice(u('0.008'), u('1'), supply, u('1000'))).toBe(u('0.00800008'));
  });
});

describe('chartPoints', () => {
  it('orders points by time and draws changes of the same second one second apart', () => {
    const points = chartPoints([
      { id: 3, price: '0.00800010', created_at: '2026-01-01T00:00:05.900Z' },
      { id: 2, price: '0.00800008', created_at: '2026-01-01T00:00:05.100Z' },
      { id: 1, price: '0.00800000', created_at: '2026-01-01T00:00:01.000Z' },
    ]);
    expect(points).toEqual([
      { time: 1767225601, value: 800000 },
      { time: 1767225605, value: 800008 },
      { time: 1767225606, value: 800010 },
    ]);
  });
});
