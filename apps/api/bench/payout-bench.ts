/**
 * `npm run bench -- --only payouts [--payout-runs R]` (also run after the money endpoints by default): decision 0034's
 * "Speed". Chain 56 on a real anvil with the test stablecoin and the BatchPayout contract, set by two admins in the
 * chain settings through the API; each run makes 200 members' working withdrawals approved through the real
 * decide path (their payouts waiting), then times `prepareBatch` (the server's call, its head read included), has
 * the operator's wallet approve and send the batch's calldata and anvil mine its confirmations (not timed), and
 * times `deps.chainPayouts.verifier.check` (the server finds the transaction by the batch's BatchPaid log, reads its
 * receipt and completes every withdrawal). Each batch must end paid with one completion per payout; the ledger
 * must reconcile. The server's time in PostgreSQL (pg_stat_statements + WAL I/O) and the pool's round trips are
 * read around each call, so what is not PostgreSQL (node calls, decoding, matching) shows too.
 */

import { randomBytes } from 'node:crypto';
import { approveCalldata, minConfirmationsOf } from '@sgx/chain';
import {
  DEV_ACCOUNTS,
  type DevChain,
  deployBatchPayout,
  deployTestStablecoin,
  mine,
  mintTestStablecoin,
  startAnvil,
} from '@sgx/chain/dev';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Address } from 'viem';
import { type App, buildApp, buildDeps, type Deps } from '../src/app';
import { APP_ROLE, connect, type Database } from '../src/db';
import type { Principal } from '../src/http/access';
import { prepareBatch } from '../src/modules/chain-payouts/payouts.prepare';
import { post, reconcile } from '../src/modules/ledger/ledger.service';
import { twoAdmins } from '../test/approvals';
import { configureChain } from '../test/chain-config';
import { buildMember } from '../test/factories';
import { rpc } from './lib/anvil-batch';
import { benchConfig } from './lib/config';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import {
  readStatementStats,
  readWalIoMs,
  resetStatementStats,
  type StatementStat,
  watchPool,
} from './lib/statement-stats';
import { excerpt, loadAverage, median, ms, printTable, timed } from './lib/stats';

const CHAIN = 56;
const DECIMALS = 18;
/** Decision 0034: verifying a batch of 200 under 1 s of server time, preparing it under 200 ms. */
const TARGETS = { prepare: 200, verify: 1_000 } as const;
const OPERATOR = DEV_ACCOUNTS[7] as { address: Address };

export type PayoutBenchOptions = { payouts: number; runs: number };

/** One timed call: wall time in the app, PostgreSQL's own time, the pool's statements and round trips. */
type Timing = { wallMs: number; pgMs: number; walMs: number; statements: number; roundTripMs: number };
type RunResult = { label: string; prepare: Timing; verify: Timing; stats: StatementStat[]; ok: boolean };

type Context = {
  deps: Deps;
  url: string;
  database: Database;
  watched: ReturnType<typeof watchPool>;
  anvil: DevChain;
  usdt: Address;
  confirmations: number;
  adminA: Principal;
  adminB: Principal;
  log: (m: string) => void;
};

/** Runs the payout bench end to end; resolves true when every batch ended paid in full and the ledger reconciles. */
export async function runPayoutBench(o: PayoutBenchOptions, log: (m: string) => void): Promise<boolean> {
  let bench: BenchPostgres | undefined;
  let database: Database | undefined;
  let anvil: DevChain | undefined;
  let app: App | undefined;
  const runs: RunResult[] = [];
  let good = true;
  try {
    bench = await startBenchPostgres('payouts', log, { statementStats: true });
    anvil = await startAnvil({ chainId: CHAIN });
    const usdt = await deployTestStablecoin(anvil.url, { decimals: DECIMALS, symbol: 'USDT' });
    await mintTestStablecoin(anvil.url, usdt, OPERATOR.address, 10n ** 9n * 10n ** BigInt(DECIMALS));
    const contract = await deployBatchPayout(anvil.url);
    database = connect(bench.url, 4, APP_ROLE);
    const watched = watchPool(database.pool);
    const config = benchConfig({
      CHAIN_RPC_URL_56: anvil.url,
    });
    const deps = buildDeps(config, database.db);
    app = await buildApp(deps);
    await app.ready();
    // The chain settings as the product sets them: one admin asks, a second approves (decision 0029).
    const admins = await twoAdmins(app, deps);
    const confirmations = minConfirmationsOf(CHAIN);
    await configureChain(app, admins, CHAIN, {
      enabled: true,
      token_address: usdt,
      token_symbol: 'USDT',
      token_decimals: DECIMALS,
      confirmations,
      payout_contract: contract,
    });
    log(
      `anvil ${anvil.url} (chain ${CHAIN}), USDT ${usdt}, BatchPayout ${contract}, ${confirmations} confirmations`,
    );
    const admin = (userId: bigint): Principal => ({
      userId,
      role: 'admin',
      sessionId: 0n,
      secondFactor: 'ok',
    });
    const x: Context = {
      deps,
      url: bench.url,
      database,
      watched,
      anvil,
      usdt,
      confirmations,
      adminA: admin(admins.adminA.id),
      adminB: admin(admins.adminBId),
      log,
    };
    for (let r = 1; r <= o.runs; r++) {
      const result = await oneRun(`run ${r}`, x, o.payouts);
      runs.push(result);
      good = result.ok && good;
    }
    const rec = await reconcile(deps.db);
    const wrong =
      rec.mismatches.length +
      rec.unbalanced.length +
      rec.earned_mismatches.length +
      rec.payout_mismatches.length;
    log(
      `  ${wrong === 0 ? 'ok' : 'FAIL'}: ledger ${rec.mismatches.length} mismatches, ${rec.unbalanced.length} unbalanced, ${rec.earned_mismatches.length} total_earned mismatches, ${rec.payout_mismatches.length} payout mismatches`,
    );
    good = wrong === 0 && good;
  } finally {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await anvil?.stop().catch(() => undefined);
    await bench?.stop().catch(() => undefined);
  }
  report(runs, o);
  return good;
}

/**
 * `count` members, each with a fresh payout address and a working wallet funded through the ledger, asking to
 * withdraw 20 to 26 USD through the service; admin A approves each through the real decide path (where the
 * solo limit makes it wait, admin B approves it, as the product asks). Returns the withdrawals' ids.
 */
async function approvedPayouts(x: Context, count: number): Promise<bigint[]> {
  const { deps } = x;
  const members: bigint[] = [];
  for (let i = 0; i < count; i++) members.push((await buildMember(deps)).id);
  const addresses = members.map(() => `0x${randomBytes(20).toString('hex')}`);
  await sql`UPDATE users u SET bep20 = v.address
    FROM unnest(${members}::bigint[], ${addresses}::text[]) AS v(id, address) WHERE u.id = v.id`.execute(
    deps.db,
  );
  const amounts = members.map((_, i) => parseUnits(String(20 + (i % 7))));
  await deps.db.transaction().execute(async (tx) => {
    for (const [i, id] of members.entries())
      await post(tx, {
        key: `bench-payout-fund:${id}`,
        kind: 'income',
        memberId: id,
        memo: 'bench funding',
        entries: [
          { account: { owner: id, kind: 'working' }, amount: amounts[i] as bigint },
          { account: { owner: null, kind: 'income_expense' }, amount: -(amounts[i] as bigint) },
        ],
      });
  });
  const ids: bigint[] = [];
  let waited = 0;
  for (const [i, id] of members.entries()) {
    const member: Principal = { userId: id, role: 'user', sessionId: 0n, secondFactor: 'ok' };
    const w = await deps.withdrawals.request(
      member,
      id,
      'working',
      { amount: amounts[i], currency: 'BEP20' },
      { key: `bench-payout:${id}`, fingerprint: null },
    );
    const decided = await deps.withdrawals.decide(x.adminA, w.id, {
      status: 'complete',
      user_id: Number(id),
    });
    if ('awaiting' in decided) {
      await deps.approvals.approve(x.adminB, decided.awaiting.id);
      waited++;
    }
    ids.push(BigInt(w.id));
  }
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM payouts
    WHERE withdrawal_id = ANY(${ids}::bigint[]) AND status = 'approved'`.execute(deps.db);
  if (rows[0]?.n !== count) throw new Error(`${rows[0]?.n} of ${count} payouts approved`);
  x.log(`  ${count} payouts approved (${waited} through a second admin: the solo limit)`);
  return ids;
}

/** Runs `task` with PostgreSQL's statistics and the pool's counters reset before it and read after it. */
async function measured<T>(x: Context, task: () => Promise<T>) {
  // The pool's connections report the set-up's WAL figures first, so the reset leaves none of them behind.
  await readWalIoMs(x.url, x.database.pool);
  await resetStatementStats(x.url);
  x.watched.take();
  const { value, ms: wallMs } = await timed(task);
  const pool = x.watched.take();
  const stats = await readStatementStats(x.url);
  const walMs = await readWalIoMs(x.url, x.database.pool);
  const pgMs = stats.reduce((sum, s) => sum + s.ms, 0) + walMs;
  const timing: Timing = { wallMs, pgMs, walMs, statements: pool.statements, roundTripMs: pool.ms };
  return { value, timing, stats };
}

/** Sends a transaction from the operator's (unlocked) dev account and waits for its receipt. */
async function send(url: string, to: string, data: string): Promise<{ hash: string; ok: boolean }> {
  const hash = (await rpc(url, 'eth_sendTransaction', [
    { from: OPERATOR.address, to, data, gas: '0x1312d00' },
  ])) as string;
  for (;;) {
    const receipt = (await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status: string } | null;
    if (receipt) return { hash, ok: receipt.status === '0x1' };
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One fresh set of approved payouts: prepared (timed), paid by the operator, confirmed, verified (timed), checked. */
async function oneRun(label: string, x: Context, count: number): Promise<RunResult> {
  const { deps } = x;
  x.log(`${label}: ${count} approved payouts`);
  const ids = await approvedPayouts(x, count);
  const prepared = await measured(x, () =>
    prepareBatch(deps.db, deps.chains, {
      chainId: CHAIN,
      withdrawalIds: ids,
      mode: 'wallet',
      createdBy: x.adminA.userId,
      payer: OPERATOR.address,
    }),
  );
  const batchId = prepared.value;
  const batch = await deps.chainPayouts.one(batchId);
  // The operator allows the contract the batch's total of the token, then sends the batch's call.
  const allowed = await send(
    x.anvil.url,
    x.usdt,
    approveCalldata(batch.to as Address, BigInt(batch.raw_total)),
  );
  const paid = await send(x.anvil.url, batch.to, batch.data);
  await mine(x.anvil.url, x.confirmations);
  const verified = await measured(x, () => deps.chainPayouts.verifier.check(batchId));

  const after = await deps.chainPayouts.one(batchId);
  const { rows } = await sql<{ done: number; paid: number; logs: number }>`SELECT
      (SELECT count(*)::int FROM ledger_transactions WHERE idempotency_key = ANY(${ids.map((id) => `withdrawal-complete:${id}`)}::text[])) AS done,
      count(*)::int AS paid, count(DISTINCT log_index)::int AS logs
    FROM payouts WHERE withdrawal_id = ANY(${ids}::bigint[]) AND status = 'paid' AND tx_hash = ${paid.hash.slice(2)}`.execute(
    deps.db,
  );
  const c = rows[0];
  const ok =
    allowed.ok &&
    paid.ok &&
    after.status === 'paid' &&
    c?.done === count &&
    c.paid === count &&
    c.logs === count;
  x.log(
    `  ${ok ? 'ok' : 'FAIL'}: approve ${allowed.ok ? 'mined' : 'REVERTED'}, batch #${batchId} ${after.status}, ${c?.done} completions, ${c?.paid} payouts paid by ${paid.hash.slice(0, 12)}…; prepare ${ms(prepared.timing.wallMs)} ms, verify ${ms(verified.timing.wallMs)} ms`,
  );
  return { label, prepare: prepared.timing, verify: verified.timing, stats: verified.stats, ok };
}

/** The table of the runs with their median, min and max, the targets, and the slowest statements of a verify. */
function report(runs: RunResult[], o: PayoutBenchOptions): void {
  if (runs.length === 0) return;
  console.log(
    `\nPayout batches of ${o.payouts} (chain ${CHAIN}, real anvil, embedded PostgreSQL); load avg ${loadAverage()} (1 / 5 / 15 min) after\n`,
  );
  const cells = (t: Timing) => [
    ms(t.wallMs),
    `${ms(t.pgMs)} (WAL ${ms(t.walMs)})`,
    `${t.statements} / ${ms(t.roundTripMs)}`,
  ];
  const rows = runs.map((r) => [r.label, ...cells(r.prepare), ...cells(r.verify), r.ok ? 'paid' : 'FAIL']);
  const pick = (f: (r: RunResult) => number) => runs.map(f);
  for (const [name, agg] of [
    ['median', median],
    ['min', (v: number[]) => Math.min(...v)],
    ['max', (v: number[]) => Math.max(...v)],
  ] as const)
    rows.push([
      name,
      ms(agg(pick((r) => r.prepare.wallMs))),
      ms(agg(pick((r) => r.prepare.pgMs))),
      ms(agg(pick((r) => r.prepare.roundTripMs))),
      ms(agg(pick((r) => r.verify.wallMs))),
      ms(agg(pick((r) => r.verify.pgMs))),
      ms(agg(pick((r) => r.verify.roundTripMs))),
      '',
    ]);
  printTable(
    [
      '',
      'prepare ms',
      'prepare pg ms',
      'prepare stmts / round trips ms',
      'verify ms',
      'verify pg ms',
      'verify stmts / round trips ms',
      'batch',
    ],
    rows,
  );
  const last = runs[runs.length - 1] as RunResult;
  console.log('\nslowest statements of the last verify (server time):');
  printTable(
    ['calls', 'total ms', 'mean ms', 'statement'],
    last.stats.slice(0, 10).map((s) => [String(s.calls), ms(s.ms), ms(s.ms / s.calls), excerpt(s.query, 90)]),
  );
  for (const step of ['prepare', 'verify'] as const) {
    const med = median(pick((r) => r[step].wallMs));
    const target = TARGETS[step];
    console.log(
      `target (decision 0034): ${step} ${o.payouts} < ${target} ms: ${med < target ? 'met' : 'MISSED'} (median ${ms(med)} ms = ${(med / target).toFixed(2)}x the target; min ${ms(Math.min(...pick((r) => r[step].wallMs)))}, max ${ms(Math.max(...pick((r) => r[step].wallMs)))})`,
    );
  }
  console.log(
    "ms = the server's call, timed in the app (node calls included); pg = pg_stat_statements (planning + execution, BEGIN/COMMIT included) + WAL writes and flushes (pg_stat_io);\nround trips = the same statements timed at the pool; the rest of a call is the node's answers, decoding and matching.",
  );
}
