import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_ACCOUNTS, mine } from '@sgx/chain/dev';
import type { ProofResponse } from '@sgx/contracts';
import { parseUnits as parsePlatform } from '@sgx/money';
import { createPublicClient, createTestClient, createWalletClient, getAddress, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilChainsSuite } from '../../../test/chain-suite';
import { bearer } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import {
  type OwnAddressSuite,
  ownAddressChainSetUp,
  ownAddressFixture,
  TREASURY,
} from '../chains/own-address.fixture';
import { ratioOf } from './proof.readings';
import { ProofService } from './proof.service';

/**
 * Proof of reserves (decision 0044) on real anvil nodes: an address counts once a real signature from
 * its key over the fixed message is checked; balances are read at the last block before the tree's cut-off (a
 * transfer mined later is not counted, however often they are read again); a node that cannot be reached leaves
 * the tree published and its chain unavailable until an admin reads the reserves again; the root written on
 * chain is recorded only when the transaction's input is the root.
 */

/** A switchable way to the polygon node: when down, every connection is dropped (the node cannot be reached). */
let target = '';
let up = true;
const proxy: Server = createServer((req, res) => {
  if (!up) {
    req.socket.destroy();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
      .then(async (r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
      })
      .catch(() => req.socket.destroy());
  });
});
const env: Record<string, string> = {};
beforeAll(async () => {
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  env.CHAIN_RPC_URL_137 = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => proxy.close(() => ok())));

const s = {} as OwnAddressSuite;
anvilChainsSuite(
  s,
  [
    ['bsc', 56, 18],
    ['polygon', 137, 6],
  ],
  {
    env,
    setUp: (c) => {
      if (c.id === 137) target = c.node.url;
      return ownAddressChainSetUp(s, c);
    },
  },
);
const f = ownAddressFixture(s);

/** The reserve address: an anvil account whose key signs. */
const HOLDER = privateKeyToAccount(DEV_ACCOUNTS[3]?.privateKey as Hex);
const OTHER = privateKeyToAccount(DEV_ACCOUNTS[4]?.privateKey as Hex);
const today = () => new Date().toISOString().slice(0, 10);
const messageFor = (address: string, date: string) =>
  `SocialGenX proof of reserves\nAddress: ${getAddress(address)}\nDate: ${date}`;

const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  s.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(s.admins.tokenA), payload });
const published = async (): Promise<ProofResponse> =>
  (await s.t.app.inject({ method: 'GET', url: '/api/v1/proof' })).json();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits into the next second: blocks of the cut-off's own second are never counted. */
const nextSecond = () => sleep(1100);

describe('proof of reserves', () => {
  it('takes an address only with a signature its key made over the fixed message', async () => {
    const date = today();
    const list = await admin('GET', '/admin/proof/reserves');
    expect(list.statusCode).toBe(200);
    // The treasury the factories fix is a candidate, with the exact message to sign.
    expect(list.json().candidates).toContainEqual(
      expect.objectContaining({
        network: 'EVM',
        address: getAddress(TREASURY),
        message: messageFor(TREASURY, date),
      }),
    );
    const body = { network: 'EVM', address: HOLDER.address, label: 'Cold wallet', date };
    const otherKey = await OTHER.signMessage({ message: messageFor(HOLDER.address, date) });
    const refused = await admin('POST', '/admin/proof/reserves', { ...body, signature: otherKey });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/signature was not made by 0x/);
    const otherMessage = await HOLDER.signMessage({ message: messageFor(HOLDER.address, '2020-01-01') });
    expect(
      (await admin('POST', '/admin/proof/reserves', { ...body, signature: otherMessage })).statusCode,
    ).toBe(400);
    const tron = await admin('POST', '/admin/proof/reserves', {
      ...body,
      network: 'TRON',
      signature: otherKey,
    });
    expect(tron.statusCode).toBe(400);
    expect(tron.json().message).toMatch(/TRON signatures/);
    const { rows } = await sqlOn(s.t.url, 'SELECT count(*)::int AS n FROM proof_reserve_addresses');
    expect(rows[0].n).toBe(0);

    const signature = await HOLDER.signMessage({ message: messageFor(HOLDER.address, date) });
    const ok = await admin('POST', '/admin/proof/reserves', { ...body, signature });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ address: HOLDER.address, message: messageFor(HOLDER.address, date) });
    expect((await admin('POST', '/admin/proof/reserves', { ...body, signature })).statusCode).toBe(409);
    const audit = await sqlOn(
      s.t.url,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'proof.reserve.add'",
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('reads the balances at the last block before the cut-off; later transfers are never counted', async () => {
    const { bsc, polygon } = s.chains;
    const member = await f.member();
    await f.pay(bsc, HOLDER.address, '100');
    await f.pay(polygon, HOLDER.address, '5');
    await f.pay(bsc, member.evm, '30');
    await f.confirm(bsc);
    await f.scan(bsc);
    // Two seconds on: room for a block stamped between the head and the cut-off (below).
    await nextSecond();
    await nextSecond();
    const built = await admin('POST', '/admin/proof/build');
    expect(built.statusCode).toBe(200);
    // Mined after the first reading but stamped before the cut-off's second (a validator's clock behind; anvil's
    // pending block): the cut-off's block is the one read first, and reading again stays on it.
    const cutoffSecond = BigInt(Math.floor(new Date((await published()).cutoff ?? '').getTime() / 1000));
    const bscClient = createPublicClient({ transport: http(bsc.node.url) });
    expect((await bscClient.getBlock()).timestamp).toBeLessThan(cutoffSecond - 1n);
    await createTestClient({ mode: 'anvil', transport: http(bsc.node.url) }).setNextBlockTimestamp({
      timestamp: cutoffSecond - 1n,
    });
    // Mined after the cut-off: not in this tree's reserves.
    await f.pay(bsc, HOLDER.address, '50');
    await f.pay(bsc, member.evm, '7');
    const p = await published();
    const line = (chainId: number, kind: string) =>
      p.reserves.find((r) => r.chain_id === chainId && r.kind === kind);
    expect(line(56, 'proven')).toMatchObject({
      address: HOLDER.address,
      balance: '100.00000000',
      message: messageFor(HOLDER.address, today()),
    });
    expect(line(56, 'member-addresses')).toMatchObject({
      balance: '30.00000000',
      address_count: 1,
      address: null,
    });
    expect(line(137, 'proven')).toMatchObject({ balance: '5.00000000' });
    expect(p.reserves_unavailable).toEqual([]);
    expect(p.reserves_total).toBe('135.00000000');
    expect(p.ratio).toBe(ratioOf(parsePlatform('135'), parsePlatform(p.totals.USD)));
    // The block is the chain's, before the cut-off.
    const block = await createPublicClient({ transport: http(bsc.node.url) }).getBlock({
      blockNumber: BigInt(line(56, 'proven')?.block_number ?? 0),
    });
    expect(block.hash).toBe(line(56, 'proven')?.block_hash);
    expect(Number(block.timestamp) * 1000).toBeLessThan(new Date(p.cutoff ?? '').getTime());

    const again = await admin('POST', '/admin/proof/reserves/read', {});
    expect(again.statusCode).toBe(200);
    expect((await published()).reserves).toEqual(p.reserves);
  }, 60_000);

  it('a node that cannot be reached leaves the tree published; reading again fills its reserves', async () => {
    up = false;
    const proofs = new ProofService(s.t.deps.db, s.t.deps.chains);
    try {
      await nextSecond();
      const built = await proofs.buildDay('2099-12-31');
      expect(built.built).toBe(true);
    } finally {
      up = true;
    }
    const down = await published();
    expect(down.day).toBe('2099-12-31');
    expect(down.reserves_unavailable).toEqual([
      expect.objectContaining({ chain_id: 137, network: 'EVM', reason: expect.any(String) }),
    ]);
    expect(down.reserves.filter((r) => r.chain_id === 137)).toEqual([]);
    // The bsc reading counts the transfers mined before this cut-off.
    expect(down.reserves.find((r) => r.chain_id === 56 && r.kind === 'proven')?.balance).toBe('150.00000000');

    const read = await admin('POST', '/admin/proof/reserves/read', { day: '2099-12-31' });
    expect(read.statusCode).toBe(200);
    expect(read.json().reserves_unavailable).toEqual([]);
    const filled = await published();
    expect(filled.reserves.find((r) => r.chain_id === 137 && r.kind === 'proven')?.balance).toBe(
      '5.00000000',
    );
    expect(filled.reserves_unavailable).toEqual([]);
  }, 60_000);

  it('records the root written on chain only when the transaction data is the root', async () => {
    const { bsc } = s.chains;
    const p = await published();
    const wallet = createWalletClient({ account: HOLDER, transport: http(bsc.node.url) });
    const client = createPublicClient({ transport: http(bsc.node.url) });
    const send = async (data: Hex) => {
      const hash = await wallet.sendTransaction({ account: HOLDER, chain: null, to: HOLDER.address, data });
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return hash;
    };
    const wrong = await send(`0x${'ab'.repeat(32)}`);
    const right = await send(`0x${p.root}`);
    await mine(bsc.node.url, bsc.confirmations);
    const refused = await admin('POST', '/admin/proof/onchain', { chain_id: 56, tx_hash: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/not this proof's root/);
    expect((await published()).onchain).toBeNull();
    const ok = await admin('POST', '/admin/proof/onchain', { chain_id: 56, tx_hash: right });
    expect(ok.statusCode).toBe(200);
    expect((await published()).onchain).toMatchObject({ chain_id: 56, tx_hash: right.toLowerCase() });
    expect((await admin('POST', '/admin/proof/onchain', { chain_id: 56, tx_hash: right })).statusCode).toBe(
      409,
    );
  }, 60_000);

  it('a removed address is no longer read', async () => {
    const [addr] = (await admin('GET', '/admin/proof/reserves')).json().addresses;
    expect((await admin('DELETE', `/admin/proof/reserves/${addr.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/admin/proof/reserves/${addr.id}`)).statusCode).toBe(404);
    const read = await admin('POST', '/admin/proof/reserves/read', {});
    expect(read.json().reserves.filter((r: { kind: string }) => r.kind === 'proven')).toEqual([]);
  });
});
