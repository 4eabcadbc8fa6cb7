/** "YYYY-MM" of a date (UTC, as the server groups by month). */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** The last `count` calendar months (UTC), newest first. */
export function recentMonths(count = 24, now = new Date()): string[] {
  const out: string[] = [];
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  for (let i = 0; i < count; i++) out.push(monthOf(new Date(Date.UTC(y, m - i, 1))));
  return out;
}

/** The last `count` months that have ended (UTC), newest first: what a monthly payout may pay. */
export const endedMonths = (count = 24, now = new Date()) => recentMonths(count + 1, now).slice(1);

/** The previous calendar month (UTC): the month a monthly payout usually closes. */
export function previousMonth(now = new Date()): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** First day of a month, "YYYY-MM-01". */
export const firstDay = (month: string) => `${month}-01`;

/** Last day of a month, "YYYY-MM-DD". */
export function lastDay(month: string): string {
  const [y = '1970', m = '01'] = month.split('-');
  return new Date(Date.UTC(Number(y), Number(m), 0)).toISOString().slice(0, 10);
}

/** Select options of months, optionally with an "all" entry first. */
export function monthOptions(months: readonly string[], all?: string) {
  return [
    ...(all === undefined ? [] : [{ value: '', label: all }]),
    ...months.map((m) => ({ value: m, label: m })),
  ];
}
