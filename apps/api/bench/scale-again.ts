/**
 * `npx tsx apps/api/bench/scale-again.ts --url <a kept bench:scale database> [--calls C]`
 *
 * Times `bench:scale`'s reads again, through HTTP, on a database `npm run bench:scale -- --keep` left running: the
 * same reads of the same members, leader, chain and admin, on the code of this working tree (which migrates the
 * database first when its migrations are newer: the start-up's migration is timed). Measures a change on the same
 * rows, before and after, in the same minutes. Not a test.
 */
import pg from 'pg';
import { buildDeps } from '../src/app';
import { APP_ROLE, connect, type Database } from '../src/db';
import { migrate } from '../src/db/migrate';
import { checkKnown, intFlag, parseFlags } from './lib/args';
import { benchConfig } from './lib/config';
import { Client } from './lib/load';
import { codeVersion, logger, onInterrupt, printHeader } from './lib/report';
import { type ServerProcess, startServerProcess } from './lib/server';
import { loadAverage, secs } from './lib/stats';
import { benchReadSet } from './scale-read-set';
import { timeReads } from './scale-reads';
import { printReads } from './scale-report';
import { layoutFor } from './scale-tree';

const flags = parseFlags();
checkKnown(flags, ['url', 'calls', 'history-days']);
const url = flags.get('url');
if (typeof url !== 'string') throw new Error('--url: the database bench:scale --keep printed');
const calls = intFlag(flags, 'calls', 5);
const historyDays = intFlag(flags, 'history-days', 2);

printHeader('SocialGenX at scale, the reads again on a kept database (bench/scale-again.ts)');
const log = logger();
let owner: pg.Client | undefined;
let database: Database | undefined;
let server: ServerProcess | undefined;
let client: Client | undefined;
const cleanup = async () => {
  client?.close();
  await server?.stop().catch(() => undefined);
  await owner?.end().catch(() => undefined);
  await database?.close().catch(() => undefined);
};
onInterrupt(cleanup);

try {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const started = performance.now();
  const migrated = await migrate(pool);
  await pool.end();
  log(`migrated in ${secs(performance.now() - started)}: ${JSON.stringify(migrated)}`);

  owner = new pg.Client({ connectionString: url });
  await owner.connect();
  // The members bench:scale loaded: member<i>@bench.example is user base + i (scale-rows.ts).
  const { rows } = await owner.query<{ n: string; first: string; admin: string }>(
    `SELECT count(*) AS n, min(id) AS first,
            (SELECT id FROM users WHERE email = 'admin@bench.example') AS admin
     FROM users WHERE email LIKE 'member%@bench.example'`,
  );
  const n = Number(rows[0]?.n);
  const base = Number(rows[0]?.first) - 1;
  const adminId = Number(rows[0]?.admin);
  const layout = layoutFor(n, base, historyDays);
  const chain = layout.chains[0];
  const member = await owner.query<{ id: string }>(
    `SELECT id FROM users WHERE id >= $1 AND is_active = 'active' ORDER BY id LIMIT 1`,
    [base + layout.randomFrom + Math.floor((n - layout.randomFrom) / 2)],
  );
  const memberId = Number(member.rows[0]?.id ?? base + n);
  const leaderId = base + 2;
  const code = (i: number) => `R${String(i).padStart(8, '0')}`;

  database = connect(url, 2, APP_ROLE);
  const deps = buildDeps(benchConfig(), database.db);
  const session = async (id: number, role: 'user' | 'admin') =>
    (await deps.sessions.create(deps.db, BigInt(id), role, { ip: '127.0.0.1', userAgent: 'sgx-bench' }))
      .token;
  const adminToken = await session(adminId, 'admin');
  const memberToken = await session(memberId, 'user');
  const leaderToken = await session(leaderId, 'user');
  const chainTopToken = await session(base + (chain?.start ?? 3), 'user');

  server = await startServerProcess(url);
  client = new Client(server.base, 1);
  log(
    `${n.toLocaleString('en')} members; reads through HTTP (code ${codeVersion()}): median of ${calls} calls`,
  );
  const reads = await benchReadSet(client, owner, {
    memberId,
    leaderId,
    adminId,
    leaderCode: code(2),
    bottomCode: code((chain?.start ?? 3) + (chain?.length ?? 1) - 1),
    search: `member${Math.floor(n / 3)}@`,
    tokens: { admin: adminToken, member: memberToken, leader: leaderToken, chainTop: chainTopToken },
  });
  const timings = await timeReads(client, reads, calls);
  console.log(`\nload avg  ${loadAverage()} (1 / 5 / 15 min) after\n`);
  printReads(timings);
} finally {
  await cleanup();
}
