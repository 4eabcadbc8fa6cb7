/**
 * `npx tsx apps/api/bench/session-check.ts`: what the session check every signed-in request makes costs PostgreSQL
 * (decision 0096), through pgbench at one client: the join the app sent until then ("join") against the call of
 * session_lookup ("call"), each as an unnamed statement (`-M extended`: what goes through a transaction pooler,
 * decision 0078) and as a named one (`-M prepared`: direct, decision 0047). Three alternating rounds of 8 s; PostgreSQL's
 * CPU per call from /proc, and pg_stat_statements' planning and execution time.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryOnce } from '../src/db';
import { postgresCpuMs, postmasterPidIn, settled } from './lib/cpu';
import { startBenchPostgres } from './lib/pg';
import { findPgbench } from './lib/pgbench';

const log = (m: string) => console.log(m);
const pg = await startBenchPostgres('mb', log, { statementStats: true });
const url = await pg.database('mb');
await queryOnce(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
const pm = postmasterPidIn(pg.dir);
const h = createHash('sha256').update('tok').digest('hex');
await queryOnce(
  url,
  `INSERT INTO users (username, email, password_hash, fullname, refferal_code)
  SELECT 'u'||g, 'u'||g||'@x.test', 'x', 'U '||g, 'R'||g FROM generate_series(1,20000) g`,
);
await queryOnce(
  url,
  `INSERT INTO sessions (user_id, token_hash, role, expires_at)
  SELECT id, sha256(('t'||id)::bytea), 'user', now() + interval '1 day' FROM users`,
);
await queryOnce(
  url,
  `INSERT INTO sessions (user_id, token_hash, role, expires_at) VALUES (5, '\\x${h}', 'user', now() + interval '1 day')`,
);
await queryOnce(url, 'ANALYZE');
const join = `SELECT x.* FROM (SELECT :h::bytea AS hash) AS h CROSS JOIN LATERAL (
  SELECT s.id, s.user_id, u.role, s.second_factor, u.staff_roles, s.token_hash,
         EXISTS (SELECT 1 FROM two_factors f WHERE f.user_id = s.user_id AND f.confirmed_at IS NOT NULL) AS two_factor_on
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = h.hash AND s.revoked_at IS NULL AND s.expires_at > :now::timestamptz
    AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND u.role = s.role
  OFFSET 0) x;\n`;
const call = `SELECT * FROM session_lookup(ARRAY[:h::bytea], :now::timestamptz);\n`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'sgx-session-check-'));
writeFileSync(path.join(dir, 'join.sql'), join);
writeFileSync(path.join(dir, 'call.sql'), call);
const u = new URL(url);
const bin = findPgbench();
if (!bin) throw new Error('pgbench not found');
const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
const runOne = async (file: string, mode: string) => {
  await settled(pm);
  const before = postgresCpuMs(pm);
  const out = execFileSync(
    bin,
    [
      '-n',
      '-f',
      file,
      '-M',
      mode,
      '-c',
      '1',
      '-T',
      '8',
      '-D',
      `h=\\x${h}`,
      '-D',
      'now=2026-11-29 00:00+00',
      '-h',
      u.hostname,
      '-p',
      u.port,
      '-U',
      decodeURIComponent(u.username),
      'mb',
    ],
    { env },
  ).toString();
  await settled(pm);
  const cpu = postgresCpuMs(pm) - before;
  const n = Number(/actually processed: (\d+)/.exec(out)?.[1]);
  return { n, usPer: (cpu * 1000) / n };
};
const res: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) {
  for (const [name, file] of [
    ['join', path.join(dir, 'join.sql')],
    ['call', path.join(dir, 'call.sql')],
  ] as const) {
    for (const mode of ['extended', 'prepared']) {
      const r = await runOne(file, mode);
      const key = `${name} ${mode}`;
      res[key] = [...(res[key] ?? []), r.usPer];
      log(`round ${round} ${name} ${mode}: ${r.n} calls, PG ${r.usPer.toFixed(1)} us CPU a call`);
    }
  }
}
for (const [k, v] of Object.entries(res))
  log(
    `${k}: median ${(v.sort((a, b) => a - b)[1] ?? Number.NaN).toFixed(1)} us (${v.map((x) => x.toFixed(1)).join(', ')})`,
  );
const st = await queryOnce<{ query: string; calls: string; plans: string; mp: string; me: string }>(
  url,
  `SELECT left(query, 50) AS query, calls::text, plans::text, round(mean_plan_time::numeric*1000,1)::text AS mp, round(mean_exec_time::numeric*1000,1)::text AS me FROM pg_stat_statements WHERE query ILIKE '%session%' OR query ILIKE '%token_hash%' ORDER BY calls DESC LIMIT 6`,
);
console.table(st);
console.log(execFileSync('cat', ['/proc/loadavg']).toString());
await pg.stop();
process.exit(0);
