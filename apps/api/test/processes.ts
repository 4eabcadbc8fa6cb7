import { execFileSync } from 'node:child_process';

/** Servers the tests start themselves (the replica, PgBouncer): a free loopback port and the user they run as. */
export { freePort } from '../src/db/embedded';

/**
 * As root, PostgreSQL and PgBouncer refuse to run: they run as the `postgres` system user (as the embedded test
 * PostgreSQL does). Undefined when not root: they run as whoever runs the tests.
 */
export function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}
