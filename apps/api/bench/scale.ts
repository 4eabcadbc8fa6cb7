/**
 * `npm run bench:scale -- --members N [--audit A] [--keep] [--history-days D] [--history-copies K] [--calls C]`
 *
 * Loads N members into a fresh database (set-based SQL, chunked: a realistic referral tree, plans,
 * deposits, income and the ledger consistent with its entries; with K, the ledger's history copied K times further
 * back: scale-history.ts), proves it reconciles, runs every job
 * twice and times each, writes A audit entries (5,000,000 by default: decision 0042), then times the member,
 * referral and admin reads, the audit searches among them, through HTTP. `--keep` leaves
 * the database running (until Ctrl-C) and prints its URL. Not a test.
 */
import pg from 'pg';
import { buildDeps, type Deps } from '../src/app';
import { APP_ROLE, connect, type Database } from '../src/db';
import { hashPassword } from '../src/modules/auth/passwords';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { reconcileIncrement } from '../src/modules/ledger/reconcile-increment';
import { checkTeamCounters } from '../src/modules/members/counters';
import { checkKnown, intFlag, parseFlags } from './lib/args';
import { benchConfig } from './lib/config';
import { Client } from './lib/load';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { codeVersion, logger, onInterrupt, printHeader } from './lib/report';
import { type ServerProcess, startServerProcess } from './lib/server';
import { loadAverage, secs } from './lib/stats';
import { loadAuditRows } from './scale-audit';
import { copyHistory } from './scale-history';
import { timeJobs } from './scale-jobs';
import { platform } from './scale-platform';
import { timeProofBuild } from './scale-proof';
import { benchReadSet } from './scale-read-set';
import { timeReads } from './scale-reads';
import { printJobs, printProofBuild, printReads } from './scale-report';
import { loadRows, rebuildRollups } from './scale-rows';
import { layoutFor, stageMembers } from './scale-tree';

const flags = parseFlags();
checkKnown(flags, ['members', 'audit', 'keep', 'history-days', 'history-copies', 'calls']);
const n = intFlag(flags, 'members', 10_000);
const historyDays = intFlag(flags, 'history-days', 2);
const historyCopies = intFlag(flags, 'history-copies', 0);
const calls = intFlag(flags, 'calls', 7);
const auditEntries = intFlag(flags, 'audit', 5_000_000);
const keep = flags.has('keep');
const PASSWORD = 'Bench12345!';

printHeader(`SocialGenX at scale: ${n.toLocaleString('en')} members (npm run bench:scale)`);
const log = logger();
let bench: BenchPostgres | undefined;
let database: Database | undefined;
let loader: pg.Client | undefined;
let server: ServerProcess | undefined;
let client: Client | undefined;
const cleanup = async () => {
  client?.close();
  await server?.stop().catch(() => undefined);
  await loader?.end().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await bench?.stop().catch(() => undefined);
};
onInterrupt(cleanup);

async function proveLedger(deps: Deps, when: string): Promise<boolean> {
  const started = performance.now();
  const r = await reconcile(deps.db);
  const c = await checkTeamCounters(deps.db);
  const ok =
    r.mismatches.length + r.unbalanced.length + r.earned_mismatches.length + r.derived_mismatches.length ===
      0 && c.mismatches.length === 0;
  log(
    `  ${ok ? 'ok' : 'FAIL'} ${when}: ledger ${r.accounts.toLocaleString('en')} accounts, ${r.mismatches.length} balance mismatches, ${r.unbalanced.length} unbalanced, ${r.earned_mismatches.length} total_earned mismatches, ${r.derived_mismatches.length} derived mismatches; team counters ${c.mismatches.length} mismatches (${secs(performance.now() - started)})`,
  );
  return ok;
}

let good = true;
let kept = false;
try {
  bench = await startBenchPostgres('scale', log);
  database = connect(bench.url, 4, APP_ROLE);
  const config = benchConfig();
  const deps = buildDeps(config, database.db);
  const passwordHash = await hashPassword(PASSWORD);
  const ids = await platform(deps, passwordHash);

  loader = new pg.Client({ connectionString: bench.url });
  await loader.connect();
  await loader.query(
    "SET temp_buffers = '512MB'; SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off",
  );
  const base = Number((await loader.query<{ m: string }>('SELECT max(id) AS m FROM users')).rows[0]?.m ?? 0);
  const layout = layoutFor(n, base, historyDays);
  const chain = layout.chains[0];
  log(
    `loading: leader with ${layout.leaderDirects.toLocaleString('en')} directs, ${layout.chains.length} chain(s) ${chain?.length.toLocaleString('en')} deep, the rest under random earlier members; ${historyDays} days of ROI`,
  );
  const loadStart = performance.now();
  await stageMembers(loader, layout, log);
  await loadRows(loader, layout, { ...ids, passwordHash }, log);
  await copyHistory(loader, historyCopies, log);
  const loadMs = performance.now() - loadStart;
  const rollupMs = await rebuildRollups(loader).catch((err: unknown) => {
    log(`  could not fill the rollups (${err instanceof Error ? err.message : String(err)}); reads will`);
    return null;
  });
  if (rollupMs !== null)
    log(`  rollups of the history filled in ${secs(rollupMs)} (rollup_fill, as on a first read)`);
  const vacuumStart = performance.now();
  await loader.query('VACUUM ANALYZE');
  log(`loaded in ${secs(loadMs)}, VACUUM ANALYZE ${secs(performance.now() - vacuumStart)}`);
  const sizes = await loader.query<{ users: string; tx: string; entries: string; size: string }>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM ledger_transactions) AS tx,
            (SELECT count(*) FROM ledger_entries) AS entries, pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  const s = sizes.rows[0];
  log(
    `  ${Number(s?.users).toLocaleString('en')} users, ${Number(s?.tx).toLocaleString('en')} ledger transactions, ${Number(s?.entries).toLocaleString('en')} entries, database ${s?.size}`,
  );
  good = (await proveLedger(deps, 'after loading')) && good;

  // Before the jobs: the daily job would build today's tree first (its run is timed with the jobs then).
  log('proof of liabilities: the tree over every member');
  const proofBuild = await timeProofBuild(deps);
  log(
    `  ${proofBuild.leaves.toLocaleString('en')} leaves in ${secs(proofBuild.ms)}, peak memory +${proofBuild.peakMb.toFixed(0)} MB`,
  );
  const proofCheck = await reconcile(deps.db);
  if (proofCheck.proof_mismatches.length > 0) {
    good = false;
    log(`  FAIL the tree's totals differ from the ledger: ${proofCheck.proof_mismatches.join('; ')}`);
  } else log("  ok the tree's totals equal the ledger's member liabilities");

  log('jobs, each run twice');
  const jobTimings = await timeJobs(deps, log);
  good = (await proveLedger(deps, 'after the jobs')) && good;
  // The incremental reconciliation (decision 0086) over what the jobs wrote this hour: its job ran above (the first
  // run read all history); this one closes the current hour too, so that it reads only the hour's transactions.
  const incrementStarted = performance.now();
  const increment = await reconcileIncrement(deps.db, new Date(Date.now() + 3_600_000));
  log(
    `  ${increment.mismatches.length === 0 ? 'ok' : 'FAIL'} the incremental reconciliation of this hour: ${increment.transactions.toLocaleString('en')} transactions, ${increment.accounts.toLocaleString('en')} accounts, ${increment.mismatches.length} mismatches (${secs(performance.now() - incrementStarted)})`,
  );
  good = increment.mismatches.length === 0 && good;

  const B = layout.base;
  const member = await loader.query<{ id: string }>(
    `SELECT id FROM users WHERE id >= $1 AND is_active = 'active' ORDER BY id LIMIT 1`,
    [B + layout.randomFrom + Math.floor((n - layout.randomFrom) / 2)],
  );
  const memberId = Number(member.rows[0]?.id ?? B + n);
  const leaderId = B + 2;
  const code = (i: number) => `R${String(i).padStart(8, '0')}`;
  const session = async (id: number, role: 'user' | 'admin') =>
    (await deps.sessions.create(deps.db, BigInt(id), role, { ip: '127.0.0.1', userAgent: 'sgx-bench' }))
      .token;
  const adminToken = await session(ids.admin, 'admin');
  const memberToken = await session(memberId, 'user');
  const leaderToken = await session(leaderId, 'user');
  const chainTop = B + (chain?.start ?? 3);
  const chainTopToken = await session(chainTop, 'user');
  const bottom = code((chain?.start ?? 3) + (chain?.length ?? 1) - 1);

  server = await startServerProcess(bench.url);
  client = new Client(server.base, 1);
  log(
    `reads through HTTP at ${server.base} (code ${codeVersion()}): median of ${calls} calls after one warm-up`,
  );
  log(`audit trail: ${auditEntries.toLocaleString('en')} entries`);
  await loadAuditRows(
    loader,
    { count: auditEntries, actors: [ids.admin, memberId, leaderId], firstMember: B + 1, members: n },
    log,
  );
  const reads = await benchReadSet(client, loader, {
    memberId,
    leaderId,
    adminId: ids.admin,
    leaderCode: code(2),
    bottomCode: bottom,
    search: `member${Math.floor(n / 3)}@`,
    tokens: { admin: adminToken, member: memberToken, leader: leaderToken, chainTop: chainTopToken },
  });
  const readTimings = await timeReads(client, reads, calls);
  client.close();
  await server.stop();

  console.log(`\nload avg  ${loadAverage()} (1 / 5 / 15 min) after`);
  console.log(
    `\n${n.toLocaleString('en')} members, loaded in ${secs(loadMs)}; ${Number(s?.entries).toLocaleString('en')} ledger entries\n`,
  );
  good = printJobs(jobTimings) && good;
  console.log();
  printProofBuild(proofBuild);
  console.log();
  printReads(readTimings);
  console.log(good ? '\nledger reconciles and team counters hold\n' : '\nCHECKS FAILED (see above)\n');
  process.exitCode = good ? 0 : 1;

  if (keep) {
    kept = true;
    console.log(`database kept running: ${bench.url}`);
    console.log(`  start the app on it:  DATABASE_URL='${bench.url}' npm start`);
    console.log(`  sign in as admin@bench.example or member<i>@bench.example, password ${PASSWORD}`);
    console.log('  press Ctrl-C to stop it (its folder is removed then)');
    await loader.end();
    loader = undefined;
    await new Promise<never>(() => undefined);
  }
} finally {
  if (!kept) await cleanup();
}
