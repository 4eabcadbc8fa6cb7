import { formatUnits, parseUnits } from '@sgx/money';
import { localiseDecimal } from '../../ui/format';

/**
 * The public solvency figures as the proof page writes them (decision 0068), exactly: the API's ratio text
 * ("1.2345", reserves / owed, four places) times 100 with two places, never through a float.
 */
export function coveragePercent(ratio: string | null | undefined): string | null {
  if (ratio === null || ratio === undefined || ratio === '') return null;
  let units: bigint;
  try {
    units = parseUnits(ratio);
  } catch {
    return null;
  }
  return `${localiseDecimal(formatUnits(units * 100n, 2))}%`;
}

/** The runway's horizon: the API counts at most this many days, meaning "a year or more". */
export const RUNWAY_HORIZON_DAYS = 365;

/** Which text says the days covered: a year or more, one day, or a count. */
export function runwayKey(days: number): { key: 'yearOrMore' | 'dayOne' | 'dayMany'; n: number } {
  if (days >= RUNWAY_HORIZON_DAYS) return { key: 'yearOrMore', n: days };
  return { key: days === 1 ? 'dayOne' : 'dayMany', n: days };
}
