/**
 * Exact money for SocialGenX.
 *
 * Every amount (USD) and token quantity is an integer count of 10^-8 units held in a `bigint`.
 * Nothing in this module ever converts an amount to an IEEE float. Decimal text is parsed digit by
 * digit, and every computed value is rounded half-up once, at the end of its formula.
 */

/** Number of fractional digits of every amount. */
export const SCALE = 8;
/** 10^8: the number of units in one whole USD or token. */
export const UNIT = 100_000_000n;
/** Largest amount a Postgres bigint column can hold. */
export const MAX_UNITS = 9_223_372_036_854_775_807n;
/**
 * Largest amount (or token quantity, or price) one request field may carry: 1,000,000,000, i.e.
 * 10^17 units, a ninety-second of MAX_UNITS, so a sum of 90 of them, a balance, or an amount times
 * a percent below 100 still fits a bigint column (decision 0013).
 */
export const MAX_INPUT_UNITS = 1_000_000_000n * UNIT;

export type Units = bigint;

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-]?)\.(\d+)(?:[eE]([+-]?\d+))?$/;

/** Throws unless `value` is a bigint inside the bigint column range. */
export function assertUnits(value: unknown): asserts value is Units {
  if (typeof value !== 'bigint') throw new MoneyError('Amount must be an integer number of units');
  if (value > MAX_UNITS || value < -MAX_UNITS) throw new MoneyError('Amount is out of range');
}

/**
 * Parses decimal text ("125.5", "-0.00000001", "1e2") or a JS number into units, exactly.
 * A JS number is accepted only when it is a safe integer (so no float ever carries a fraction):
 * fractional amounts must arrive as text, which the API's JSON parser guarantees.
 * Refuses more than 8 significant fractional digits instead of rounding them away.
 */
export function parseUnits(input: string | number | bigint): Units {
  if (typeof input === 'bigint') return checked(input * UNIT);
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) {
      throw new MoneyError('Fractional amounts must be sent as decimal text');
    }
    return checked(BigInt(input) * UNIT);
  }
  const text = input.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new MoneyError(`Not a decimal amount: ${JSON.stringify(input)}`);
  const sign = (m[1] ?? m[5] ?? '') === '-' ? -1n : 1n;
  const whole = m[2] ?? '0';
  const frac = m[3] ?? m[6] ?? '';
  const exp = Number(m[4] ?? m[7] ?? '0');
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 40) throw new MoneyError('Exponent out of range');
  // digits * 10^(exp - frac.length) * 10^SCALE
  let digits = (whole + frac).replace(/^0+(?=\d)/, '');
  let shift = exp - frac.length + SCALE;
  if (shift < 0) {
    const cut = digits.slice(digits.length + shift);
    if (/[1-9]/.test(cut)) throw new MoneyError(`At most ${SCALE} decimal places are allowed`);
    digits = digits.slice(0, Math.max(0, digits.length + shift)) || '0';
    shift = 0;
  }
  if (digits.length + shift > 20) throw new MoneyError('Amount is out of range');
  return checked(sign * BigInt(digits) * 10n ** BigInt(shift));
}

function checked(value: bigint): Units {
  assertUnits(value);
  return value;
}

/** Whether `input` parses as an amount. */
export function isAmount(input: string | number): boolean {
  try {
    parseUnits(input);
    return true;
  } catch {
    return false;
  }
}

/** Formats units as fixed decimal text with `digits` fractional digits (default 8), rounding half-up away from zero. */
export function formatUnits(units: Units, digits: number = SCALE): string {
  assertUnits(units);
  if (!Number.isInteger(digits) || digits < 0 || digits > SCALE) throw new MoneyError('Bad digit count');
  const rounded = roundTo(units, digits);
  const negative = rounded < 0n;
  const abs = negative ? -rounded : rounded;
  const whole = abs / UNIT;
  const frac = (abs % UNIT).toString().padStart(SCALE, '0').slice(0, digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}

/** Rounds units half-up (away from zero) to `digits` fractional digits, returning units. */
export function roundTo(units: Units, digits: number): Units {
  const step = 10n ** BigInt(SCALE - digits);
  if (step === 1n) return units;
  return divRoundHalfUp(units, step) * step;
}

/** a / b rounded half-up (ties away from zero). b must not be zero. */
export function divRoundHalfUp(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new MoneyError('Division by zero');
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  const q = absA / absB;
  const r = absA % absB;
  const result = r * 2n >= absB ? q + 1n : q;
  return negative ? -result : result;
}

/** a * b / c rounded half-up once at the end. */
export function mulDiv(a: bigint, b: bigint, c: bigint): bigint {
  return divRoundHalfUp(a * b, c);
}

/**
 * `percent` of `amount`: both in units (a percent of 0.5 is 50_000_000n units), rounded half-up.
 * Used for ROI, level income, sponsor bonus and fees.
 */
export function percentOf(amount: Units, percent: Units): Units {
  return checked(mulDiv(amount, percent, 100n * UNIT));
}

/** Multiplies an amount by a quantity (both in units), e.g. tokens x price, rounded half-up. */
export function mulUnits(a: Units, b: Units): Units {
  return checked(mulDiv(a, b, UNIT));
}

export function minUnits(a: Units, b: Units): Units {
  return a < b ? a : b;
}

export function maxUnits(a: Units, b: Units): Units {
  return a > b ? a : b;
}

/** Sum of units. */
export function sumUnits(values: Iterable<Units>): Units {
  let total = 0n;
  for (const v of values) total += v;
  return checked(total);
}

/** Display: USD with 2 decimals and thousands separators, e.g. "1,234.50". */
export function formatUsd(units: Units): string {
  return groupThousands(formatUnits(units, 2));
}

/**
 * Money where a person reads it (decision 0055): USD to the cent with its sign before the dollar ("-$1,234.50"), SGX
 * with its own decimals and symbol ("1,234.5678 SGX"). `localise` regroups the decimal text (the web app moves
 * separators to the member's language); exact values stay in the API's answers and CSV files.
 */
export function formatAmount(
  units: Units,
  asset: 'USD' | 'SGX',
  localise: (decimal: string) => string = (d) => d,
): string {
  if (asset === 'SGX') return `${localise(formatToken(units))} SGX`;
  return withDollar(localise(formatUsd(units)));
}

/** "$" after the sign: "-$1.50", "$1.50". */
export const withDollar = (text: string): string =>
  text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;

/** Display: token quantity with 2 to 8 decimals (trailing zeros beyond the second trimmed). */
export function formatToken(units: Units): string {
  const full = formatUnits(units, SCALE);
  const [whole, frac = ''] = full.split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(2, '0');
  return `${groupThousands(whole ?? '0')}.${trimmed}`;
}

function groupThousands(text: string): string {
  const [whole = '0', frac] = text.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}
