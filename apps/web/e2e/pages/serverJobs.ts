import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PgBoss from 'pg-boss';

/**
 * Runs one of the server's scheduled jobs now instead of at its next minute, as its own scheduler would: the job
 * is put on the server's queue (pg-boss, in the run's embedded PostgreSQL under .tmp/e2e-<port>, which
 * playwright.config.ts starts afresh) and the server's worker runs it; this waits until it has finished. The
 * browser tests use it for the minutely chain scan (decision 0033) so that a spec does not wait a minute per step.
 * Nothing else is touched: the job does what it does every minute.
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = path.join(repoRoot, '.tmp', `e2e-${process.env.E2E_PORT ?? 3100}`);

/** The database's owner URL: the port of the running PostgreSQL (its postmaster.pid) and its generated password. */
export function databaseUrl(): string {
  const pid = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(pid[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`no PostgreSQL port in ${dataDir}/pg/postmaster.pid`);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/socialgenx`;
}

/** Puts `name` on the server's queue and waits (at most `timeoutMs`) until its worker completed it. */
export async function runServerJob(name: string, timeoutMs = 30_000): Promise<void> {
  // Only a client of the queue: the server schedules, supervises and migrates it.
  const boss = new PgBoss({
    connectionString: databaseUrl(),
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    const id = await boss.send(name, {});
    if (id === null) throw new Error(`the queue did not take job ${name}`);
    const until = Date.now() + timeoutMs;
    for (;;) {
      const job = await boss.getJobById(name, id, { includeArchive: true });
      if (job?.state === 'completed') return;
      if (job?.state === 'failed' || job?.state === 'cancelled') {
        throw new Error(`job ${name} ${job.state}: ${JSON.stringify(job.output)}`);
      }
      if (Date.now() > until) throw new Error(`job ${name} not done after ${timeoutMs} ms (${job?.state})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await boss.stop({ graceful: false, close: true, wait: true });
  }
}
