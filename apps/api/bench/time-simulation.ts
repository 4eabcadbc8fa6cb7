/**
 * `npx tsx apps/api/bench/time-simulation.ts <database url> [runs] [days]`: times the plan-change simulation (decision
 * 0069) on a database `npm run bench:scale -- --keep` left running (`--history-days 90` seeds the claims a 90-day
 * replay needs): the last `days` (default 90) replayed under the rules in force and under a proposal (level 1 at
 * double its percent, the cap multiple 2.5x), then the latest solvency report's runway projected again. The target
 * (decision 0069): 100,000 members under 10 s, 1,000,000 under 60 s. Each run also reports the longest the event loop
 * waited meanwhile (the replay runs in the API's process; it must not stall its requests). The database is first
 * brought to the tree's migrations, and the members' income marks (earned-marks.ts) are made (timed: the first run
 * reads the whole history) unless `--without-marks` deletes them, which times the window read from the ledger alone.
 */

import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { SimulationProposal } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import pg from 'pg';
import { migrate } from '../src/db/migrate';
import { currentRules } from '../src/modules/rules/rule-versions';
import { closeEarnedMarks } from '../src/modules/simulation/earned-marks';
import { proposedRules } from '../src/modules/simulation/simulation.replay';
import { simulate } from '../src/modules/simulation/simulation.service';
import { keptDatabase } from './lib/kept';

const args = process.argv.slice(2).filter((a) => a !== '--without-marks');
const withoutMarks = process.argv.includes('--without-marks');
const url = args[0];
const runs = Number(args[1] ?? 3);
const days = Number(args[2] ?? 90);
if (!url) throw new Error('usage: time-simulation.ts <database url> [runs] [days] [--without-marks]');
const pool = new pg.Pool({ connectionString: url, max: 2 });
await migrate(pool).finally(() => pool.end());
const { database, deps } = keptDatabase(url);
if (withoutMarks) {
  await deps.db.deleteFrom('earned_mark_days').execute();
  console.log('income marks deleted: the window is read from the ledger alone');
} else {
  const t = performance.now();
  const latest = await closeEarnedMarks(deps.db);
  console.log(`income marks made up to ${latest} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const rules = await currentRules(deps.db);
const [first, ...rest] = rules.settings.levelPercents;
const proposal: SimulationProposal = {
  days,
  settings: {
    earningCapMultiplier: '2.5',
    levelPercents: [formatUnits(parseUnits(first ?? '0') * 2n), ...rest],
  },
};
const members = await deps.db
  .selectFrom('users')
  .select((eb) => eb.fn.countAll<string>().as('n'))
  .executeTakeFirstOrThrow();
for (let i = 0; i < runs; i++) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  let last = started;
  const phases: string[] = [];
  const result = await simulate(deps.db, proposal, proposedRules(rules, proposal), async (p) => {
    const t = performance.now();
    phases.push(`${p}%@${((t - last) / 1000).toFixed(1)}s`);
    last = t;
  });
  const ms = performance.now() - started;
  delay.disable();
  console.log(
    `run ${i + 1}: ${(ms / 1000).toFixed(1)} s (${phases.join(' ')}), event loop waited at most ${(
      delay.max / 1e6
    ).toFixed(0)} ms, ${members.n} members, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' / ',
      )}; fidelity ${result.fidelity.exact ? 'exact' : `off by ${result.fidelity.difference}`}, totals ${
      result.totals.replayed_current
    } -> ${result.totals.replayed_proposed}, cap reached ${result.cap_reached.current} -> ${result.cap_reached.proposed}`,
  );
}
await database.close();
