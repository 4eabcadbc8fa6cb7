import { type App, buildApp, buildDeps, type Deps } from './app';
import type { Config } from './config';
import { APP_ROLE, canUseAppRole, connect, type Database, loginRights } from './db';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded';
import { migrate } from './db/migrate';
import { openReadRouter } from './db/read-router';
import { ensureFirstAdmin, seedDemo } from './db/seed';
import { isDatabaseUnavailable } from './http/db-faults';
import { startJobs } from './jobs/runner';
import { poolBusy, watchRecovery } from './modules/health/recovery';
import { type MailCatcher, startMailCatcher } from './modules/mail/catcher';
import { ensureRuleVersion } from './modules/rules/rule-versions';
import { ensureSanctionsList } from './modules/sanctions/sanctions.lists';

export type Running = {
  app: App;
  url: string;
  seeded: boolean;
  /** The development mail catcher's web inbox, when it runs (decision 0038). */
  mailInbox: string | undefined;
  close: () => Promise<void>;
};

/**
 * Starts the database (embedded unless DATABASE_URL is set), migrates, seeds, and builds the app; in
 * development without SMTP_URL first the mail catcher the mailer sends to (decision 0038).
 */
export async function startServer(given: Config): Promise<Running> {
  let deps: Deps | undefined;
  // Before the app has its logger (the embedded database's watchdog speaks from the start).
  const warn = (msg: string) => (deps?.logger ? deps.logger.warn(msg) : console.warn(msg));
  const catcher = await startCatcher(given, warn);
  // The mailer sends to the ports the catcher listens on (or keeps mail in the outbox without one).
  const config: Config = {
    ...given,
    mailCatcher: catcher ? { smtpPort: catcher.smtpPort, webPort: catcher.webPort } : undefined,
  };
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = config.databaseUrl
      ? undefined
      : await startEmbeddedPostgres(config.dataDir, 'socialgenx', undefined, { warn });
    const url = config.databaseUrl ?? embedded?.url;
    if (!url) throw new Error('No database');
    const running = await startOn(config, url, embedded, warn, (d) => {
      deps = d;
    });
    if (!catcher) return running;
    return {
      ...running,
      mailInbox: catcher.inboxUrl,
      close: () => running.close().finally(() => catcher.close()),
    };
  } catch (err) {
    await embedded?.stop().catch(() => undefined);
    await catcher?.close().catch(() => undefined);
    throw err;
  }
}

/** The development mail catcher when the config asks for it; one that cannot start leaves mail in the outbox. */
async function startCatcher(config: Config, warn: (msg: string) => void): Promise<MailCatcher | undefined> {
  if (!config.mailCatcher) return undefined;
  try {
    return await startMailCatcher({ ...config.mailCatcher, warn });
  } catch (err) {
    warn(`The mail catcher did not start (${String(err)}): e-mails stay in the admin outbox`);
    return undefined;
  }
}

/**
 * The pool requests run on. The app role's own login (decision 0031): the embedded database's
 * generated one, or DATABASE_APP_URL; without it (an external database, as before), the owner's
 * login taking the app role on each connection, with a warning.
 */
async function appDatabase(
  config: Config,
  url: string,
  embedded: EmbeddedDatabase | undefined,
  warn: (msg: string) => void,
): Promise<{ database: Database; appUrl: string }> {
  const appUrl = config.databaseAppUrl ?? (await embedded?.appLogin());
  if (appUrl) {
    const rights = await loginRights(appUrl);
    if (rights.superuser || rights.createRole || rights.createDb) {
      const why = `DATABASE_APP_URL signs in as ${rights.user}, which may create roles or databases or is a superuser`;
      // In production requests never run with rights to change the schema or the roles (decision 0031).
      if (config.env === 'production') throw new Error(`${why}: give requests the app role's own login`);
      warn(why);
    }
    // Through a transaction pooler (decision 0078) nothing is kept per connection: the hot statements go unnamed.
    const pooler = config.databasePooler ? { pooler: config.databasePooler.mode } : {};
    return { database: connect(appUrl, config.databasePoolSize, undefined, pooler), appUrl };
  }
  const role = (await canUseAppRole(url)) ? APP_ROLE : undefined;
  warn(
    `DATABASE_APP_URL is not set: requests use the owner's login${role ? ` as ${role} (SET ROLE)` : ''}; ` +
      `give ${APP_ROLE} a password and set DATABASE_APP_URL (README, "Running in production")`,
  );
  return { database: connect(url, config.databasePoolSize, role), appUrl: url };
}

/** The demo seed runs as the tables' owner (its history is moved back in time: demo/backdate.ts). */
async function seedAsOwner(config: Config, url: string): Promise<boolean> {
  const owner = connect(url, 2);
  try {
    return await seedDemo(buildDeps(config, owner.db));
  } finally {
    await owner.close();
  }
}

async function startOn(
  config: Config,
  url: string,
  embedded: EmbeddedDatabase | undefined,
  warn: (msg: string) => void,
  built: (deps: Deps) => void,
): Promise<Running> {
  const migrator = connect(url, 1);
  await migrate(migrator.pool).finally(() => migrator.close());
  const { database, appUrl } = await appDatabase(config, url, embedded, warn);
  // Reads of history on streaming replicas where they are set (decision 0080); the primary alone otherwise.
  const replicas = config.databaseReplicas;
  // The app's logger exists once the app is built; the first rounds before that say it on the console.
  let logging: Deps | undefined;
  const router =
    replicas.urls.length === 0
      ? undefined
      : await openReadRouter(database, replicas.urls, config.databasePoolSize, {
          maxLagMs: replicas.maxLagMs,
          checkEveryMs: replicas.checkEveryMs,
          warn: (facts, message) => (logging?.logger ?? console).warn(facts, message),
          info: (facts, message) => logging?.logger?.info(facts, message),
        });
  const deps = buildDeps(config, database.db, router?.reads);
  deps.readRouter = router;
  logging = deps;
  // Settings are read by every money request: kept in memory, dropped when any instance changes them.
  // LISTEN is session state: through a transaction pooler it goes straight to PostgreSQL (decision 0078).
  const settings = await deps.settings.listen(config.databasePooler?.sessionUrl ?? appUrl);
  const seeded = config.seedDemo ? await seedAsOwner(config, url) : false;
  // The rules in force are version 1 until a change makes another (decision 0070); after the demo's seed, whose
  // changes (played in the past) make their own.
  await database.db.transaction().execute((tx) => ensureRuleVersion(tx));
  // First run: the shipped OFAC snapshot when no list was ever loaded (decision 0075; `npm run sanctions:update`).
  await ensureSanctionsList(database.db);
  await ensureFirstAdmin(deps);
  const app = await buildApp(deps);
  built(deps);
  // Liveness fails only when this process cannot recover by itself (modules/health/recovery.ts).
  watchRecovery(deps, {
    url: appUrl,
    listening: settings.listening,
    busy: poolBusy(database),
  });
  const address = await app.listen({ host: config.host, port: config.port });
  // Scheduled jobs run in this process on a PostgreSQL queue (set RUN_JOBS=false to run them elsewhere).
  // pg-boss signs in as the owner: it creates and migrates its schema and its queues' tables. The owner's
  // DATABASE_URL is always straight to PostgreSQL, never through a pooler (decision 0078).
  const runner = config.runJobs ? await startJobs(deps, url) : undefined;
  return {
    app,
    url: address,
    seeded,
    mailInbox: undefined,
    // In order, each step tried even when one before failed: stop taking requests and let those in
    // flight finish (Fastify answers 503 on a busy keep-alive connection meanwhile), let running jobs
    // finish, then the settings listener, the pool, and PostgreSQL last (its watchdog first).
    // A lost database connection is expected from here on (deps.stopping), and is no failure of the stop.
    close: async () => {
      deps.stopping = true;
      // Ctrl-C reaches PostgreSQL too: from here on it is not started again, whatever still finishes.
      embedded?.hold();
      const failures: unknown[] = [];
      const steps = [
        // A keep-alive connection whose request was in flight when the stop began stays open after its answer
        // (for the keep-alive timeout) and holds app.close(): closed as soon as it is idle.
        () => {
          const idle = setInterval(() => app.server.closeIdleConnections(), 100);
          return app.close().finally(() => clearInterval(idle));
        },
        async () => runner?.stop(),
        settings,
        async () => router?.stop(),
        () => database.close(),
        async () => embedded?.stop(),
      ];
      for (const step of steps)
        await step().catch((err: unknown) => {
          if (!isDatabaseUnavailable(err)) failures.push(err);
        });
      if (failures.length > 0) throw new AggregateError(failures, 'The server did not stop cleanly');
    },
  };
}
