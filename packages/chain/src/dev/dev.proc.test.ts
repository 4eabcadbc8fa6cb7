import { connect } from 'node:net';
import { type Address, createPublicClient, createWalletClient, getAddress, http, parseUnits } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainHead,
  DEV_ACCOUNTS,
  DEV_MNEMONIC,
  DEV_TOKEN_ADDRESS,
  type DevChain,
  deployTestStablecoin,
  devAccount,
  mine,
  mintTestStablecoin,
  startAnvil,
  TEST_STABLECOIN_ABI,
  transferTestStablecoin,
} from './index';

/** Resolves true when something accepts TCP connections on 127.0.0.1:port. */
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('dev accounts', () => {
  it('are what viem derives from the mnemonic, with matching private keys', () => {
    expect(DEV_ACCOUNTS).toHaveLength(10);
    // mnemonicToAccount is slow (PBKDF2 in JavaScript): check the first and the last index with it.
    for (const index of [0, 9]) {
      const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
      expect(DEV_ACCOUNTS[index]?.address).toBe(account.address);
    }
    for (const account of DEV_ACCOUNTS) {
      expect(account.address).toBe(getAddress(account.address));
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
    }
    // As anvil prints them.
    expect(DEV_ACCOUNTS[0]).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    });
    expect(DEV_ACCOUNTS[9]).toEqual({
      address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
    });
    expect(DEV_TOKEN_ADDRESS).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(() => devAccount(10)).toThrow(RangeError);
  });
});

// Generous timeouts: a loaded machine (the whole suite in parallel) slows anvil and the signing down.
describe('a local anvil chain with the test stablecoin', { timeout: 20_000 }, () => {
  let chain: DevChain;
  let token: Address;
  const [, alice, bob, carol] = DEV_ACCOUNTS;
  const balanceOf = (owner: Address) =>
    createPublicClient({ transport: http(chain.url) }).readContract({
      address: token,
      abi: TEST_STABLECOIN_ABI,
      functionName: 'balanceOf',
      args: [owner],
    });

  beforeAll(async () => {
    chain = await startAnvil({ chainId: 56 });
  }, 20_000);
  afterAll(() => chain?.stop());

  it('runs on a free port with the asked chain id and anvil’s funded accounts', async () => {
    expect(chain.port).toBeGreaterThan(0);
    expect(chain.url).toBe(`http://127.0.0.1:${chain.port}`);
    expect(chain.chainId).toBe(56);
    const client = createPublicClient({ transport: http(chain.url) });
    expect(await client.getChainId()).toBe(56);
    const accounts = await createWalletClient({ transport: http(chain.url) }).getAddresses();
    expect(accounts.map((a) => getAddress(a))).toEqual(DEV_ACCOUNTS.map((a) => a.address));
  });

  it('deploys the token at DEV_TOKEN_ADDRESS, mints and transfers', async () => {
    token = await deployTestStablecoin(chain.url, { decimals: 18, symbol: 'USDT', name: 'Test USDT' });
    expect(token).toBe(DEV_TOKEN_ADDRESS);
    const client = createPublicClient({ transport: http(chain.url) });
    const read = <F extends 'decimals' | 'symbol' | 'name'>(functionName: F) =>
      client.readContract({ address: token, abi: TEST_STABLECOIN_ABI, functionName });
    expect(await read('decimals')).toBe(18);
    expect(await read('symbol')).toBe('USDT');
    expect(await read('name')).toBe('Test USDT');

    // Concurrent mints from the same account each get their own nonce.
    await Promise.all([
      mintTestStablecoin(chain.url, token, alice.address, parseUnits('100', 18)),
      mintTestStablecoin(chain.url, token, bob.address, parseUnits('5', 18)),
    ]);
    const sent = await transferTestStablecoin(chain.url, token, 1, bob.address, parseUnits('40', 18));
    expect(sent.status).toBe('success');
    expect(sent.blockNumber).toBe(await chainHead(chain.url));
    expect(await balanceOf(alice.address)).toBe(parseUnits('60', 18));
    expect(await balanceOf(bob.address)).toBe(parseUnits('45', 18));
  });

  it('mines a transfer with too little balance as reverted when the gas is given', async () => {
    await expect(transferTestStablecoin(chain.url, token, 3, bob.address, 1n)).rejects.toThrow(
      /insufficient balance/,
    );
    const reverted = await transferTestStablecoin(chain.url, token, 3, bob.address, 1n, { gas: 100_000n });
    expect(reverted.status).toBe('reverted');
    expect(await balanceOf(carol.address)).toBe(0n);
    expect(await balanceOf(bob.address)).toBe(parseUnits('45', 18));
  });

  it('mines blocks on demand', async () => {
    const before = await chainHead(chain.url);
    await mine(chain.url, 3);
    expect(await chainHead(chain.url)).toBe(before + 3n);
    await mine(chain.url);
    expect(await chainHead(chain.url)).toBe(before + 4n);
  });

  it('fails clearly when the port is taken, and stop() closes the port', async () => {
    await expect(startAnvil({ port: chain.port })).rejects.toThrow(/anvil exited/);
    expect(await portOpen(chain.port)).toBe(true);
    await chain.stop();
    expect(await portOpen(chain.port)).toBe(false);
    await chain.stop(); // idempotent
  });
});
