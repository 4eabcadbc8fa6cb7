import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeDeployData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  parseEther,
  parseEventLogs,
  stringToHex,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSolidity } from '../../scripts/compile-contracts.mjs';
import {
  DEPOSIT_FACTORY_ABI,
  DEPOSIT_FORWARDER_ABI,
  EVM_CREATE2_PREFIX,
  FORWARDER_CODE_HASH,
  forwarderAddress,
  TVM_CREATE2_PREFIX,
} from '../forwarder';
import { TRON_CHAIN_ID } from '../tron';
import {
  DEPOSIT_FACTORY_BYTECODE,
  DEV_ACCOUNTS,
  type DevChain,
  deployDepositFactory,
  deployTestStablecoin,
  depositFactoryAddress,
  mintTestStablecoin,
  startAnvil,
  sweepForwarders,
} from './index';

const TREASURY = DEV_ACCOUNTS[9].address;
const STRANGER = 7; // a dev account that is neither the deployer nor the treasury
const salt = (name: string): Hex => keccak256(stringToHex(name));

const client = (url: string) => createPublicClient({ transport: http(url) });
const balanceOf = (url: string, token: Address, owner: Address) =>
  client(url).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const codeAt = async (url: string, address: Address) => (await client(url).getCode({ address })) ?? '0x';

/** Pays `amount` of `token` to `to` from a fresh random key (no member, no dev account): how a stranger deposits. */
async function payFromRandomKey(url: string, token: Address, to: Address, amount: bigint) {
  const account = privateKeyToAccount(generatePrivateKey());
  await createTestClient({ mode: 'anvil', transport: http(url) }).setBalance({
    address: account.address,
    value: parseEther('1'),
  });
  await mintTestStablecoin(url, token, account.address, amount);
  const wallet = createWalletClient({ account, transport: http(url) });
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
    chain: null,
  });
  expect((await client(url).waitForTransactionReceipt({ hash })).status).toBe('success');
}

// Generous timeouts: a loaded machine slows anvil and the signing down.
describe('the deposit factory on real anvil nodes', { timeout: 30_000 }, () => {
  let bsc: DevChain;
  let tron: DevChain;
  let factory: Address;
  const tokens = new Map<DevChain, Address>();

  beforeAll(async () => {
    [bsc, tron] = await Promise.all([startAnvil({ chainId: 56 }), startAnvil({ chainId: TRON_CHAIN_ID })]);
    for (const chain of [bsc, tron])
      tokens.set(chain, await deployTestStablecoin(chain.url, { decimals: 6 }));
    // Different deployers (and so nonces) on the two chains: the address must not depend on them.
    const [onBsc, onTron] = await Promise.all([
      deployDepositFactory(bsc.url, { treasury: TREASURY }),
      deployDepositFactory(tron.url, { treasury: TREASURY, deployer: 3 }),
    ]);
    expect(onTron).toBe(onBsc);
    factory = onBsc;
  }, 60_000);
  afterAll(() => Promise.all([bsc?.stop(), tron?.stop()]));

  it('lands at the same address on chain ids 56 and 728126428, computed offline, and redeploys as a no-op', async () => {
    expect(factory).toBe(depositFactoryAddress({ treasury: TREASURY }));
    expect(factory).toBe(depositFactoryAddress({ treasury: TREASURY, prefix: EVM_CREATE2_PREFIX }));
    for (const chain of [bsc, tron]) {
      const read = client(chain.url);
      expect(await read.getChainId()).toBe(chain.chainId);
      expect(
        await read.readContract({ address: factory, abi: DEPOSIT_FACTORY_ABI, functionName: 'treasury' }),
      ).toBe(TREASURY);
      expect(
        await read.readContract({
          address: factory,
          abi: DEPOSIT_FACTORY_ABI,
          functionName: 'create2Prefix',
        }),
      ).toBe(EVM_CREATE2_PREFIX);
      expect(
        await read.readContract({
          address: factory,
          abi: DEPOSIT_FACTORY_ABI,
          functionName: 'forwarderCodeHash',
        }),
      ).toBe(FORWARDER_CODE_HASH);
      for (const s of [salt('member-1'), salt('member-2')]) {
        const onChain = await read.readContract({
          address: factory,
          abi: DEPOSIT_FACTORY_ABI,
          functionName: 'addressOf',
          args: [s],
        });
        expect(onChain).toBe(forwarderAddress({ factory, salt: s, prefix: EVM_CREATE2_PREFIX }));
      }
      const nonce = await read.getTransactionCount({ address: DEV_ACCOUNTS[0].address });
      expect(await deployDepositFactory(chain.url, { treasury: TREASURY })).toBe(factory);
      expect(await read.getTransactionCount({ address: DEV_ACCOUNTS[0].address })).toBe(nonce);
    }
  });

  it('sweeps a member address to the treasury and nowhere else, whoever calls it, on both chains', async () => {
    for (const chain of [bsc, tron]) {
      const token = tokens.get(chain) as Address;
      const member = salt(`member-sweep-${chain.chainId}`);
      const empty = salt(`member-empty-${chain.chainId}`);
      const forwarder = forwarderAddress({ factory, salt: member, prefix: EVM_CREATE2_PREFIX });
      const amount = 1_234_567n;
      expect(await codeAt(chain.url, forwarder)).toBe('0x'); // a counterfactual address: nothing deployed yet
      await payFromRandomKey(chain.url, token, forwarder, amount);
      const stranger = DEV_ACCOUNTS[STRANGER].address;
      const before = {
        forwarder: await balanceOf(chain.url, token, forwarder),
        treasury: await balanceOf(chain.url, token, TREASURY),
        stranger: await balanceOf(chain.url, token, stranger),
      };
      expect(before.forwarder).toBe(amount);

      const { receipt } = await sweepForwarders(chain.url, {
        factory,
        token,
        salts: [member, empty],
        account: STRANGER,
      });
      expect(receipt.status).toBe('success');
      expect(receipt.from.toLowerCase()).toBe(stranger.toLowerCase());
      expect(await balanceOf(chain.url, token, forwarder)).toBe(0n);
      expect(await balanceOf(chain.url, token, TREASURY)).toBe(before.treasury + amount);
      expect(await balanceOf(chain.url, token, stranger)).toBe(before.stranger);
      expect(await balanceOf(chain.url, token, factory)).toBe(0n);
      const swept = parseEventLogs({ abi: DEPOSIT_FACTORY_ABI, eventName: 'Swept', logs: receipt.logs });
      expect(swept.map((log) => ({ address: log.address, ...log.args }))).toEqual([
        { address: factory.toLowerCase(), forwarder, token, amount },
      ]);
      // The sweep deployed the forwarder where the offline formula said, with the factory as its only master.
      expect(await codeAt(chain.url, forwarder)).not.toBe('0x');
      expect(
        await client(chain.url).readContract({
          address: forwarder,
          abi: DEPOSIT_FORWARDER_ABI,
          functionName: 'factory',
        }),
      ).toBe(factory);

      // Sweeping it again: nothing to move, no event, no revert.
      const again = await sweepForwarders(chain.url, { factory, token, salts: [member] });
      expect(again.receipt.status).toBe('success');
      expect(parseEventLogs({ abi: DEPOSIT_FACTORY_ABI, logs: again.receipt.logs })).toEqual([]);
      expect(await balanceOf(chain.url, token, TREASURY)).toBe(before.treasury + amount);
    }
  });

  it('refuses flush from anyone but the factory, even with money at the forwarder', async () => {
    const token = tokens.get(bsc) as Address;
    const member = salt('member-flush');
    const forwarder = forwarderAddress({ factory, salt: member, prefix: EVM_CREATE2_PREFIX });
    await sweepForwarders(bsc.url, { factory, token, salts: [member] }); // deploys it
    await payFromRandomKey(bsc.url, token, forwarder, 500n);
    await expect(
      client(bsc.url).simulateContract({
        account: DEV_ACCOUNTS[STRANGER].address,
        address: forwarder,
        abi: DEPOSIT_FORWARDER_ABI,
        functionName: 'flush',
        args: [token],
      }),
    ).rejects.toThrow(/only the factory/);
    // Mined anyway (no estimation): reverted, the money stays where it was.
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[STRANGER].privateKey),
      transport: http(bsc.url),
    });
    const hash = await wallet.writeContract({
      address: forwarder,
      abi: DEPOSIT_FORWARDER_ABI,
      functionName: 'flush',
      args: [token],
      gas: 200_000n,
      chain: null,
    });
    expect((await client(bsc.url).waitForTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await balanceOf(bsc.url, token, forwarder)).toBe(500n);
  });

  it('cannot be deployed with the wrong CREATE2 prefix (0x41 on an EVM, whatever the chain id) or no treasury', async () => {
    for (const chain of [bsc, tron]) {
      const wrong = depositFactoryAddress({ treasury: TREASURY, prefix: TVM_CREATE2_PREFIX });
      expect(wrong).not.toBe(factory);
      await expect(
        deployDepositFactory(chain.url, { treasury: TREASURY, prefix: TVM_CREATE2_PREFIX }),
      ).rejects.toThrow();
      expect(await codeAt(chain.url, wrong)).toBe('0x');
    }
    // A plain deployment, mined without estimation, reverts with the constructor's reason.
    const data = encodeDeployData({
      abi: DEPOSIT_FACTORY_ABI,
      bytecode: DEPOSIT_FACTORY_BYTECODE,
      args: [TREASURY, TVM_CREATE2_PREFIX],
    });
    await expect(client(bsc.url).call({ account: DEV_ACCOUNTS[0].address, data })).rejects.toThrow(
      /CREATE2 prefix does not match this chain/,
    );
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[4].privateKey),
      transport: http(bsc.url),
    });
    const hash = await wallet.sendTransaction({ data, gas: 3_000_000n, chain: null });
    const receipt = await client(bsc.url).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('reverted');
    expect(receipt.contractAddress ? await codeAt(bsc.url, receipt.contractAddress) : '0x').toBe('0x');
    await expect(deployDepositFactory(bsc.url, { treasury: zeroAddress })).rejects.toThrow();
  });

  it('flushes tokens that return false or nothing (TRON USDT) and refuses one that only pretends', async () => {
    // A real token on the real node, compiled here: mode 0 moves and returns false (TRON's USDT), mode 1 moves
    // and returns no data, mode 2 returns true and moves nothing.
    const source = `pragma solidity 0.8.30;
      contract QuirkyToken {
        mapping(address => uint256) public balanceOf;
        uint8 public mode;
        function setMode(uint8 m) external { mode = m; }
        function mint(address to, uint256 amount) external { balanceOf[to] += amount; }
        function transfer(address to, uint256 amount) external returns (bool) {
          if (mode != 2) { balanceOf[msg.sender] -= amount; balanceOf[to] += amount; }
          if (mode == 1) assembly { return(0, 0) }
          return mode == 2;
        }
      }`;
    const { abi, bytecode } = compileSolidity('QuirkyToken.sol', source, ['QuirkyToken']).QuirkyToken;
    const wallet = createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[5].privateKey),
      transport: http(tron.url),
    });
    const read = client(tron.url);
    const deployHash = await wallet.deployContract({ abi, bytecode, chain: null });
    const quirky = (await read.waitForTransactionReceipt({ hash: deployHash })).contractAddress as Address;
    const send = async (functionName: 'setMode' | 'mint', args: readonly unknown[]) => {
      const hash = await wallet.writeContract({ address: quirky, abi, functionName, args, chain: null });
      expect((await read.waitForTransactionReceipt({ hash })).status).toBe('success');
    };
    for (const mode of [0, 1]) {
      const member = salt(`member-quirky-${mode}`);
      const forwarder = forwarderAddress({ factory, salt: member, prefix: EVM_CREATE2_PREFIX });
      await send('setMode', [mode]);
      await send('mint', [forwarder, 1_000n]);
      const before = await balanceOf(tron.url, quirky, TREASURY);
      const { receipt } = await sweepForwarders(tron.url, { factory, token: quirky, salts: [member] });
      expect(
        parseEventLogs({ abi: DEPOSIT_FACTORY_ABI, logs: receipt.logs }).map((l) => l.args.amount),
      ).toEqual([1_000n]);
      expect(await balanceOf(tron.url, quirky, forwarder)).toBe(0n);
      expect(await balanceOf(tron.url, quirky, TREASURY)).toBe(before + 1_000n);
    }
    const member = salt('member-quirky-liar');
    const forwarder = forwarderAddress({ factory, salt: member, prefix: EVM_CREATE2_PREFIX });
    await send('setMode', [2]);
    await send('mint', [forwarder, 1_000n]);
    await expect(sweepForwarders(tron.url, { factory, token: quirky, salts: [member] })).rejects.toThrow(
      /token transfer left a balance/,
    );
    expect(await balanceOf(tron.url, quirky, forwarder)).toBe(1_000n);
  });

  // The server only ever sweeps the configured stablecoin: a look-alike token sent to a member address stays
  // there (and is never credited) unless someone sweeps that token's own address, which still only pays the treasury.
  it('moves a look-alike token only when its own address is passed', async () => {
    const token = tokens.get(bsc) as Address;
    const lookAlike = await deployTestStablecoin(bsc.url, {
      decimals: 6,
      symbol: 'USDT',
      name: 'Tether USD',
    });
    expect(lookAlike).not.toBe(token);
    const member = salt('member-look-alike');
    const forwarder = forwarderAddress({ factory, salt: member, prefix: EVM_CREATE2_PREFIX });
    await payFromRandomKey(bsc.url, lookAlike, forwarder, 777n);
    const treasuryFake = await balanceOf(bsc.url, lookAlike, TREASURY);

    const real = await sweepForwarders(bsc.url, { factory, token, salts: [member] });
    expect(parseEventLogs({ abi: DEPOSIT_FACTORY_ABI, logs: real.receipt.logs })).toEqual([]);
    expect(await balanceOf(bsc.url, lookAlike, forwarder)).toBe(777n);

    const fake = await sweepForwarders(bsc.url, { factory, token: lookAlike, salts: [member] });
    const swept = parseEventLogs({ abi: DEPOSIT_FACTORY_ABI, eventName: 'Swept', logs: fake.receipt.logs });
    expect(swept.map((log) => log.args)).toEqual([{ forwarder, token: lookAlike, amount: 777n }]);
    expect(await balanceOf(bsc.url, lookAlike, forwarder)).toBe(0n);
    expect(await balanceOf(bsc.url, lookAlike, TREASURY)).toBe(treasuryFake + 777n);
  });
});
