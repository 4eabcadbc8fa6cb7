/**
 * "The same SQL run by pgbench" (decision 0047): the statements the app sends for one request of an endpoint,
 * captured from the app itself (server-child.ts records text and values while one request runs), replayed by
 * pgbench with each request's own member, session and key. The ratio app / pgbench is what the Node layer
 * (HTTP, validation, the query builder, the driver) costs on top of PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { queryOnce } from '../src/db';
import type { CapturedStatement } from './lib/server';

/** What varies between two requests of an endpoint: the member, its session, the other member, the key. */
export type RequestFacts = { from: bigint; to?: bigint; token: string; key: string };

/** A value as an SQL literal (untyped, as a bound parameter is: PostgreSQL infers its type). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v))
    return literal(`{${v.map((x) => (x === null ? 'NULL' : JSON.stringify(String(x)))).join(',')}}`);
  if (typeof v === 'object') return literal(JSON.stringify(v));
  const s = String(v);
  // pgbench reads `:name` anywhere in a statement as one of its variables (a JSON value's `"day":1000` too): such a
  // string goes as an escape string with its colons as \x3a, still an untyped literal.
  if (/:[A-Za-z0-9_]/.test(s))
    return `E'${s.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll(':', '\\x3a')}'`;
  return `'${s.replaceAll("'", "''")}'`;
}

/**
 * A pgbench script replaying `statements` (one request's, in order) for a random request: the member, the other
 * member and the session hash read from `bench_req` (one indexed row: pgbench's only extra statement), a fresh
 * key from a random number. Values that are none of these stay as they were sent.
 */
export function scriptFor(statements: CapturedStatement[], facts: RequestFacts, requests: number): string {
  const tokenHash = `\\x${createHash('sha256').update(facts.token).digest('hex')}`;
  const variable = (v: unknown): string | undefined => {
    // A batch of one (group commit, decision 0047): its one element.
    if (Array.isArray(v) && v.length === 1) {
      const inner = variable(v[0]);
      return inner ? `ARRAY[${inner}]` : undefined;
    }
    if (typeof v !== 'string') return undefined;
    if (v === String(facts.from)) return ':f';
    if (facts.to !== undefined && v === String(facts.to)) return ':t';
    if (v === tokenHash) return ':tok';
    if (v.includes(facts.key)) return ':r';
    return undefined;
  };
  const lines = [
    `\\set k random(0, ${requests - 1})`,
    '\\set r random(1, 999999999999999)',
    'SELECT f, t, tok FROM bench_req WHERE k = :k \\gset',
  ];
  for (const s of statements) {
    // $10 before $1: replace from the highest number down.
    // The app's prepare marks (db/index.ts) go: pgbench -M prepared prepares every statement anyway.
    let text = s.text
      .replace(/\/\* prepare:[a-z_]+ \*\//g, '')
      .replace(/\s+/g, ' ')
      .trim();
    for (let i = s.values.length; i >= 1; i--) {
      const v = s.values[i - 1];
      text = text.replaceAll(`$${i}`, variable(v) ?? literal(v));
    }
    lines.push(`${text};`);
  }
  return `${lines.join('\n')}\n`;
}

/** Fills `bench_req` (k -> member, other member, session hash) and writes the script to a temporary file. */
export async function prepareSameSql(
  url: string,
  name: string,
  statements: CapturedStatement[],
  facts: RequestFacts,
  requests: { from: bigint; to?: bigint; token: string }[],
): Promise<string> {
  await queryOnce(
    url,
    `DROP TABLE IF EXISTS bench_req;
     CREATE TABLE bench_req (k int PRIMARY KEY, f bigint NOT NULL, t bigint, tok bytea NOT NULL)`,
  );
  await queryOnce(
    url,
    `INSERT INTO bench_req (k, f, t, tok)
     SELECT k - 1, f, t, decode(tok, 'hex')
     FROM unnest($1::bigint[], $2::bigint[], $3::text[]) WITH ORDINALITY AS x(f, t, tok, k)`,
    [
      requests.map((r) => r.from.toString()),
      requests.map((r) => (r.to === undefined ? null : r.to.toString())),
      requests.map((r) => createHash('sha256').update(r.token).digest('hex')),
    ],
  );
  const file = path.join(os.tmpdir(), `sgx-same-sql-${name}-${process.pid}.sql`);
  await writeFile(file, scriptFor(statements, facts, requests.length));
  return file;
}
