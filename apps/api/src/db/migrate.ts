import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

const DB_DIR = import.meta.dirname;
const LOCK_KEY = 727_001;

/** The kinds of the source tree, in the order they are applied (decision 0057). */
export const TREE_KINDS = ['functions', 'views', 'triggers'] as const;
type TreeKind = (typeof TREE_KINDS)[number];

export type MigrateOptions = {
  /** The forward-only migrations (tables, indexes, data); default the committed ones. */
  migrationsDir?: string;
  /** The folder holding functions/, views/ and triggers/; default the committed one. */
  treeDir?: string;
  /**
   * Checksums that a migration had before it was rewritten (its functions, triggers and views moved
   * to the tree, decision 0057): a database that applied the old text is accepted once and its
   * record updated. Default: migrations/previous-checksums.json.
   */
  previousChecksums?: Record<string, string[]>;
  /** Skip the tree (a test that rebuilds an old database from the migrations alone). */
  skipTree?: boolean;
};

export type MigrateResult = {
  /** Migrations run now. */
  migrations: string[];
  /** Tree files (kind/name.sql) applied now because they are new or their content changed. */
  applied: string[];
  /** Tree files dropped now because they are no longer in the tree. */
  dropped: string[];
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function sqlFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function defaultPreviousChecksums(migrationsDir: string): Promise<Record<string, string[]>> {
  try {
    const text = await readFile(path.join(migrationsDir, 'previous-checksums.json'), 'utf8');
    return (JSON.parse(text) as { checksums: Record<string, string[]> }).checksums;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

/**
 * Applies the committed SQL migrations in name order, each in its own transaction, once; then the
 * source tree of functions, views and triggers (applyTree), all under one advisory lock. Forward
 * only: an applied migration whose file changed stops the start-up, unless the database holds the
 * text the migration had before decision 0057 took its functions out (previous-checksums.json).
 */
export async function migrate(pool: pg.Pool, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrationsDir = options.migrationsDir ?? path.join(DB_DIR, 'migrations');
  const files = await sqlFiles(migrationsDir);
  const previousChecksums = options.previousChecksums ?? (await defaultPreviousChecksums(migrationsDir));
  const treeDir = options.treeDir ?? DB_DIR;
  const client = await pool.connect();
  const result: MigrateResult = { migrations: [], applied: [], dropped: [] };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await client.query(REPEATABLES_TABLE);
    const { rows } = await client.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations',
    );
    const done = new Map(rows.map((r) => [r.name, r.checksum]));
    for (const file of files) {
      const sql = await readFile(path.join(migrationsDir, file), 'utf8');
      const checksum = sha256(sql);
      const previous = done.get(file);
      if (previous) {
        if (previous === checksum) continue;
        if (!previousChecksums[file]?.includes(previous))
          throw new Error(`Migration ${file} changed after it was applied; add a new migration instead.`);
        // The old text of a rewritten migration: what it did is in the database already.
        await client.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1', [file, checksum]);
        continue;
      }
      await client.query('BEGIN');
      try {
        // An index on a function of the tree needs that function first ("-- requires: functions/x.sql").
        const given = new Set<string>();
        for (const key of requires(sql)) await applyTreeFile(client, treeDir, key, given);
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
          file,
          checksum,
        ]);
        await client.query('COMMIT');
        result.migrations.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
    }
    if (!options.skipTree) {
      const tree = await applyTree(client, treeDir);
      result.applied = tree.applied;
      result.dropped = tree.dropped;
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return result;
}

const REPEATABLES_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_repeatables (path text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())';

const RECORD_REPEATABLE = `INSERT INTO schema_repeatables (path, checksum) VALUES ($1, $2)
  ON CONFLICT (path) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`;

/** The tree files a migration or a tree file names on its `-- requires: functions/x.sql` lines. */
const requires = (sql: string): string[] =>
  [...sql.matchAll(/^-- requires: (\S+\.sql)\s*$/gm)].map((m) => m[1] as string);

/**
 * Applies one tree file (kind/name.sql) inside the caller's transaction and records its checksum, after the tree
 * files it requires itself (a function made by another's call at a migration), each once (`given`).
 */
async function applyTreeFile(
  client: pg.PoolClient | pg.Client,
  treeDir: string,
  key: string,
  given: Set<string>,
): Promise<void> {
  if (given.has(key)) return;
  given.add(key);
  const sql = await readFile(path.join(treeDir, key), 'utf8');
  for (const needed of requires(sql)) await applyTreeFile(client, treeDir, needed, given);
  await client.query(sql);
  await client.query(RECORD_REPEATABLE, [key, sha256(sql)]);
}

type TreeFile = { key: string; kind: TreeKind; name: string; sql: string; checksum: string };

/** The statement that removes what a tree file defined, by its kind and file name. */
function dropStatement(kind: TreeKind, name: string): string {
  const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
  if (kind === 'views') return `DROP VIEW IF EXISTS ${ident(name)}`;
  if (kind === 'triggers') {
    // triggers/<table>.<trigger>.sql
    const dot = name.indexOf('.');
    if (dot < 0) throw new Error(`Trigger file ${name}.sql must be named <table>.<trigger>.sql`);
    return `DROP TRIGGER IF EXISTS ${ident(name.slice(dot + 1))} ON ${ident(name.slice(0, dot))}`;
  }
  // Every overload of the name: a file holds all of them.
  return `DO $drop$ DECLARE r record; BEGIN
    FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p
      WHERE p.proname = ${`'${name.replaceAll("'", "''")}'`} AND p.pronamespace = 'public'::regnamespace
    LOOP EXECUTE format('DROP FUNCTION %s', r.sig); END LOOP; END $drop$`;
}

/**
 * Applies the source tree (decision 0057) in one transaction: functions/, then views/, then
 * triggers/, each file only when it is new or its content changed since it was last applied
 * (schema_repeatables keeps the checksums, as Flyway's repeatable migrations do); what a file
 * removed from the tree defined is dropped. Function bodies are not checked at creation
 * (check_function_bodies off, as pg_dump does), so functions that call each other apply in any
 * order; a view that reads another view is retried after the rest. Called by migrate under its lock.
 */
export async function applyTree(
  client: pg.PoolClient | pg.Client,
  treeDir: string = DB_DIR,
): Promise<{ applied: string[]; dropped: string[] }> {
  const files: TreeFile[] = [];
  for (const kind of TREE_KINDS) {
    for (const file of await sqlFiles(path.join(treeDir, kind))) {
      const sql = await readFile(path.join(treeDir, kind, file), 'utf8');
      const name = file.slice(0, -'.sql'.length);
      files.push({ key: `${kind}/${file}`, kind, name, sql, checksum: sha256(sql) });
    }
  }
  const applied: string[] = [];
  const dropped: string[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL check_function_bodies = off');
    await client.query(REPEATABLES_TABLE);
    const { rows } = await client.query<{ path: string; checksum: string }>(
      'SELECT path, checksum FROM schema_repeatables',
    );
    const done = new Map(rows.map((r) => [r.path, r.checksum]));
    const present = new Set(files.map((f) => f.key));
    // Removed files: triggers first, then views, then functions (what uses goes before what is used).
    const gone = rows
      .map((r) => r.path)
      .filter((p) => !present.has(p))
      .map((p) => {
        const [kind, file] = p.split('/') as [TreeKind, string];
        return { key: p, kind, name: file.slice(0, -'.sql'.length) };
      })
      .sort((a, b) => TREE_KINDS.indexOf(b.kind) - TREE_KINDS.indexOf(a.kind));
    // A removed view may be read by another removed one: retry what failed while progress is made.
    let drops = gone.filter((g) => TREE_KINDS.includes(g.kind));
    while (drops.length > 0) {
      const failed: { key: string; err: Error }[] = [];
      const next: typeof drops = [];
      for (const g of drops) {
        await client.query('SAVEPOINT tree_file');
        try {
          await client.query(dropStatement(g.kind, g.name));
          await client.query('RELEASE SAVEPOINT tree_file');
        } catch (err) {
          await client.query('ROLLBACK TO SAVEPOINT tree_file');
          failed.push({ key: g.key, err: err as Error });
          next.push(g);
          continue;
        }
        await client.query('DELETE FROM schema_repeatables WHERE path = $1', [g.key]);
        dropped.push(g.key);
      }
      if (next.length === drops.length) {
        const first = failed[0] as { key: string; err: Error };
        throw new Error(`Dropping ${first.key} (removed from the tree) failed: ${first.err.message}`);
      }
      drops = next;
    }
    let pending = files.filter((f) => done.get(f.key) !== f.checksum);
    // A view may read a view applied later in name order: retry what failed while progress is made.
    while (pending.length > 0) {
      const failed: { file: TreeFile; err: Error }[] = [];
      for (const f of pending) {
        await client.query('SAVEPOINT tree_file');
        try {
          await client.query(f.sql);
          await client.query('RELEASE SAVEPOINT tree_file');
        } catch (err) {
          await client.query('ROLLBACK TO SAVEPOINT tree_file');
          failed.push({ file: f, err: err as Error });
          continue;
        }
        await client.query(RECORD_REPEATABLE, [f.key, f.checksum]);
        applied.push(f.key);
      }
      if (failed.length === pending.length) {
        const first = failed[0] as { file: TreeFile; err: Error };
        throw new Error(`${first.file.key} failed: ${first.err.message}`);
      }
      pending = failed.map((x) => x.file);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return { applied, dropped };
}
