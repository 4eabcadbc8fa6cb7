/**
 * `npm run bench -- --only scan [--scan-members N] [--scan-runs R]` (also run after the money endpoints by
 * default): decision 0033's "Speed". A block range holding 10,000 stablecoin Transfers, 1,000 of them to members' own
 * deposit addresses among N (1,000,000) members, scanned by the app's own `deps.verifier.scan(56)` against a real
 * anvil and its own embedded PostgreSQL. Times the scan (wall) and the server's time in PostgreSQL
 * (pg_stat_statements: planning + execution of every statement, BEGIN and COMMIT included, plus the WAL writes and
 * flushes from pg_stat_io), counts the statements the matching took and those per credit, R times on fresh ranges,
 * then two prototypes of faster crediting (lib/scan-prototype.ts), then checks every credit and the ledger.
 */

import { randomBytes } from 'node:crypto';
import { type DevChain, deployTestStablecoin, mine, startAnvil } from '@sgx/chain/dev';
import pg from 'pg';
import type { Address } from 'viem';
import { buildDeps, type Deps } from '../src/app';
import { APP_ROLE, connect, type Database } from '../src/db';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { fundSenders, type PlannedTransfer, rpc, sendTransferBurst } from './lib/anvil-batch';
import { benchConfig } from './lib/config';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { loadScanMembers, randomMembers } from './lib/scan-members';
import { scanCreditingInOneTransaction, scanCreditingSetBased } from './lib/scan-prototype';
import { CHAIN, classify, type RunResult, report, type ScanBenchOptions } from './lib/scan-report';
import { readStatementStats, readWalIoMs, resetStatementStats, watchPool } from './lib/statement-stats';
import { secs } from './lib/stats';

const CONFIRMATIONS = 15;
const SENDERS = 10;
const DECIMALS = 18;

export type { ScanBenchOptions };

/** Runs the scan bench end to end; resolves true when every run credited what it should and the ledger reconciles. */
export async function runScanBench(o: ScanBenchOptions, log: (m: string) => void): Promise<boolean> {
  let bench: BenchPostgres | undefined;
  let loader: pg.Client | undefined;
  let database: Database | undefined;
  let anvil: DevChain | undefined;
  const runs: RunResult[] = [];
  const prototypes: RunResult[] = [];
  let good = true;
  try {
    bench = await startBenchPostgres('scan', log, { statementStats: true });
    loader = new pg.Client({ connectionString: bench.url });
    await loader.connect();
    await loader.query(
      "SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off",
    );
    anvil = await startAnvil({ chainId: CHAIN });
    const token = (await deployTestStablecoin(anvil.url, { decimals: DECIMALS })).toLowerCase() as Address;
    await fundSenders(anvil.url, token, SENDERS, 10n ** 15n * 10n ** BigInt(DECIMALS));
    const factory = `0x${randomBytes(20).toString('hex')}`;
    await loader.query(
      `UPDATE chain_settings SET enabled = true, token_address = $2, token_decimals = $3, confirmations = $4,
         forwarder_factory = $5, forwarder_prefix = '0xff', forwarder_code_hash = $6, treasury_address = $7,
         scanned_to_block = NULL, scanned_block_hash = NULL
       WHERE chain_id = $1`,
      [
        CHAIN,
        token,
        DECIMALS,
        CONFIRMATIONS,
        factory,
        `0x${randomBytes(32).toString('hex')}`,
        `0x${randomBytes(20).toString('hex')}`,
      ],
    );
    log(
      `anvil ${anvil.url} (chain ${CHAIN}), test stablecoin ${token}; loading ${o.members.toLocaleString('en')} members`,
    );
    const range = await loadScanMembers(loader, o.members, CHAIN, factory, log);

    database = connect(bench.url, 4, APP_ROLE);
    const watched = watchPool(database.pool);
    const config = benchConfig({ CHAIN_RPC_URL_56: anvil.url });
    const deps = buildDeps(config, database.db);
    const x: RunContext = {
      loader,
      url: bench.url,
      anvil,
      token,
      range,
      o,
      log,
      watched,
      pool: database.pool,
    };
    for (let r = 1; r <= o.runs; r++) {
      const result = await oneRun(`run ${r}`, x, () => deps.verifier.scan(CHAIN));
      runs.push(result);
      good = result.ok && good;
    }
    // The alternatives measured for comparison (lib/scan-prototype.ts): the same scan of a fresh range, its
    // credits in one transaction through `complete`, then set-based.
    prototypes.push(
      await oneRun('prototype 1', x, (b) =>
        scanCreditingInOneTransaction(deps, CHAIN, b.firstBlock, b.lastBlock, b.head),
      ),
      await oneRun('prototype 2', x, (b) =>
        scanCreditingSetBased(deps, CHAIN, b.firstBlock, b.lastBlock, b.head),
      ),
    );
    good = prototypes.every((r) => r.ok) && good;
    const credits = o.toMembers * (runs.length + prototypes.length);
    good = (await checkLedger(deps, loader, credits, log)) && good;
  } finally {
    await loader?.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await anvil?.stop().catch(() => undefined);
    await bench?.stop().catch(() => undefined);
  }
  report(runs, prototypes, o);
  return good;
}

type RunContext = {
  loader: pg.Client;
  url: string;
  anvil: DevChain;
  token: Address;
  range: { first: number; last: number };
  o: ScanBenchOptions;
  log: (m: string) => void;
  watched: ReturnType<typeof watchPool>;
  pool: pg.Pool;
};

type Scan = (b: { firstBlock: bigint; lastBlock: bigint; head: bigint }) => Promise<{
  found: number;
  credited: number;
  from?: string;
  to?: string;
}>;

/** One fresh range: the burst of Transfers, its confirmations, `scan` measured, every credit checked. */
async function oneRun(label: string, x: RunContext, scan: Scan): Promise<RunResult> {
  const { loader, anvil, token, o, log } = x;
  const members = await randomMembers(loader, CHAIN, x.range, o.toMembers);
  const usd = () => BigInt(1 + Math.floor(Math.random() * 999)) * 10n ** BigInt(DECIMALS);
  const planned: (PlannedTransfer & { userId?: bigint })[] = [
    ...members.map((m) => ({ from: 0, to: m.address, value: usd(), userId: m.userId })),
    ...Array.from({ length: o.transfers - members.length }, () => ({
      from: 0,
      to: `0x${randomBytes(20).toString('hex')}`,
      value: usd(),
    })),
  ];
  for (let i = planned.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [planned[i], planned[j]] = [
      planned[j] as (typeof planned)[number],
      planned[i] as (typeof planned)[number],
    ];
  }
  planned.forEach((p, i) => {
    p.from = i % SENDERS;
  });

  // The cursor just below the burst: the range scanned is the burst and its confirmations, nothing else.
  const head = BigInt((await rpc(anvil.url, 'eth_blockNumber')) as string);
  const block = (await rpc(anvil.url, 'eth_getBlockByNumber', [`0x${head.toString(16)}`, false])) as {
    hash: string;
  };
  await loader.query(
    'UPDATE chain_settings SET scanned_to_block = $2, scanned_block_hash = $3 WHERE chain_id = $1',
    [CHAIN, String(head), block.hash.toLowerCase()],
  );
  const sendStart = performance.now();
  const burst = await sendTransferBurst(anvil.url, token, planned);
  await mine(anvil.url, CONFIRMATIONS);
  const logs = (await rpc(anvil.url, 'eth_getLogs', [
    {
      address: token,
      fromBlock: `0x${burst.firstBlock.toString(16)}`,
      toBlock: `0x${burst.lastBlock.toString(16)}`,
    },
  ])) as unknown[];
  log(
    `${label}: ${logs.length.toLocaleString('en')} Transfer logs in blocks ${burst.firstBlock}..${burst.lastBlock} (${secs(performance.now() - sendStart)} to send and mine), ${CONFIRMATIONS} blocks on top`,
  );

  await resetStatementStats(x.url);
  x.watched.take();
  const started = performance.now();
  const scanned = await scan({ ...burst, head: burst.lastBlock + BigInt(CONFIRMATIONS) });
  const wallMs = performance.now() - started;
  const client = x.watched.take();
  const stats = await readStatementStats(x.url);
  const split = classify(stats);
  const walMs = await readWalIoMs(x.url, x.pool);
  const serverMs = stats.reduce((sum, s) => sum + s.ms, 0) + walMs;

  // Every Transfer to a member credited once, to that member, for its amount; none to anyone else.
  const { rows } = await loader.query<{ to_address: string; user_id: string; amount: string; ok: boolean }>(
    `SELECT to_address, user_id::text, amount::text, (status = 'complete' AND chain_status = 'credited') AS ok
     FROM deposits WHERE chain_id = $1 AND block_number BETWEEN $2 AND $3`,
    [CHAIN, String(burst.firstBlock), String(burst.lastBlock)],
  );
  const want = new Map(
    planned
      .filter((p) => p.userId !== undefined)
      .map((p) => [p.to, `${p.userId}:${p.value / 10n ** BigInt(DECIMALS - 8)}`] as const),
  );
  const wrong = rows.filter((d) => !d.ok || want.get(d.to_address) !== `${d.user_id}:${d.amount}`);
  const ok =
    logs.length === o.transfers &&
    scanned.credited === members.length &&
    rows.length === members.length &&
    wrong.length === 0;
  log(
    `  ${ok ? 'ok' : 'FAIL'}: scan ${scanned.from ?? burst.firstBlock}..${scanned.to ?? burst.lastBlock} found ${scanned.found}, credited ${scanned.credited}; ${rows.length} deposits recorded, ${wrong.length} wrong; ${secs(wallMs)} wall, ${secs(serverMs)} in PostgreSQL over ${stats.reduce((s, x2) => s + x2.calls, 0).toLocaleString('en')} statements`,
  );
  return {
    label,
    wallMs,
    serverMs,
    walMs,
    clientMs: client.ms,
    statements: client.statements,
    ...split,
    credited: scanned.credited,
    stats,
    ok,
  };
}

/** The ledger reconciles, and the members' deposit wallets hold exactly what the runs credited. */
async function checkLedger(
  deps: Deps,
  loader: pg.Client,
  expected: number,
  log: (m: string) => void,
): Promise<boolean> {
  const r = await reconcile(deps.db);
  const { rows } = await loader.query<{ credited: string; wallets: string; n: string }>(
    `SELECT (SELECT coalesce(sum(credited_amount), 0)::text FROM deposits WHERE chain_id = $1 AND status = 'complete') AS credited,
            (SELECT coalesce(sum(balance), 0)::text FROM ledger_accounts WHERE kind = 'deposit') AS wallets,
            (SELECT count(*)::text FROM deposits WHERE chain_id = $1 AND status = 'complete') AS n`,
    [CHAIN],
  );
  const s = rows[0];
  const ok =
    r.mismatches.length + r.unbalanced.length + r.earned_mismatches.length === 0 &&
    s?.credited === s?.wallets &&
    Number(s?.n) === expected;
  log(
    `  ${ok ? 'ok' : 'FAIL'}: ${s?.n} deposits credited in all, ${s?.credited} units = deposit wallets ${s?.wallets}; ledger ${r.mismatches.length} mismatches, ${r.unbalanced.length} unbalanced, ${r.earned_mismatches.length} total_earned mismatches`,
  );
  return ok;
}
