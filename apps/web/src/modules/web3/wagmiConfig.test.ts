import { SUPPORTED_CHAINS } from '@sgx/chain';
import type { ChainConfig, ChainsResponse } from '@sgx/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createStorage, injected, mock, noopStorage } from 'wagmi';
import { buildWagmiConfig, transportFor, walletPlan } from './wagmiConfig';

const LOCAL = 'http://127.0.0.1:8646';
const SECOND = 'http://127.0.0.1:8647';

function served(id: number, rpcUrls: string[]): ChainConfig {
  return {
    id,
    name: `Chain ${id}`,
    enabled: true,
    verified: rpcUrls.length > 0,
    rpcUrls,
    explorerUrl: 'https://example.org',
    token: { address: '0x55d398326f99059fF775485246999027B3197955', symbol: 'USDT', decimals: 18 },
    confirmations: 15,
    network: 'EVM',
    min_deposit: '1.00000000',
    forwarder_factory: null,
    treasury: null,
    payout_contract: null,
  };
}

const response = (walletConnectProjectId: string | null): ChainsResponse => ({
  chains: [served(1, []), served(137, [' ']), served(56, [LOCAL, SECOND, LOCAL]), served(42161, [SECOND])],
  tron: null,
  walletConnectProjectId,
});

const fakeWalletConnect = () =>
  vi.fn((_projectId: string) => mock({ accounts: ['0x52908400098527886E0F7030069857D2E4169EE7'] }));

describe('walletPlan', () => {
  it('has the four supported chains, BNB Smart Chain first, with the server endpoints or the public ones', () => {
    const plan = walletPlan(response(null));
    expect(plan.chains.map((c) => c.chain.id)).toEqual([56, 1, 137, 42161]);
    const urls = Object.fromEntries(plan.chains.map((c) => [c.chain.id, c.rpcUrls]));
    expect(urls[56]).toEqual([LOCAL, SECOND]);
    expect(urls[42161]).toEqual([SECOND]);
    const publicOf = (id: number) => [...(SUPPORTED_CHAINS.find((c) => c.id === id)?.publicRpcUrls ?? [])];
    expect(urls[1]).toEqual(publicOf(1));
    expect(urls[137]).toEqual(publicOf(137));
    // A wallet adding the chain is offered the same endpoints.
    expect(plan.chains[0]?.chain.rpcUrls.default.http).toEqual([LOCAL, SECOND]);
  });

  it('offers WalletConnect only with a pairing project id', () => {
    expect(walletPlan(response(null)).connectors).toEqual(['injected']);
    expect(walletPlan(response('  ')).connectors).toEqual(['injected']);
    const withWc = walletPlan(response('abc123'));
    expect(withWc.connectors).toEqual(['injected', 'walletConnect']);
    expect(withWc.walletConnectProjectId).toBe('abc123');
  });
});

describe('transportFor', () => {
  it('uses one chain-call transport, or a fallback over several', () => {
    expect(transportFor([LOCAL])({}).config.key).not.toBe('fallback');
    expect(transportFor([LOCAL, SECOND])({}).config.key).toBe('fallback');
    expect(() => transportFor([])).toThrow();
  });
});

describe('buildWagmiConfig', () => {
  const storage = createStorage({ storage: noopStorage });

  it('builds injected only without a project id', () => {
    const walletConnect = fakeWalletConnect();
    const config = buildWagmiConfig(response(null), {
      storage,
      connectors: { injected: () => injected(), walletConnect },
    });
    expect(walletConnect).not.toHaveBeenCalled();
    expect(config.connectors.map((c) => c.type)).toEqual(['injected']);
    expect(config.chains.map((c) => c.id)).toEqual([56, 1, 137, 42161]);
  });

  it('adds WalletConnect with the server project id', () => {
    const walletConnect = fakeWalletConnect();
    const config = buildWagmiConfig(response('abc123'), {
      storage,
      connectors: { injected: () => injected(), walletConnect },
    });
    expect(walletConnect).toHaveBeenCalledWith('abc123');
    expect(config.connectors.map((c) => c.type)).toEqual(['injected', 'mock']);
  });

  it('reads each chain through its own endpoints', () => {
    const config = buildWagmiConfig(response(null), {
      storage,
      connectors: { injected: () => injected(), walletConnect: fakeWalletConnect() },
    });
    expect(config.getClient({ chainId: 56 }).transport.key).toBe('fallback');
    expect(config.getClient({ chainId: 56 }).batch?.multicall).toBe(false);
    expect(config.getClient({ chainId: 42161 }).transport.key).not.toBe('fallback');
    for (const id of [1, 137, 56, 42161]) expect(config.getClient({ chainId: id }).chain.id).toBe(id);
  });
});
