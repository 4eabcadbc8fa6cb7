/**
 * `npx tsx apps/api/bench/time-solvency.ts <database url> [runs]`: times the solvency report of today (decision
 * 0068) on a database `npm run bench:scale -- --keep` left running (its proof of today built), recomputing it each
 * run (the admin's "compute now"; the daily job computes it once), with the load average beside each run.
 */

import { loadavg } from 'node:os';
import { utcDay } from '../src/modules/proof/proof.service';
import { SolvencyService } from '../src/modules/solvency/solvency.service';
import { keptDatabase } from './lib/kept';

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
if (!url) throw new Error('usage: time-solvency.ts <database url> [runs]');
const { database, deps } = keptDatabase(url);
const service = new SolvencyService(deps.db, deps.settings);
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const { report } = await service.buildDay(utcDay(new Date()), true);
  const ms = performance.now() - started;
  console.log(
    `run ${i + 1}: ${(ms / 1000).toFixed(1)} s, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' / ',
      )}; owed ${report.owed_now}, proof ${report.proof_total}, earnable ${report.earnable.total}, gini ${report.health.gini}, cohorts ${report.cohorts.length}`,
  );
}
await database.close();
