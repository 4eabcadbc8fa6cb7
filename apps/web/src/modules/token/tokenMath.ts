import { divRoundHalfUp, formatToken, formatUnits, mulDiv, mulUnits, parseUnits, UNIT } from '@sgx/money';
import { localiseDecimal } from '../../ui/format';

/**
 * Exact arithmetic for the token screens, all in bigint units of 10^-8 (never a float). The predictions
 * mirror the server's own formulas (token.service.ts) so that what a summary predicts is what the trade does.
 */

/** The one token the product trades. */
export const TOKEN_ID = 1;

/** What the member typed in an amount or price field. */
export type AmountReading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'not-positive' }
  | { kind: 'ok'; units: bigint; text: string };

/** Reads decimal text exactly. `text` of an ok reading is the canonical form the API takes ("1000.00000000"). */
export function readAmount(raw: string): AmountReading {
  const value = raw.trim();
  if (value === '') return { kind: 'empty' };
  let units: bigint;
  try {
    units = parseUnits(value);
  } catch {
    return { kind: 'invalid' };
  }
  if (units <= 0n) return { kind: 'not-positive' };
  return { kind: 'ok', units, text: formatUnits(units) };
}

/** Units of decimal text from the API, or null when unreadable. */
export function unitsOf(value: string | null | undefined): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return parseUnits(value);
  } catch {
    return null;
  }
}

/**
 * A per-token price in USD: 2 to 8 decimals, since SGX trades at fractions of a cent ("$0.00800004"), with the
 * member's separators (moved as text, never through a float).
 */
export function formatPriceUnits(units: bigint): string {
  const text = localiseDecimal(formatToken(units));
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Same as formatPriceUnits, with a + in front of a rise. */
export function formatSignedPriceUnits(units: bigint): string {
  return units > 0n ? `+${formatPriceUnits(units)}` : formatPriceUnits(units);
}

/** The multiplier as a growth factor: "1.00000000" -> "1x", "1.25000000" -> "1.25x". */
export function formatMultiplier(value: string | null | undefined): string {
  const units = unitsOf(value);
  if (units === null) return '-';
  const text = formatUnits(units);
  return `${localiseDecimal(text.replace(/\.?0+$/, ''))}x`;
}

/** A percent held as hundredths (1250n = 12.50%) as text with 2 decimals: "12.50". */
function hundredthsToText(hundredths: bigint): string {
  return formatUnits(hundredths * 1_000_000n, 2);
}

/** Percent change from `from` to `to`, 2 decimals, or null when `from` is 0. */
export function percentChange(from: bigint, to: bigint): string | null {
  if (from === 0n) return null;
  return hundredthsToText(divRoundHalfUp((to - from) * 10_000n, from));
}

/** "12.50" -> "+12.50%", "-3.00" -> "-3.00%", "0.00" -> "0.00%". */
export function formatSignedPercent(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return '-';
  const units = unitsOf(text);
  if (units === null) return '-';
  return `${units > 0n ? '+' : ''}${localiseDecimal(formatUnits(units, 2))}%`;
}

/** -1, 0 or 1: whether decimal text is a loss, nothing, or a profit. */
export function signOf(value: string | bigint | null | undefined): -1 | 0 | 1 {
  const units = typeof value === 'bigint' ? value : unitsOf(value);
  if (units === null || units === 0n) return 0;
  return units > 0n ? 1 : -1;
}

/** Green for a profit, red for a loss, dimmed for nothing. */
export function pnlColor(value: string | bigint | null | undefined): string {
  const s = signOf(value);
  return s > 0 ? 'green' : s < 0 ? 'red' : 'dimmed';
}

export interface HoldingNumbers {
  quantity: string;
  totalInvested: string;
}

export interface BuyPrediction {
  newQuantity: bigint;
  newInvested: bigint;
  newAverage: bigint;
}

/** After buying `amount` for `total`: the server adds the total to the amount invested, average = invested / quantity. */
export function predictBuy(holding: HoldingNumbers, amount: bigint, total: bigint): BuyPrediction {
  const quantity = parseUnits(holding.quantity);
  const invested = parseUnits(holding.totalInvested);
  const newQuantity = quantity + amount;
  const newInvested = invested + total;
  return { newQuantity, newInvested, newAverage: divRoundHalfUp(newInvested * UNIT, newQuantity) };
}

export interface SellPrediction {
  remaining: bigint;
  costBasis: bigint;
  profitLoss: bigint;
  /** Percent of the cost basis, 2 decimals ("0.50"), or null without a cost basis. */
  profitLossPercent: string | null;
}

/** After selling `amount` for `proceeds`: the cost basis leaves in proportion to the quantity sold. */
export function predictSell(holding: HoldingNumbers, amount: bigint, proceeds: bigint): SellPrediction {
  const quantity = parseUnits(holding.quantity);
  const invested = parseUnits(holding.totalInvested);
  const remaining = quantity - amount;
  const costBasis = remaining === 0n ? invested : quantity > 0n ? mulDiv(invested, amount, quantity) : 0n;
  const profitLoss = proceeds - costBasis;
  const profitLossPercent =
    costBasis > 0n ? hundredthsToText(divRoundHalfUp(profitLoss * 10_000n, costBasis)) : null;
  return { remaining, costBasis, profitLoss, profitLossPercent };
}

/** What a price change does to the value of every token in circulation. */
export function portfolioImpact(circulating: bigint, change: bigint): bigint {
  return mulUnits(circulating, change);
}

/** The spot price of the curve: base x multiplier x (1 + circulating / supply), rounded as the server does. */
export function curvePrice(base: bigint, multiplier: bigint, supply: bigint, circulating: bigint): bigint {
  if (supply === 0n) return 0n;
  return divRoundHalfUp(base * multiplier * (supply + circulating), UNIT * supply);
}

export interface ChartPoint {
  /** Seconds since 1970 (the chart's time axis). */
  time: number;
  /** Price in units of 10^-8 USD: an integer, exact as a JS number below 2^53 (90 million USD). */
  value: number;
}

/**
 * Price history (newest first, as the API lists it) as ascending chart points. The chart needs strictly
 * increasing times in whole seconds: changes within the same second (a burst of trades) are drawn one
 * second apart, so that every change stays visible. Prices go to the chart as whole units of 10^-8 USD,
 * never as fractional dollars, and its axis labels are formatted back with bigint.
 */
export function chartPoints(history: readonly { price: string; created_at: string; id: number }[]) {
  const sorted = [...history].sort((a, b) => a.id - b.id);
  const points: ChartPoint[] = [];
  for (const row of sorted) {
    const units = unitsOf(row.price);
    const at = Date.parse(row.created_at);
    if (units === null || Number.isNaN(at) || units > BigInt(Number.MAX_SAFE_INTEGER)) continue;
    const last = points[points.length - 1];
    const second = Math.floor(at / 1000);
    const time = last !== undefined && last.time >= second ? last.time + 1 : second;
    points.push({ time, value: Number(units) });
  }
  return points;
}

/** Axis label for a chart value (units of 10^-8 USD). */
export function formatChartPrice(value: number): string {
  if (!Number.isFinite(value)) return '';
  return formatPriceUnits(BigInt(Math.round(value)));
}
