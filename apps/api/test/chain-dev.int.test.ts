import type { ChildProcess } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { minConfirmations, TRON_CHAIN_ID, toTronAddress, tronToHex } from '@sgx/chain';
import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS, depositFactoryAddress } from '@sgx/chain/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { demoCredentials } from '../src/db/seed';
import { type Running, startServer } from '../src/server';
import { chainDevCli, DONE, freePorts, holdings, JSON_LINE } from './chain-dev.support';
import { createTestDatabase, sqlOn } from './helpers';

/**
 * `npm run chain:dev`, the newcomer's door, end to end: a development app (demo seed, two-factor required
 * for both demo admins) on a fresh database and data folder, started with a node for both of chain:dev's
 * chains (the ports chosen here), and the real CLI as a child process with its own two anvils (the EVM one,
 * chain 56, and the TRON stand-in). Afterwards both chains take the test token with their floor of
 * confirmations, the deposit factory and a minimum, the platform has BEP20 and TRC20 receiving addresses,
 * the demo member has an EVM and a TRON address of their own, and both admins have two-factor sign-in whose
 * secrets are kept in the data folder. Run again (finding the app on PORT), it changes nothing.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const BNB_FLOOR = minConfirmations(56);
const TRON_FLOOR = minConfirmations('tron');
const TREASURY = DEV_ACCOUNTS[8].address;
const FACTORY = depositFactoryAddress({ treasury: TREASURY });

let dbUrl: string;
let dataDir: string;
let server: Running;
let base: string;
let evmPort: number;
let tronPort: number;
const children: ChildProcess[] = [];
const servers: Running[] = [];

/** A development app on the test database: a node for chain 56 and, unless told otherwise, for TRON. */
async function startApp(withTron = true): Promise<Running> {
  // Development mode, as `npm start` on a fresh clone: the demo seed runs.
  const running = await startServer(
    loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'silent',
      CHAIN_RPC_URL_56: `http://127.0.0.1:${evmPort}`,
      ...(withTron ? { CHAIN_RPC_URL_728126428: `http://127.0.0.1:${tronPort}` } : {}),
    }),
  );
  servers.push(running);
  return running;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-chain-dev-'));
  dbUrl = await createTestDatabase();
  [evmPort, tronPort] = freePorts();
  server = await startApp();
  expect(server.seeded).toBe(true);
  base = server.url.replace('localhost', '127.0.0.1');
}, 60_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of servers) await s.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cli = chainDevCli({
  repoRoot,
  children,
  ports: () => ({ evm: evmPort, tron: tronPort }),
  dataDir: () => dataDir,
});
const startChainDev = cli.start;
const chainDev = cli.run;

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

type Chain = {
  id: number;
  enabled: boolean;
  confirmations: number;
  token: Record<string, unknown>;
  min_deposit: string;
  forwarder_factory: string | null;
  treasury: string | null;
};
/** The --json line as chain:dev prints it. */
type Summary = {
  chains: { id: number; rpcUrl: string; token: { address: string; decimals: number } }[];
  fundedKey: `0x${string}`;
  factory: string;
  treasury: string;
  app: { url: string; configured: boolean } | null;
};

const ignoringCase = (address: string) => expect.stringMatching(new RegExp(`^${address}$`, 'i'));

describe('npm run chain:dev against a fresh development app', () => {
  let first: string;

  it('enrols both demo admins, configures both chains with the factory and prints one JSON line', async () => {
    // A fresh app: both demo admins still owe their two-factor set-up.
    expect((await signIn('admin', demoCredentials.admin)).secondFactor).toBe('enrol');
    expect((await signIn('admin', demoCredentials.admin2)).secondFactor).toBe('enrol');

    const run = await startChainDev(['--app', base, '--json']);
    await run.waitFor(JSON_LINE);
    // With --json, stdout holds the JSON line alone, printed once the app is configured.
    const stdout = run.stdout();
    expect(stdout.split('\n').filter(Boolean), stdout).toHaveLength(1);
    const summary = JSON.parse(stdout) as Summary;
    expect(summary).toMatchObject({
      chains: [
        {
          id: 56,
          rpcUrl: `http://127.0.0.1:${evmPort}`,
          token: { address: DEV_TOKEN_ADDRESS, decimals: 18 },
        },
        {
          id: TRON_CHAIN_ID,
          rpcUrl: `http://127.0.0.1:${tronPort}`,
          token: { address: DEV_TOKEN_ADDRESS, decimals: 6 },
        },
      ],
      factory: FACTORY,
      treasury: TREASURY,
      app: { url: new URL(base).origin, configured: true },
    });
    expect(DEV_ACCOUNTS.map((a) => a.privateKey)).toContain(summary.fundedKey);
    for (const chain of summary.chains) {
      const held = await holdings(chain.rpcUrl, chain.token.address, summary.fundedKey);
      expect(held.native).toBeGreaterThan(0n);
      expect(held.stablecoin).toBeGreaterThan(0n);
    }
    await run.stop();
    first = run.output();
    expect(first, first).toMatch(/^✓ Done/m);
    expect(first.indexOf('✓ Done')).toBeLessThan(first.indexOf('{"chains"'));
    for (const who of [demoCredentials.admin, demoCredentials.admin2]) {
      expect(first).toContain(`✓ two-factor sign-in set up for ${who.email}`);
    }
    expect(first.match(/otpauth:\/\/totp\/\S+secret=/g)).toHaveLength(2);
    expect(first.match(/Recovery codes \(each works once\): ([a-z0-9]{4}-[a-z0-9]{4} ?){10}/g)).toHaveLength(
      2,
    );
    expect(first).toContain(
      `CHAIN_RPC_URL_56=http://127.0.0.1:${evmPort} PUBLIC_RPC_URL_56=http://127.0.0.1:${evmPort} ` +
        `CHAIN_RPC_URL_728126428=http://127.0.0.1:${tronPort} PORT=${new URL(base).port} npm start`,
    );

    const { body } = await get('/chains');
    const bsc = (body.chains as Chain[]).find((c) => c.id === 56);
    expect(bsc).toMatchObject({
      enabled: true,
      confirmations: BNB_FLOOR,
      token: { address: ignoringCase(DEV_TOKEN_ADDRESS), symbol: 'USDT', decimals: 18 },
      min_deposit: '1.00000000',
      forwarder_factory: ignoringCase(FACTORY),
      treasury: ignoringCase(TREASURY),
    });
    // TRON as people read it: Base58Check addresses.
    expect(body.tron).toMatchObject({
      id: TRON_CHAIN_ID,
      enabled: true,
      confirmations: TRON_FLOOR,
      token: { address: toTronAddress(DEV_TOKEN_ADDRESS), symbol: 'USDT', decimals: 6 },
      min_deposit: '1.00000000',
      forwarder_factory: toTronAddress(FACTORY),
      treasury: toTronAddress(TREASURY),
    });

    // What waited for a second admin (202) was approved by the second demo admin, nothing left waiting.
    const { rows: approvals } = await sqlOn(
      dbUrl,
      `SELECT a.status, u.email AS decided_by FROM approvals a LEFT JOIN users u ON u.id = a.decided_by
        WHERE a.kind::text IN ('chain_settings', 'deposit_address')`,
    );
    expect(approvals).toHaveLength(4); // two chains, two receiving addresses
    for (const a of approvals) {
      expect(a).toEqual({ status: 'approved', decided_by: demoCredentials.admin2.email });
    }
    expect(first.match(/✓ approval #\d+ approved by admin2@example\.com/g) ?? []).toHaveLength(4);

    const member = await signIn('member', demoCredentials.member);
    const qr = await get('/qr', member.token);
    expect(qr.status).toBe(200);
    expect(qr.body.addresses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'BEP20', address: DEV_ACCOUNTS[9].address }),
        expect.objectContaining({ currency: 'TRC20', address: toTronAddress(DEV_ACCOUNTS[9].address) }),
      ]),
    );

    // The demo member's own addresses: one for the EVM chains, one on TRON (the same forwarder: same
    // factory address and member salt on both anvils).
    const own = await get('/wallets/deposit-addresses', member.token);
    expect(own.status).toBe(200);
    const addresses = own.body.addresses as { network: string; chain_ids: number[]; address: string }[];
    expect(addresses.map((a) => [a.network, a.chain_ids])).toEqual([
      ['EVM', [56]],
      ['TRON', [TRON_CHAIN_ID]],
    ]);
    const [evm, tron] = addresses;
    expect(evm?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(tron?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(tronToHex(tron?.address ?? '')).toBe(evm?.address.toLowerCase());
  }, 75_000);

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
    expect(again).toMatch(
      /chain 56 \(BNB Smart Chain\): token USDT .* 15 confirmations, deposit factory 0x\w+, minimum 1: already in force/,
    );
    expect(again).toMatch(
      /chain 728126428 \(TRON\): token USDT .* 19 confirmations, deposit factory 0x\w+, minimum 1: already in force/,
    );
    expect(again).toContain('a BEP20 receiving address is already set');
    expect(again).toContain('a TRC20 receiving address is already set');
    expect(again).not.toContain('✗');
    // Nothing changed: no new audit record of a change (sign-ins are not audited as changes).
    expect(await audits()).toBe(before);
  }, 60_000);

  it('against an app with no node for TRON, says how to start it and changes nothing there', async () => {
    const before = await audits();
    const blind = await startApp(false);
    const out = await chainDev(['--app', blind.url.replace('localhost', '127.0.0.1')]);
    expect(out).toMatch(/^✗ Not done/m);
    expect(out).toContain('✗ chain 728126428 (TRON): the app has no node for it');
    expect(out).toContain(`CHAIN_RPC_URL_728126428=http://127.0.0.1:${tronPort} PORT=`);
    expect(out).toMatch(/chain 56 \(BNB Smart Chain\): .*: already in force/);
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
