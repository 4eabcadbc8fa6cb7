/** The tables `npm run bench:scale` prints (Markdown, pasteable into docs/benchmarks.md). */

import { excerpt, ms, printTable } from './lib/stats';
import type { JobTiming } from './scale-jobs';
import { READ_TARGET_MS, type ReadTiming } from './scale-reads';

export const JOB_TARGET_MS = 5000;

/** Prints the jobs; false when one failed. */
export function printJobs(jobs: JobTiming[]): boolean {
  let good = true;
  const rows = jobs.map((j) => {
    const fast = j.first < JOB_TARGET_MS && j.second < JOB_TARGET_MS;
    const noop = j.secondWrites === 0;
    if (j.error) good = false;
    return [
      j.name,
      j.error ? 'error' : ms(j.first),
      j.error ? '' : ms(j.second),
      j.error ? '' : noop ? 'no-op' : `wrote ${j.secondWrites} rows`,
      j.error ? excerpt(j.error, 90) : j.firstResult,
      `<${JOB_TARGET_MS / 1000} s, 2nd a no-op`,
      j.error ? 'error' : fast && noop ? 'met' : 'missed',
    ];
  });
  printTable(['job', '1st run ms', '2nd run ms', '2nd run', '1st run returned', 'target', ''], rows);
  return good;
}

export function printReads(reads: ReadTiming[]): void {
  const rows = reads.map((r) => {
    const target = READ_TARGET_MS[r.group];
    return [
      r.group,
      r.label,
      r.as,
      r.error ? excerpt(r.error, 60) : r.size,
      ms(r.serverMs),
      ms(r.clientMs),
      `<${target} ms`,
      r.error ? 'error' : r.serverMs < target ? 'met' : 'missed',
    ];
  });
  printTable(['group', 'read', 'as', 'answer', 'server ms', 'client ms', 'target', ''], rows);
  console.log(
    "server ms: Fastify's time from request to response sent (server-timing); client ms: the round trip",
  );
}
