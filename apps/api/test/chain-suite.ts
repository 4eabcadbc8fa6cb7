import { minConfirmationsOf } from '@sgx/chain';
import { type DevChain, deployTestStablecoin, startAnvil } from '@sgx/chain/dev';
import type { Address } from 'viem';
import { afterAll, beforeAll } from 'vitest';
import { twoAdmins } from './approvals';
import { type AdminPair, configureChain } from './chain-config';
import type { Built } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/**
 * A test app reading real anvil nodes, one per chain id, each with a test stablecoin (USDT) whose decimals the
 * spec names, configured by two admins with the chain's least confirmations and what `setUp` adds to its
 * settings (a deposit factory, a payout contract). Shared by the chain fixtures.
 */
export type SuiteChain = {
  id: number;
  node: DevChain;
  usdt: Address;
  decimals: number;
  confirmations: number;
};
export type ChainSuite<N extends string> = {
  t: TestApp;
  admins: AdminPair & { adminA: Built };
  chains: Record<N, SuiteChain>;
};
type Extra = Partial<Parameters<typeof configureChain>[3]>;

export function anvilChainsSuite<N extends string, S extends ChainSuite<N>>(
  s: S,
  specs: readonly (readonly [N, number, number])[],
  o: {
    env?: Record<string, string>;
    timeout?: number;
    setUp: (c: Omit<SuiteChain, 'confirmations'>) => Promise<Extra>;
  },
): S {
  beforeAll(async () => {
    const nodes = await Promise.all(specs.map(([, id]) => startAnvil({ chainId: id })));
    s.t = await buildTestApp({
      ...Object.fromEntries(specs.map(([, id], i) => [`CHAIN_RPC_URL_${id}`, nodes[i]?.url ?? ''])),
      ...o.env,
    });
    s.admins = await twoAdmins(s.t.app, s.t.deps);
    s.chains = {} as Record<N, SuiteChain>;
    for (const [i, [name, id, decimals]] of specs.entries()) {
      const node = nodes[i] as DevChain;
      const usdt = await deployTestStablecoin(node.url, { decimals, symbol: 'USDT' });
      const extra = await o.setUp({ id, node, usdt, decimals });
      const confirmations = minConfirmationsOf(id);
      await configureChain(s.t.app, s.admins, id, {
        enabled: true,
        token_address: usdt,
        token_symbol: 'USDT',
        token_decimals: decimals,
        confirmations,
        ...extra,
      });
      s.chains[name] = { id, node, usdt, decimals, confirmations };
    }
  }, o.timeout ?? 90_000);
  afterAll(async () => {
    await s.t?.close();
    await Promise.all(Object.values<SuiteChain>(s.chains ?? {}).map((c) => c.node.stop()));
  });
  return s;
}
