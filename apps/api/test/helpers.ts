import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp, buildDeps, type Deps } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { appUrlOf, connect, type Database } from '../src/db';
import { ensureDatabase } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { openReadRouter } from '../src/db/read-router';
import { watchRecovery } from '../src/modules/health/recovery';
import { reconcile } from '../src/modules/ledger/ledger.service';

/** Creates a fresh database cloned from the migrated template; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  // CREATE DATABASE ... TEMPLATE fails while another file is cloning the same template: retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await ensureDatabase(adminUrl, name, inject('templateDb'));
      break;
    } catch (err) {
      if (attempt > 50 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const DB_DIR = path.resolve(import.meta.dirname, '../src/db');
const TREE_BEFORE = path.resolve(import.meta.dirname, 'tree-before');

export type OldDatabase = {
  /** The owner's (superuser's) URL. */
  url: string;
  /** A pool on it as the owner. */
  owner: pg.Pool;
  /** Brings it to the current migrations and tree, as a running database is upgraded. */
  upgrade: () => Promise<void>;
  /** Closes the pool and removes the copies. */
  close: () => Promise<void>;
};

/**
 * A database of its own as it was at migration `upto` (a conversion's test: decisions 0079, 0092): the migrations up
 * to that number, with a copy of the source tree (functions, views, triggers) that `then` may change to what it was
 * at that migration. The tree's triggers on tables made by later migrations are left out of the copy.
 */
export async function databaseAt(upto: string, then?: (tree: string) => Promise<void>): Promise<OldDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `at${upto}_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const owner = new pg.Pool({ connectionString: url, max: 2 });
  owner.on('error', () => undefined);
  const dir = await mkdtemp(path.join(os.tmpdir(), `sgx-${upto}-`));
  const close = async () => {
    await owner.end();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const migrations = path.join(dir, 'migrations');
    const tree = path.join(dir, 'tree');
    for (const f of await readdir(path.join(DB_DIR, 'migrations')))
      if (f.endsWith('.sql') && f.slice(0, 4) <= upto)
        await cp(path.join(DB_DIR, 'migrations', f), path.join(migrations, f));
    for (const kind of ['functions', 'triggers', 'views'])
      await cp(path.join(DB_DIR, kind), path.join(tree, kind), { recursive: true });
    // A tree file as it was before a later migration changed what it needs (test/tree-before/<that migration>/):
    // the earliest such version after `upto` wins.
    const before = (await readdir(TREE_BEFORE))
      .filter((m) => m > upto)
      .sort()
      .reverse();
    for (const m of before) await cp(path.join(TREE_BEFORE, m), tree, { recursive: true });
    await migrate(owner, { migrationsDir: migrations, treeDir: tree, skipTree: true });
    // A trigger of today's tree on a table a later migration makes was not in that version's tree.
    const { rows } = await owner.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')",
    );
    const tables = new Set(rows.map((r) => r.name));
    for (const f of await readdir(path.join(tree, 'triggers')))
      if (!tables.has(f.split('.')[0] as string)) await rm(path.join(tree, 'triggers', f));
    await then?.(tree);
    await migrate(owner, { migrationsDir: migrations, treeDir: tree });
  } catch (err) {
    await close();
    throw err;
  }
  return { url, owner, upgrade: () => migrate(owner).then(() => undefined), close };
}

export type TestApp = {
  app: App;
  deps: Deps;
  database: Database;
  /** The owner's (superuser's) URL of the test database: for arranging what the app may not do. */
  url: string;
  /** The app role's URL (sgx_app: no superuser, no DDL), which the app's pool signs in with. */
  appUrl: string;
  /** Runs `work` on services built on the owner's login (the demo seed: it backdates as the owner). */
  asOwner: <T>(work: (deps: Deps) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** The app role's URL of a test database given by its owner's URL. */
export const appUrlFor = (url: string) => appUrlOf(url, inject('pgAppPassword'));

/** A real app (no port; use app.inject) on its own fresh database, signed in as the app role. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    /** A replica's owner URL of the test database (given the primary's): the app reads on it (decision 0080). */
    replicaOf?: (ownerUrl: string) => string;
  } = {},
): Promise<TestApp> {
  const url = await createTestDatabase();
  // Many sign-ins come from one test address: the per-address limit is raised unless a test sets it.
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
    ...(options.replicaOf ? { DATABASE_REPLICA_URLS: appUrlFor(options.replicaOf(url)) } : {}),
    ...env,
  });
  const appUrl = appUrlFor(url);
  const database = connect(appUrl, 20);
  const replicas = config.databaseReplicas;
  // The app's logger exists once it is built: the router's first round may come before.
  const built: { deps?: Deps } = {};
  const router =
    replicas.urls.length === 0
      ? undefined
      : await openReadRouter(database, replicas.urls, 5, {
          maxLagMs: replicas.maxLagMs,
          checkEveryMs: replicas.checkEveryMs,
          warn: (facts, message) => built.deps?.logger?.warn(facts, message),
        });
  const deps = buildDeps(config, database.db, router?.reads);
  deps.readRouter = router;
  built.deps = deps;
  // As in production: settings kept in memory, dropped by the database's change notices.
  const stopSettings = await deps.settings.listen(appUrl);
  watchRecovery(deps, { url: appUrl, listening: stopSettings.listening });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    url,
    appUrl,
    asOwner: async (work) => {
      const owner = connect(url, 2);
      try {
        return await work(buildDeps(config, owner.db));
      } finally {
        await owner.close();
      }
    },
    // Every test file ends by proving the ledger: balances equal their entries, every transaction balances,
    // every entry has its transaction's time and the member accounts' kept figures equal their entries.
    close: async () => {
      try {
        const r = await reconcile(database.db);
        if (
          r.mismatches.length > 0 ||
          r.unbalanced.length > 0 ||
          r.earned_mismatches.length > 0 ||
          r.derived_mismatches.length > 0
        ) {
          throw new Error(`ledger does not reconcile: ${JSON.stringify(r)}`);
        }
      } finally {
        await stopSettings();
        await app.close();
        await router?.stop();
        await database.close();
      }
    },
  };
}

/** Runs raw SQL on a test database (for arranging time, e.g. expiring a session). */
export async function sqlOn(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
