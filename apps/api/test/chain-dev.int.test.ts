import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { minConfirmations } from '@sgx/chain';
import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS } from '@sgx/chain/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { demoCredentials } from '../src/db/seed';
import { type Running, startServer } from '../src/server';
import { createTestDatabase, sqlOn } from './helpers';

/**
 * `npm run chain:dev`, the newcomer's door, end to end: a development app (demo seed, two-factor required
 * for both demo admins) on a fresh database and data folder, and the real CLI as a child process with its
 * own anvil. Afterwards chain 56 takes the test token with the chain's floor of confirmations, the platform
 * has a BEP20 receiving address, and both admins have two-factor sign-in whose secrets are kept in the data
 * folder. Run again (finding the app on PORT), it changes nothing.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const BNB_FLOOR = minConfirmations(56);

let dbUrl: string;
let dataDir: string;
let server: Running;
let base: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-chain-dev-'));
  dbUrl = await createTestDatabase();
  // Development mode, as `npm start` on a fresh clone: the demo seed runs.
  server = await startServer(
    loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'silent',
    }),
  );
  expect(server.seeded).toBe(true);
  base = server.url.replace('localhost', '127.0.0.1');
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

type Run = {
  output: () => string;
  /** Resolves once the output matches (at most 35 s; rejects if chain:dev exits first). */
  waitFor: (pattern: RegExp | string) => Promise<void>;
  type: (text: string) => void;
  /** Ctrl-C (in a terminal) or SIGTERM, and its exit. */
  stop: () => Promise<void>;
};

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * Starts chain:dev (its chain on a free port, the app's data folder in DATA_DIR as the app's), as a plain
 * child process or in a terminal of its own (util-linux `script` gives it a pseudo-terminal).
 */
async function startChainDev(args: string[], env: Record<string, string>, terminal = false): Promise<Run> {
  const { APP_URL: _a, PORT: _p, DATA_DIR: _d, INIT_CWD: _i, ...inherited } = process.env;
  const command = [process.execPath, '--import', 'tsx', 'packages/chain/src/dev/cli.ts'];
  const all = [...command, '--port', String(await freePort()), ...args];
  const [file, argv] = terminal
    ? ['script', ['-qfec', all.map(quote).join(' '), '/dev/null']]
    : [all[0] ?? '', all.slice(1)];
  const child = spawn(file, argv, {
    cwd: repoRoot,
    env: { ...inherited, DATA_DIR: dataDir, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = once(child, 'exit');
  const listeners = new Set<() => void>();
  const read = (chunk: Buffer) => {
    output += chunk.toString().replaceAll('\r\n', '\n');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const waitFor = (pattern: RegExp | string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`no ${pattern} within 35 s:\n${output}`)), 35_000);
      const onExit = (code: number | null) => finish(new Error(`chain:dev exited (${code}):\n${output}`));
      const check = () =>
        (typeof pattern === 'string' ? output.includes(pattern) : pattern.test(output)) && finish();
      function finish(error?: Error) {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      }
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });
  return {
    output: () => output,
    waitFor,
    type: (text) => child.stdin?.write(text),
    stop: async () => {
      if (terminal) child.stdin?.write('\x03');
      else child.kill('SIGTERM');
      await exited;
    },
  };
}

const DONE = /^(✓ Done|✗ Not done)/m;

/** Runs chain:dev until it says it is done (or not), then stops it as Ctrl-C would; its output. */
async function chainDev(args: string[], env: Record<string, string> = {}): Promise<string> {
  const run = await startChainDev(args, env);
  await run.waitFor(DONE);
  await run.stop();
  return run.output();
}

async function get(url: string, token?: string) {
  const res = await fetch(`${base}/api/v1${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function signIn(area: 'admin' | 'member', who: { email: string; password: string }) {
  const res = await fetch(`${base}/api/v1/auth/${area === 'admin' ? 'adminsignin' : 'signin'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    admin?: { token: string };
    auth?: { token: string };
    second_factor: string;
  };
  return { token: (body.admin ?? body.auth)?.token ?? '', secondFactor: body.second_factor };
}

/** Audit records so far: every change an admin makes writes one. */
const audits = async () =>
  Number((await sqlOn(dbUrl, 'SELECT count(*) AS n FROM audit_log')).rows[0]?.n ?? 0);

type Chain = { id: number; enabled: boolean; confirmations: number; token: Record<string, unknown> };

describe('npm run chain:dev against a fresh development app', () => {
  let first: string;

  it('enrols both demo admins in two-factor and configures chain 56 and a receiving address', async () => {
    // A fresh app: both demo admins still owe their two-factor set-up.
    expect((await signIn('admin', demoCredentials.admin)).secondFactor).toBe('enrol');
    expect((await signIn('admin', demoCredentials.admin2)).secondFactor).toBe('enrol');

    first = await chainDev(['--app', base]);
    expect(first, first).toMatch(/^✓ Done/m);
    for (const who of [demoCredentials.admin, demoCredentials.admin2]) {
      expect(first).toContain(`✓ two-factor sign-in set up for ${who.email}`);
    }
    expect(first.match(/otpauth:\/\/totp\/\S+secret=/g)).toHaveLength(2);
    expect(first.match(/Recovery codes \(each works once\): ([a-z0-9]{4}-[a-z0-9]{4} ?){10}/g)).toHaveLength(
      2,
    );

    const { body } = await get('/chains');
    const bsc = (body.chains as Chain[]).find((c) => c.id === 56);
    expect(bsc).toMatchObject({
      enabled: true,
      confirmations: BNB_FLOOR,
      token: {
        address: expect.stringMatching(new RegExp(`^${DEV_TOKEN_ADDRESS}$`, 'i')),
        symbol: 'USDT',
        decimals: 18,
      },
    });

    // What waited for a second admin (202) was approved by the second demo admin, nothing left waiting.
    const { rows: approvals } = await sqlOn(
      dbUrl,
      `SELECT a.status, u.email AS decided_by FROM approvals a LEFT JOIN users u ON u.id = a.decided_by
        WHERE a.kind::text IN ('chain_settings', 'deposit_address')`,
    );
    for (const a of approvals) {
      expect(a).toEqual({ status: 'approved', decided_by: demoCredentials.admin2.email });
    }
    expect(first.match(/✓ approval #\d+ approved by admin2@example\.com/g) ?? []).toHaveLength(
      approvals.length,
    );

    const member = await signIn('member', demoCredentials.member);
    const qr = await get('/qr', member.token);
    expect(qr.status).toBe(200);
    expect(qr.body.addresses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'BEP20', address: DEV_ACCOUNTS[9].address }),
      ]),
    );
  }, 60_000);

  it('keeps the admins’ secrets in the data folder (0600): the ones the server holds', async () => {
    const file = path.join(dataDir, 'dev-second-factor.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { secret: string }>;
    for (const who of [demoCredentials.admin, demoCredentials.admin2]) {
      const { rows } = await sqlOn(
        dbUrl,
        `SELECT f.secret, f.confirmed_at FROM two_factors f JOIN users u ON u.id = f.user_id
          WHERE lower(u.email) = lower($1)`,
        [who.email],
      );
      expect(rows[0]?.confirmed_at).not.toBeNull();
      expect(kept[who.email]?.secret).toBe(rows[0]?.secret);
      expect(first).toContain(rows[0]?.secret);
      // Two-factor is now required at every sign-in of both admins.
      expect((await signIn('admin', who)).secondFactor).toBe('code');
    }
  });

  it('run again, finding the app on PORT, signs in with the kept secrets and changes nothing', async () => {
    const before = await audits();
    const again = await chainDev([], { PORT: new URL(base).port });
    expect(again, again).toMatch(/^✓ Done/m);
    expect(again).toContain(`the app at ${new URL(base).origin} is up`);
    for (const who of [demoCredentials.admin, demoCredentials.admin2]) {
      expect(again).toContain(`✓ signed in as ${who.email} (second factor: a code from the secret kept in`);
    }
    expect(again).toMatch(/chain 56: token USDT .* 15 confirmations: already in force/);
    expect(again).toContain('a BEP20 receiving address is already set');
    expect(again).not.toContain('✗');
    // Nothing changed: no new audit record of a change (sign-ins are not audited as changes).
    expect(await audits()).toBe(before);
  }, 60_000);

  // util-linux `script` (Linux) gives chain:dev a terminal; other systems' `script` takes other flags.
  it.skipIf(process.platform !== 'linux')(
    'in a terminal, asks for the code of an admin whose secret it does not keep',
    async () => {
      const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'sgx-chain-dev-tty-'));
      const { email } = demoCredentials.admin;
      try {
        // Only the second admin's secret is known here: the first admin's code is typed.
        const kept = JSON.parse(readFileSync(path.join(dataDir, 'dev-second-factor.json'), 'utf8'));
        const [recoveryCode] = kept[email].recovery_codes as string[];
        delete kept[email];
        writeFileSync(path.join(elsewhere, 'dev-second-factor.json'), JSON.stringify(kept), { mode: 0o600 });
        const run = await startChainDev(['--app', base], { DATA_DIR: elsewhere }, true);
        const prompt = `${email} has two-factor sign-in on: enter the 6-digit code from your app (or a recovery code): `;
        await run.waitFor(prompt);
        run.type('12345\r');
        await run.waitFor(/✗ 400 .*6-digit code/);
        run.type(`${recoveryCode}\r`);
        await run.waitFor(DONE);
        await run.stop();
        const out = run.output();
        expect(out, out).toMatch(/^✓ Done/m);
        expect(out).toContain(`✓ signed in as ${email} (second factor: the code you typed)`);
        expect(out).toContain(
          `✓ signed in as ${demoCredentials.admin2.email} (second factor: a code from the secret kept in`,
        );
        // Ctrl-C after the prompt still stops chain:dev and its chain.
        expect(out).toContain('SIGINT: stopping the chain');
      } finally {
        await rm(elsewhere, { recursive: true, force: true });
      }
    },
    75_000,
  );

  it('without the secret and without a terminal, says what to do and changes nothing', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'sgx-chain-dev-empty-'));
    const before = await audits();
    try {
      const out = await chainDev(['--app', base], { DATA_DIR: elsewhere });
      expect(out).toMatch(/^✗ Not done/m);
      expect(out).toContain(
        `✗ ${demoCredentials.admin.email} has two-factor sign-in on and chain:dev does not know its secret`,
      );
      expect(out).toContain('Run `npm run chain:dev` in a terminal');
      expect(out).toContain('Set it up by hand as an admin instead');
      expect(await audits()).toBe(before);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);
});
