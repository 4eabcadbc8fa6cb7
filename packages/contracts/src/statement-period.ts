/**
 * The periods of member statements (decision 0043), without zod so the web app's statement page can
 * check a period before asking: whole UTC days written YYYY-MM-DD, both ends included, at most a year.
 */
export const statementWallets = ['deposit', 'working', 'non_working', 'compound', 'sgx'] as const;
export type StatementWalletName = (typeof statementWallets)[number];

/** The longest period one statement covers: from a date to the day before the same date a year later. */
export const STATEMENT_MAX_MONTHS = 12;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `v` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The day `months` calendar months after `day` (YYYY-MM-DD, UTC), clamped to the month's last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The first and last day of a month written YYYY-MM. */
export function monthPeriod(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const next = new Date(`${addMonths(from, 1)}T00:00:00Z`);
  return { from, to: new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10) };
}

export type PeriodProblem = 'reversed' | 'too_long';

/** What is wrong with a period of two real days, or null: reversed, or a year or longer. */
export function periodProblemOf(from: string, to: string): PeriodProblem | null {
  if (to < from) return 'reversed';
  if (to >= addMonths(from, STATEMENT_MAX_MONTHS)) return 'too_long';
  return null;
}
