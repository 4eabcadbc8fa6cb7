/** The tables `npm run bench:scale` prints (Markdown, pasteable into docs/benchmarks.md). */

import { excerpt, ms, printTable } from './lib/stats';
import type { JobTiming } from './scale-jobs';
import { PROOF_BUILD_TARGET, type ProofBuildTiming } from './scale-proof';
import { READ_TARGET_MS, type ReadTiming } from './scale-reads';

export const JOB_TARGET_MS = 5000;
/** Jobs with a target of their own: the solvency report, 30 s at 1,000,000 members (decision 0068). */
const jobTargetMs: Record<string, number> = { 'solvency-daily': 30_000 };

/** Prints the jobs; false when one failed. */
export function printJobs(jobs: JobTiming[]): boolean {
  let good = true;
  const rows = jobs.map((j) => {
    const target = jobTargetMs[j.name] ?? JOB_TARGET_MS;
    const fast = j.first < target && j.second < target;
    const noop = j.secondWrites === 0;
    if (j.error) good = false;
    return [
      j.name,
      j.error ? 'error' : ms(j.first),
      j.error ? '' : ms(j.second),
      j.error ? '' : noop ? 'no-op' : `wrote ${j.secondWrites} rows`,
      j.error ? excerpt(j.error, 90) : j.firstResult,
      `<${target / 1000} s, 2nd a no-op`,
      j.error ? 'error' : fast && noop ? 'met' : 'missed',
    ];
  });
  printTable(['job', '1st run ms', '2nd run ms', '2nd run', '1st run returned', 'target', ''], rows);
  return good;
}

/** The proof of liabilities' tree: time and peak memory against decision 0044's targets. */
export function printProofBuild(b: ProofBuildTiming): void {
  const met = b.ms < PROOF_BUILD_TARGET.ms && b.peakMb < PROOF_BUILD_TARGET.mb;
  printTable(
    ['step', 'leaves', 'ms', 'peak memory MB', 'target', ''],
    [
      [
        'proof of liabilities tree',
        b.leaves.toLocaleString('en'),
        ms(b.ms),
        b.peakMb.toFixed(0),
        `<${PROOF_BUILD_TARGET.ms / 1000} s, <${PROOF_BUILD_TARGET.mb} MB at 1,000,000`,
        met ? 'met' : 'missed',
      ],
    ],
  );
}

export function printReads(reads: ReadTiming[]): void {
  const rows = reads.map((r) => {
    const target = r.targetMs ?? READ_TARGET_MS[r.group];
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
