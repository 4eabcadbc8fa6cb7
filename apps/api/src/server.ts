import { type App, buildApp, buildDeps } from './app';
import type { Config } from './config';
import { APP_ROLE, canUseAppRole, connect } from './db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { migrate } from './db/migrate';
import { ensureFirstAdmin, seedDemo } from './db/seed';
import { startJobs } from './jobs/runner';

export type Running = { app: App; url: string; seeded: boolean; close: () => Promise<void> };

/** Starts the database (embedded unless DATABASE_URL is set), migrates, seeds, and builds the app. */
export async function startServer(config: Config): Promise<Running> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, 'socialgenx');
  const url = config.databaseUrl ?? embedded?.url;
  if (!url) throw new Error('No database');
  try {
    return await startOn(config, url, embedded);
  } catch (err) {
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

async function startOn(
  config: Config,
  url: string,
  embedded: EmbeddedDatabase | undefined,
): Promise<Running> {
  const migrator = connect(url, 1);
  await migrate(migrator.pool).finally(() => migrator.close());
  const database = connect(url, config.databasePoolSize, (await canUseAppRole(url)) ? APP_ROLE : undefined);
  const deps = buildDeps(config, database.db);
  // Settings are read by every money request: kept in memory, dropped when any instance changes them.
  const stopSettings = await deps.settings.listen(url);
  const seeded = config.seedDemo ? await seedDemo(deps) : false;
  await ensureFirstAdmin(deps);
  const app = await buildApp(deps);
  const address = await app.listen({ host: config.host, port: config.port });
  // Scheduled jobs run in this process on a PostgreSQL queue (set RUN_JOBS=false to run them elsewhere).
  const runner = config.runJobs ? await startJobs(deps, url) : undefined;
  return {
    app,
    url: address,
    seeded,
    // In order, each step tried even when one before failed: stop taking requests and let those in
    // flight finish (Fastify answers 503 on a busy keep-alive connection meanwhile), let running jobs
    // finish, then the settings listener, the pool, and PostgreSQL last.
    close: async () => {
      const failures: unknown[] = [];
      const steps = [
        () => app.close(),
        async () => runner?.stop(),
        stopSettings,
        () => database.close(),
        async () => embedded?.stop(),
      ];
      for (const step of steps) await step().catch((err: unknown) => failures.push(err));
      if (failures.length > 0) throw new AggregateError(failures, 'The server did not stop cleanly');
    },
  };
}
