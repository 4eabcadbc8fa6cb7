import { badRequest, businessRule } from '../../http/errors';

/** The first instant (UTC) of `month` (YYYY-MM) moved by `add` months: a range the created_at index can use. */
export function monthStart(month: string, add = 0): Date {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1 + add, 1));
}

/**
 * A monthly payout (CTO pool, salary) is paid once per month, so paying a month that has not ended
 * would pay on part of it and lock the rest out for good: refused until the month is over (UTC), and
 * for months that do not exist (decision 0018).
 */
export function assertMonthEnded(month: string, what: string, now = Date.now()): void {
  const m = Number(month.slice(5, 7));
  if (!/^\d{4}-\d{2}$/.test(month) || m < 1 || m > 12)
    throw badRequest('Use YYYY-MM.', { month: ['Use YYYY-MM.'] });
  if (monthStart(month, 1).getTime() > now)
    throw businessRule(`The ${what} of ${month} can be paid once the month has ended.`);
}
