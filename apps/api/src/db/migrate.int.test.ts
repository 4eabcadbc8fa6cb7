import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schemaCatalog } from './catalog';
import { ensureDatabase } from './embedded';
import { migrate, TREE_KINDS } from './migrate';

// Decision 0057: functions, triggers and views live in functions/, triggers/ and views/, applied after
// the migrations; the migrations keep tables, indexes and data. A database migrated by the migrations as
// they were before (read from git at the commit named in previous-checksums.json) and a new one must end
// with the same schema.

const DB_DIR = import.meta.dirname;
const MIGRATIONS = path.join(DB_DIR, 'migrations');

const pools: pg.Pool[] = [];
const dirs: string[] = [];

async function newDatabase(): Promise<{ url: string; pool: pg.Pool }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `tree_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  pools.push(pool);
  return { url: url.toString(), pool };
}

async function catalogOf(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    return await schemaCatalog(client);
  } finally {
    client.release();
  }
}

/** Every table's row count (the migrations' data steps reach the same rows either way). */
async function rowCounts(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ relname: string }>(
    "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname NOT IN ('schema_migrations', 'schema_repeatables') ORDER BY 1",
  );
  const out: Record<string, string> = {};
  for (const { relname } of rows)
    out[relname] =
      (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${relname}"`)).rows[0]?.n ?? '';
  return out;
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/**
 * The migrations folder as it was before decision 0057: each rewritten migration read from git at the
 * recorded commit (its checksum must be the recorded one), every other one as it is.
 */
async function oldMigrations(): Promise<string> {
  const { commit, checksums } = JSON.parse(
    await readFile(path.join(MIGRATIONS, 'previous-checksums.json'), 'utf8'),
  ) as { commit: string; checksums: Record<string, string[]> };
  const dir = await tempDir('sgx-old-migrations-');
  const repoRoot = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: DB_DIR,
    encoding: 'utf8',
  }).trim();
  const relative = path.relative(repoRoot, MIGRATIONS).split(path.sep).join('/');
  // The migrations as they were at that commit: the rewritten ones from git (their checksums checked), the
  // others as they are; none added since (the upgrade runs those: addedSince).
  const then = new Set(
    execFileSync('git', ['ls-tree', '--name-only', `${commit}:${relative}`], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f.endsWith('.sql')),
  );
  for (const file of (await readdir(MIGRATIONS)).filter((f) => then.has(f))) {
    const expected = checksums[file];
    if (!expected) {
      await cp(path.join(MIGRATIONS, file), path.join(dir, file));
      continue;
    }
    const old = execFileSync('git', ['show', `${commit}:${relative}/${file}`], { cwd: repoRoot });
    expect(expected).toContain(createHash('sha256').update(old).digest('hex'));
    await writeFile(path.join(dir, file), old);
  }
  return dir;
}

/** The migrations added since the commit of the old migrations (previous-checksums.json's `commit`). */
async function addedSince(oldDir: string): Promise<string[]> {
  const then = new Set(await readdir(oldDir));
  return (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql') && !then.has(f)).sort();
}

/**
 * The migrations and the tree as they were in the commit that moved the definitions out of the migrations
 * (`moved_in` of previous-checksums.json), read from git: the tree has moved on since, the move itself is fixed.
 */
async function asMoved(): Promise<{ migrationsDir: string; treeDir: string }> {
  const { moved_in: commit } = JSON.parse(
    await readFile(path.join(MIGRATIONS, 'previous-checksums.json'), 'utf8'),
  ) as { moved_in: string };
  const dir = await tempDir('sgx-moved-');
  const repoRoot = execFileSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: DB_DIR,
    encoding: 'utf8',
  }).trim();
  const relative = path.relative(repoRoot, DB_DIR).split(path.sep).join('/');
  for (const sub of ['migrations', ...TREE_KINDS]) {
    const listing = execFileSync('git', ['ls-tree', '--name-only', `${commit}:${relative}/${sub}`], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    await mkdir(path.join(dir, sub));
    for (const file of listing.split('\n').filter((f) => f.endsWith('.sql')))
      await writeFile(
        path.join(dir, sub, file),
        execFileSync('git', ['show', `${commit}:${relative}/${sub}/${file}`], { cwd: repoRoot }),
      );
  }
  return { migrationsDir: path.join(dir, 'migrations'), treeDir: dir };
}

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('the database source tree (decision 0057)', () => {
  let fresh: pg.Pool;
  let freshResult: Awaited<ReturnType<typeof migrate>>;

  beforeAll(async () => {
    fresh = (await newDatabase()).pool;
    freshResult = await migrate(fresh);
  });

  it('a new database applies every file of the tree once', async () => {
    const files: string[] = [];
    for (const kind of TREE_KINDS)
      for (const f of await readdir(path.join(DB_DIR, kind)))
        if (f.endsWith('.sql')) files.push(`${kind}/${f}`);
    expect(files.length).toBeGreaterThan(60);
    // search_grams went in with migration 0068 (its index needs it), the ledger's guards and the partition
    // maker with 0089 (the partitioned table's triggers and months; the maker's own `requires` bring the makers of
    // any table's months, decision 0095), the audit trail's guards with 0102, and the transactions' check with 0103
    // (its keys, decision 0097): applied once, there.
    const inMigrations = [
      'functions/search_grams.sql',
      'functions/ledger_refuse_change.sql',
      'functions/ledger_entries_statement.sql',
      'functions/ledger_partition_create.sql',
      'functions/month_partition_create.sql',
      'functions/month_partition_guard.sql',
      'functions/audit_log_refuse_change.sql',
      'functions/audit_log_fill_member.sql',
      'functions/ledger_transactions_statement.sql',
    ];
    expect([...freshResult.applied, ...inMigrations].sort()).toEqual(files.sort());
    const { rows } = await fresh.query<{ path: string }>('SELECT path FROM schema_repeatables ORDER BY path');
    expect(rows.map((r) => r.path)).toEqual(files.sort());
  });

  it('every function, trigger and view of the database has its own file, and no file is left over', async () => {
    const catalog = await catalogOf(fresh);
    const functions = catalog.functions.map((f) => f.slice(0, f.indexOf('(')));
    const triggers = catalog.triggers.map((t) => t.slice(0, t.indexOf(' ')));
    const views = catalog.views.map((v) => v.slice(0, v.indexOf(' ')));
    const names = async (kind: string) =>
      (await readdir(path.join(DB_DIR, kind))).filter((f) => f.endsWith('.sql')).map((f) => f.slice(0, -4));
    expect([...new Set(functions)].sort()).toEqual((await names('functions')).sort());
    expect(triggers.sort()).toEqual((await names('triggers')).sort());
    expect(views.sort()).toEqual((await names('views')).sort());
  });

  it('a database migrated by the old migrations upgrades in place to the same schema as a new one', async () => {
    const old = (await newDatabase()).pool;
    const oldDir = await oldMigrations();
    const before = await migrate(old, {
      migrationsDir: oldDir,
      previousChecksums: {},
      skipTree: true,
    });
    expect(before.migrations.length).toBeGreaterThan(60);
    // Nothing lost in the move: what the old migrations alone made is what a new database got from the
    // migrations and the tree of the commit that moved the definitions (the tree has changed since).
    const moved = (await newDatabase()).pool;
    await migrate(moved, { ...(await asMoved()), previousChecksums: {} });
    const [made, fromTree] = [await catalogOf(old), await catalogOf(moved)];
    for (const key of Object.keys(fromTree) as (keyof typeof fromTree)[])
      expect(made[key], key).toEqual(fromTree[key]);
    expect(await rowCounts(old)).toEqual(await rowCounts(moved));
    const upgraded = await migrate(old);
    // Only the migrations added since run: the rewritten migrations' records are accepted and take the new
    // checksums.
    expect(upgraded.migrations).toEqual(await addedSince(oldDir));
    expect(upgraded.migrations).toContain('0074_ledger_post_gone.sql');
    const { rows } = await old.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY name',
    );
    for (const r of rows) {
      const text = await readFile(path.join(MIGRATIONS, r.name), 'utf8');
      expect(r.checksum, r.name).toBe(createHash('sha256').update(text).digest('hex'));
    }
    const [a, b] = [await catalogOf(old), await catalogOf(fresh)];
    for (const key of Object.keys(b) as (keyof typeof b)[]) expect(a[key], key).toEqual(b[key]);
    // And a second start-up does nothing.
    expect(await migrate(old)).toEqual({ migrations: [], applied: [], dropped: [] });
  });

  it.each(['0020', '0064'])(
    'a database the old migrations took only up to %s, then upgraded, ends like a new one',
    async (last) => {
      const old = (await newDatabase()).pool;
      const dir = await oldMigrations();
      for (const f of await readdir(dir)) if (f.slice(0, 4) > last) await rm(path.join(dir, f));
      await migrate(old, { migrationsDir: dir, previousChecksums: {}, skipTree: true });
      const upgraded = await migrate(old);
      expect(upgraded.migrations.length).toBeGreaterThan(0);
      const [a, b] = [await catalogOf(old), await catalogOf(fresh)];
      for (const key of Object.keys(b) as (keyof typeof b)[]) expect(a[key], key).toEqual(b[key]);
    },
  );

  it("the rewritten migrations' data steps (backfills) reach the rows the old ones reached", async () => {
    // Two databases the old migrations took to 0020, with the same rows; one goes on with the old files,
    // the other with the new ones and the tree. The backfills of 0025, 0031, 0050, 0062 and 0068 run on them.
    const dir = await oldMigrations();
    const cut = await tempDir('sgx-old-0020-');
    for (const f of await readdir(dir))
      if (f.slice(0, 4) <= '0020') await cp(path.join(dir, f), path.join(cut, f));
    const rows = `
      INSERT INTO users (id, username, email, password_hash, fullname, refferal_code, phone, role, created_at) VALUES
        (1, 'ann', 'ann@example.com', 'h', 'Ann Admin', 'ANN1', NULL, 'admin', '2026-01-01T10:00Z'),
        (2, 'bob', 'bob@example.com', 'h', 'Bob Member', 'BOB2', '555 0100', 'user', '2026-01-02T11:00Z');
      INSERT INTO sessions (user_id, token_hash, role, expires_at, ip, created_at) VALUES
        (2, '\\x01', 'user', '2030-01-01T00:00Z', ' 203.0.113.7', '2026-01-02T11:00Z'),
        (2, '\\x02', 'user', '2030-01-01T00:00Z', '::ffff:198.51.100.4', '2026-01-03T09:00Z'),
        (1, '\\x03', 'admin', '2030-01-01T00:00Z', '203.0.113.7', '2026-01-03T09:30Z');
      INSERT INTO audit_log (actor_id, action, entity, entity_id, created_at) VALUES
        (1, 'edit', 'user', '2', '2026-01-03T10:00Z'), (1, 'note', 'setting', 'x', '2026-01-03T10:01Z');
      INSERT INTO ledger_accounts (id, owner_id, kind, asset, balance, allow_negative) VALUES
        (101, 2, 'deposit', 'USD', 500, false), (102, NULL, 'cash', 'USD', 0, true);
      INSERT INTO ledger_transactions (id, idempotency_key, kind, member_id, created_at) VALUES
        (201, 'k1', 'deposit', 2, '2030-01-01T10:30Z');
      INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES (201, 101, 500), (201, 102, -500);`;
    const dbs = [(await newDatabase()).pool, (await newDatabase()).pool] as const;
    for (const db of dbs) {
      await migrate(db, { migrationsDir: cut, previousChecksums: {}, skipTree: true });
      await db.query(rows);
    }
    await migrate(dbs[0], { migrationsDir: dir, previousChecksums: {}, skipTree: true });
    // Then upgraded as a running database is: the migrations added since (new columns too) and the tree.
    await migrate(dbs[0]);
    await migrate(dbs[1]);
    const tables: Record<string, string> = {
      users: 'id',
      member_tally: 'id',
      member_search: 'user_id',
      audit_log: 'id',
      ledger_entries: 'id',
      ledger_account_sums: 'account_id, source, credit',
      ledger_account_sums_live: 'account_id, source, credit',
      ledger_rollup_live: 'period, asset, source, credit',
    };
    const contents = async (db: pg.Pool) => {
      const out: Record<string, unknown[]> = {};
      // updated_at: the time a later migration added the column (now()), not a backfill's.
      for (const [table, order] of Object.entries(tables)) {
        const sql = `SELECT to_jsonb(t) - 'updated_at' AS r FROM ${table} t ORDER BY ${order}`;
        out[table] = (await db.query(sql)).rows;
      }
      // Each database has its own random pepper: the hash is checked against its own.
      out.access_ips = (
        await db.query(`SELECT user_id, kind, seen_at,
            ip_hash = sha256((SELECT secret FROM app_secrets WHERE name = 'ip_pepper') || convert_to(ip, 'UTF8')) AS ok
          FROM access_ips, (VALUES ('203.0.113.7'), ('198.51.100.4')) v (ip)
          WHERE ip_hash = sha256((SELECT secret FROM app_secrets WHERE name = 'ip_pepper') || convert_to(ip, 'UTF8'))
          ORDER BY 1, 2, 3`)
      ).rows;
      return out;
    };
    const [a, b] = [await contents(dbs[0]), await contents(dbs[1])];
    expect(a.access_ips).toHaveLength(3);
    expect(a.member_search).toHaveLength(2);
    expect(a.ledger_account_sums).toHaveLength(1);
    expect((a.audit_log as { r: { member_id: unknown } }[])[0]?.r.member_id).toBe(2);
    expect(b).toEqual(a);
  });

  it('a migration changed in any other way still stops the start-up', async () => {
    const { pool } = await newDatabase();
    const dir = await tempDir('sgx-migrations-');
    await cp(MIGRATIONS, dir, { recursive: true });
    await migrate(pool, { migrationsDir: dir });
    const file = path.join(dir, '0003_ledger.sql');
    await writeFile(file, `${await readFile(file, 'utf8')}\n-- changed\n`);
    await expect(migrate(pool, { migrationsDir: dir })).rejects.toThrow(/0003_ledger.sql changed/);
  });

  it('a second start-up is a no-op', async () => {
    const before = await fresh.query(
      'SELECT path, checksum, applied_at FROM schema_repeatables ORDER BY path',
    );
    expect(await migrate(fresh)).toEqual({ migrations: [], applied: [], dropped: [] });
    const after = await fresh.query(
      'SELECT path, checksum, applied_at FROM schema_repeatables ORDER BY path',
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('re-applies a changed file only, and drops what a removed file defined', async () => {
    const { pool } = await newDatabase();
    const tree = await tempDir('sgx-tree-');
    for (const kind of TREE_KINDS)
      await cp(path.join(DB_DIR, kind), path.join(tree, kind), { recursive: true });
    await migrate(pool, { treeDir: tree });

    // Changed: a function's file (a comment in its body).
    const fn = path.join(tree, 'functions', 'sgx_units_text.sql');
    const fnText = await readFile(fn, 'utf8');
    await writeFile(fn, fnText.replace(/\$function\$\n/, '$function$\n  -- edited\n'));
    // New: a function, a view that uses it and a trigger.
    await writeFile(
      path.join(tree, 'functions', 'tree_probe.sql'),
      'CREATE OR REPLACE FUNCTION tree_probe() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;\n',
    );
    await writeFile(
      path.join(tree, 'functions', 'tree_probe_one.sql'),
      'CREATE OR REPLACE FUNCTION tree_probe_one() RETURNS int LANGUAGE sql AS $$ SELECT tree_probe_two() $$;\n',
    );
    // A SQL function that calls one applied after it (name order) still applies.
    await writeFile(
      path.join(tree, 'functions', 'tree_probe_two.sql'),
      'CREATE OR REPLACE FUNCTION tree_probe_two() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;\n',
    );
    // A view that reads a view applied after it (name order) still applies.
    await writeFile(
      path.join(tree, 'views', 'tree_probe_a.sql'),
      'CREATE OR REPLACE VIEW tree_probe_a AS SELECT n + 1 AS n FROM tree_probe_b;\n',
    );
    await writeFile(
      path.join(tree, 'views', 'tree_probe_b.sql'),
      'CREATE OR REPLACE VIEW tree_probe_b AS SELECT tree_probe_one() AS n;\n',
    );
    await writeFile(
      path.join(tree, 'triggers', 'tickets.tree_probe_t.sql'),
      'DROP TRIGGER IF EXISTS tree_probe_t ON tickets;\n' +
        'CREATE TRIGGER tree_probe_t BEFORE INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION tree_probe();\n',
    );
    const changed = await migrate(pool, { treeDir: tree });
    expect(changed.migrations).toEqual([]);
    expect(changed.applied.sort()).toEqual(
      [
        'functions/sgx_units_text.sql',
        'functions/tree_probe.sql',
        'functions/tree_probe_one.sql',
        'functions/tree_probe_two.sql',
        'triggers/tickets.tree_probe_t.sql',
        'views/tree_probe_a.sql',
        'views/tree_probe_b.sql',
      ].sort(),
    );
    expect(changed.dropped).toEqual([]);
    const def = await pool.query<{ d: string }>("SELECT pg_get_functiondef('sgx_units_text'::regproc) AS d");
    expect(def.rows[0]?.d).toContain('-- edited');
    expect((await pool.query<{ n: number }>('SELECT n FROM tree_probe_a')).rows[0]?.n).toBe(3);
    const trig = async () =>
      (await pool.query("SELECT 1 FROM pg_trigger WHERE tgname = 'tree_probe_t'")).rowCount;
    expect(await trig()).toBe(1);

    // Unchanged files are not applied again; changed again: applied again.
    expect(await migrate(pool, { treeDir: tree })).toEqual({ migrations: [], applied: [], dropped: [] });
    await writeFile(
      path.join(tree, 'functions', 'tree_probe_two.sql'),
      'CREATE OR REPLACE FUNCTION tree_probe_two() RETURNS int LANGUAGE sql AS $$ SELECT 20 $$;\n',
    );
    expect((await migrate(pool, { treeDir: tree })).applied).toEqual(['functions/tree_probe_two.sql']);
    expect((await pool.query<{ n: number }>('SELECT n FROM tree_probe_a')).rows[0]?.n).toBe(21);

    // Removed: the trigger, the views and the functions are dropped (users first, then what they use).
    for (const f of [
      'triggers/tickets.tree_probe_t.sql',
      'views/tree_probe_a.sql',
      'views/tree_probe_b.sql',
      'functions/tree_probe.sql',
      'functions/tree_probe_one.sql',
      'functions/tree_probe_two.sql',
    ])
      await rm(path.join(tree, f));
    const removed = await migrate(pool, { treeDir: tree });
    expect(removed.applied).toEqual([]);
    expect(removed.dropped.sort()).toEqual(
      [
        'functions/tree_probe.sql',
        'functions/tree_probe_one.sql',
        'functions/tree_probe_two.sql',
        'triggers/tickets.tree_probe_t.sql',
        'views/tree_probe_a.sql',
        'views/tree_probe_b.sql',
      ].sort(),
    );
    expect(await trig()).toBe(0);
    const left = await pool.query(
      "SELECT proname FROM pg_proc WHERE proname LIKE 'tree_probe%' UNION ALL SELECT relname FROM pg_class WHERE relname LIKE 'tree_probe%'",
    );
    expect(left.rows).toEqual([]);
    const { rows } = await pool.query("SELECT path FROM schema_repeatables WHERE path LIKE '%tree_probe%'");
    expect(rows).toEqual([]);
  });

  it('a tree file that fails leaves the database as it was', async () => {
    const { pool } = await newDatabase();
    const tree = await tempDir('sgx-tree-');
    for (const kind of TREE_KINDS)
      await cp(path.join(DB_DIR, kind), path.join(tree, kind), { recursive: true });
    await migrate(pool, { treeDir: tree });
    const fn = path.join(tree, 'functions', 'sgx_units_text.sql');
    await writeFile(fn, `${await readFile(fn, 'utf8')}\n-- edited\n`);
    await writeFile(
      path.join(tree, 'views', 'broken.sql'),
      'CREATE VIEW broken AS SELECT * FROM no_such_table;\n',
    );
    await expect(migrate(pool, { treeDir: tree })).rejects.toThrow(/views\/broken.sql failed/);
    const { rows } = await pool.query<{ checksum: string }>(
      "SELECT checksum FROM schema_repeatables WHERE path = 'functions/sgx_units_text.sql'",
    );
    const original = await readFile(path.join(DB_DIR, 'functions', 'sgx_units_text.sql'), 'utf8');
    expect(rows[0]?.checksum).toBe(createHash('sha256').update(original).digest('hex'));
  });
});
