import type { Deps } from '../app';
import { runSalary } from '../modules/income/salary.job';

/** A scheduled job: its queue name, when it runs (cron, UTC), and what it does. Every job is idempotent. */
export type JobDefinition<T extends object = object> = {
  name: string;
  cron: string;
  describe: string;
  run: (deps: Deps, data: T, now: Date) => Promise<unknown>;
};

/** The calendar month before `now`, as YYYY-MM (UTC). */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const jobs: JobDefinition<{ month?: string }>[] = [
  {
    name: 'salary-monthly',
    cron: '30 0 1 * *',
    describe: "Pays each qualified member last month's salary tier (00:30 UTC on the 1st).",
    run: (deps, data, now) => runSalary(deps.db, deps.settings, data.month ?? previousMonth(now)),
  },
];
