import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { freePort, runAs } from './processes';

/**
 * A real PgBouncer (Debian's package, `/usr/sbin/pgbouncer`) in transaction mode in front of the test run's
 * PostgreSQL (decision 0078), on a free loopback port, with its own configuration and users file in
 * `dir` (made; removed by `stop()`).
 *
 * Every database of the server is reachable through it under its own name (`* = host=... port=...`). The users
 * it knows are the ones given (name and password, kept in plain text in its users file, so it can answer
 * PostgreSQL's SCRAM on their behalf) and a console user of its own for `SHOW POOLS`.
 */
export interface Bouncer {
  /** The pooled URL of `database` for `user` (one of the users given to `startPgBouncer`). */
  urlOf(database: string, user: string): string;
  /** `SHOW POOLS` of the console: per database and user, the server connections open and in use. */
  pools(): Promise<{ database: string; user: string; sv_active: number; sv_idle: number; sv_used: number }[]>;
  /** The local ports of PgBouncer's server connections to `database` (`SHOW SERVERS`): `client_port` on PostgreSQL. */
  serverPorts(database: string): Promise<number[]>;
  /** PgBouncer's `default_pool_size`: server connections per database and user. */
  poolSize: number;
  /** The PgBouncer process (a bench pins it to cores and reads its CPU time). */
  pid: number;
  /** Stops the process (immediate shutdown) and removes its folder. */
  stop(): Promise<void>;
}

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** A users-file line: `"name" "password"`, a double quote inside doubled. */
const userLine = (name: string, password: string) =>
  `"${name.replace(/"/g, '""')}" "${password.replace(/"/g, '""')}"`;

/** Waits until something accepts connections on the port, or the process has exited. */
async function accepting(port: number, child: ChildProcess, said: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `pgbouncer exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${said()}`,
      );
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts PgBouncer in transaction mode in front of the PostgreSQL of `serverUrl` (only its host and port are
 * used), knowing `users`. `poolSize` is its `default_pool_size` (server connections per database and user):
 * keep it below the clients' pool so that clients share server connections, as in production.
 */
export async function startPgBouncer(options: {
  serverUrl: string;
  users: { name: string; password: string }[];
  dir: string;
  poolSize?: number;
}): Promise<Bouncer> {
  const { dir } = options;
  const poolSize = options.poolSize ?? 3;
  const server = new URL(options.serverUrl);
  const port = await freePort();
  const consoleUser = { name: 'pgbouncer_console', password: randomBytes(12).toString('hex') };
  mkdirSync(dir, { recursive: true });
  const usersFile = path.join(dir, 'users.txt');
  const iniFile = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    usersFile,
    `${[...options.users, consoleUser].map((u) => userLine(u.name, u.password)).join('\n')}\n`,
  );
  writeFileSync(
    iniFile,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // No Unix socket: only the loopback port (the folder would be shared with other runs).
      'unix_socket_dir =',
      'auth_type = scram-sha-256',
      `auth_file = ${usersFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `admin_users = ${consoleUser.name}`,
      'ignore_startup_parameters = extra_float_digits',
      // Logs go to its stderr, kept for the message of a failed start.
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const owner = runAs();
  chmodSync(dir, 0o700);
  if (owner) {
    // The process's user must be able to enter the folder around it (a mkdtemp folder is root's, 0700).
    chmodSync(path.dirname(dir), 0o755);
    execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
  }
  const child = spawn(PGBOUNCER, [iniFile], { ...(owner ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  const hear = (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', hear);
  child.stderr?.on('data', hear);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM'); // immediate shutdown
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await accepting(port, child, () => said);
  } catch (err) {
    await stop();
    throw err;
  }

  const urlOf = (database: string, user: string) => {
    const known = [...options.users, consoleUser].find((u) => u.name === user);
    if (!known) throw new Error(`pgbouncer does not know the user ${user}`);
    const u = new URL(`postgres://127.0.0.1:${port}/${encodeURIComponent(database)}`);
    u.username = encodeURIComponent(user);
    u.password = encodeURIComponent(known.password);
    return u.toString();
  };

  // The console speaks the simple query protocol only: a query without values is sent that way.
  const show = async (what: 'POOLS' | 'SERVERS') => {
    const c = new pg.Client({ connectionString: urlOf('pgbouncer', consoleUser.name) });
    await c.connect();
    try {
      return (await c.query(`SHOW ${what}`)).rows as Record<string, unknown>[];
    } finally {
      await c.end();
    }
  };

  return {
    urlOf,
    poolSize,
    pid: child.pid as number,
    serverPorts: async (database) =>
      (await show('SERVERS')).filter((r) => r.database === database).map((r) => Number(r.local_port)),
    pools: async () =>
      (await show('POOLS')).map((r) => ({
        database: String(r.database),
        user: String(r.user),
        sv_active: Number(r.sv_active),
        sv_idle: Number(r.sv_idle),
        sv_used: Number(r.sv_used),
      })),
    stop,
  };
}
