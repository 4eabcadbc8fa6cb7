/** `npm run bench:scale`, step 3: every scheduled job (src/jobs/jobs.ts) run twice and timed. */
import { sql } from 'kysely';
import type { Deps } from '../src/app';
import { jobs } from '../src/jobs/jobs';
import { excerpt } from './lib/stats';

export type JobTiming = {
  name: string;
  first: number;
  second: number;
  firstResult: string;
  secondResult: string;
  /** Rows the second run wrote to the tables jobs write (ledger, salary, CTO, reward windows, skips). */
  secondWrites: number;
  error: string | null;
};

const show = (v: unknown) =>
  excerpt(
    JSON.stringify(v ?? null, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? 'undefined',
    90,
  );

/** Rows in the tables a job may write, summed: a job that wrote nothing leaves it unchanged. */
async function footprint(deps: Deps): Promise<number> {
  const { rows } = await sql<{ n: bigint }>`SELECT (
      (SELECT count(*) FROM ledger_transactions) + (SELECT count(*) FROM ledger_entries)
    + (SELECT count(*) FROM salary_payments) + (SELECT count(*) FROM cto_payouts) + (SELECT count(*) FROM cto_shares)
    + (SELECT count(*) FROM member_rewards) + (SELECT count(*) FROM member_rewards WHERE status = 'working')
    + (SELECT count(*) FROM income_skips) + (SELECT count(*) FROM deposits WHERE status <> 'pending')
  )::bigint AS n`.execute(deps.db);
  return Number(rows[0]?.n ?? 0n);
}

export async function timeJobs(deps: Deps, log: (m: string) => void): Promise<JobTiming[]> {
  const out: JobTiming[] = [];
  for (const job of jobs) {
    const t: JobTiming = {
      name: job.name,
      first: Number.NaN,
      second: Number.NaN,
      firstResult: '',
      secondResult: '',
      secondWrites: 0,
      error: null,
    };
    try {
      let started = performance.now();
      t.firstResult = show(await job.run(deps, {}, new Date()));
      t.first = performance.now() - started;
      const before = await footprint(deps);
      started = performance.now();
      t.secondResult = show(await job.run(deps, {}, new Date()));
      t.second = performance.now() - started;
      t.secondWrites = (await footprint(deps)) - before;
    } catch (err) {
      t.error = excerpt(err instanceof Error ? err.message : String(err), 200);
    }
    log(
      `  ${job.name}: ${t.first.toFixed(0)} ms, then ${t.second.toFixed(0)} ms${t.error ? ` (error ${t.error})` : ''}`,
    );
    out.push(t);
  }
  return out;
}
