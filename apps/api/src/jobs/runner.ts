import PgBoss from 'pg-boss';
import type { Deps } from '../deps';
import { isDatabaseUnavailable } from '../http/db-faults';
import { checkJobs, type JobData, type JobDefinition, jobs } from './jobs';

export type JobRunner = { boss: PgBoss; stop: () => Promise<void> };

/** How long a lost database connection waits to be told: the stop's signal may be heard just after it. */
const SIGNAL_GRACE_MS = 500;

/**
 * Runs the jobs of jobs.ts on a PostgreSQL-backed queue (pg-boss, in its own schema), scheduled in UTC.
 * `connectionString` is the owner's connection: pg-boss creates and migrates its schema and makes a
 * table for each queue (DDL the app role may not do, decision 0031). The jobs themselves run on `deps`,
 * the app role's pool. After the database was down, pg-boss's own pool reconnects by itself.
 */
export async function startJobs(
  deps: Deps,
  connectionString: string,
  definitions: JobDefinition<JobData>[] = jobs,
  options: { schedule?: boolean; pollingIntervalSeconds?: number } = {},
): Promise<JobRunner> {
  checkJobs(definitions);
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
  // Heard always: an unheard 'error' would end the process. A lost connection (the database restarted,
  // pg_terminate_backend) is a warning: pg-boss's pool opens a new one and its workers poll on.
  boss.on('error', (err) => {
    if (isDatabaseUnavailable(err)) {
      // Expected while the process stops (deps.stopping): the database may stop first. A Ctrl-C reaches the
      // embedded PostgreSQL and this process together, and the lost connection may be heard before the signal:
      // told only if the process is still not stopping a moment later.
      setTimeout(() => {
        if (!deps.stopping) deps.logger?.warn(`job queue lost its database connection: ${err.message}`);
      }, SIGNAL_GRACE_MS).unref();
    } else deps.logger?.error({ err }, 'job queue error');
  });
  await boss.start();
  for (const def of definitions) {
    await boss.createQueue(def.name);
    if (options.schedule !== false && def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
    await boss.work<JobData>(
      def.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        if (!job) return;
        const result = await def.run(deps, job.data, new Date());
        for (const next of def.followUps ?? []) await boss.send(next, { after: def.name });
        deps.logger?.info(
          {
            job: def.name,
            id: job.id,
            result: JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
          },
          'job done',
        );
        return null;
      },
    );
  }
  deps.queue = {
    send: async (name, data, opts) => {
      await boss.send(name, data, {
        ...(opts?.startAfterSeconds !== undefined ? { startAfter: Math.ceil(opts.startAfterSeconds) } : {}),
        ...(opts?.singletonKey !== undefined ? { singletonKey: opts.singletonKey } : {}),
      });
    },
  };
  for (const def of definitions) if (def.atStart) await boss.send(def.name, {});
  // The webhook outbox is worked where jobs run (decision 0072): a loop, not a queued job, so an event is sent
  // within a poll of its commit.
  deps.webhookDispatcher.start(deps.config.webhooks.pollMs);
  return {
    boss,
    stop: async () => {
      await deps.webhookDispatcher.stop();
      deps.queue = undefined;
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
