import { chainTransport, SUPPORTED_CHAINS } from '@sgx/chain';
import type { ChainsResponse } from '@sgx/contracts';
import { DEFAULT_EVM_CHAIN_ID } from '@sgx/contracts/deposit-basics';
import { type Chain, fallback, type Transport } from 'viem';
import { type Config, type CreateConnectorFn, createConfig, type Storage } from 'wagmi';

export type ConnectorKind = 'injected' | 'walletConnect';

export interface WalletPlanChain {
  chain: Chain;
  /** The endpoints the browser reads this chain through: the server's PUBLIC_RPC_URL_<id>, else the public ones. */
  rpcUrls: string[];
}

export interface WalletPlan {
  /** The four supported chains, BNB Smart Chain (the default for BEP20) first. */
  chains: WalletPlanChain[];
  connectors: ConnectorKind[];
  walletConnectProjectId: string | null;
}

/**
 * What the wallet connection is built from, read from GET /chains: every supported chain with the
 * endpoints the server names for it (its per-chain override) or the chain's public ones, and WalletConnect
 * only when the server has a pairing project id.
 */
export function walletPlan(response: ChainsResponse): WalletPlan {
  const served = new Map(response.chains.map((c) => [c.id, c]));
  const ordered = [...SUPPORTED_CHAINS].sort(
    (a, b) => Number(b.id === DEFAULT_EVM_CHAIN_ID) - Number(a.id === DEFAULT_EVM_CHAIN_ID),
  );
  const chains = ordered.map((supported): WalletPlanChain => {
    const fromServer = (served.get(supported.id)?.rpcUrls ?? []).map((u) => u.trim()).filter((u) => u !== '');
    const rpcUrls = fromServer.length > 0 ? unique(fromServer) : [...supported.publicRpcUrls];
    const base = supported.viemChain;
    const chain: Chain = {
      ...base,
      // A wallet that lacks the chain is offered these endpoints when it adds it.
      rpcUrls: { ...base.rpcUrls, default: { http: rpcUrls } },
    };
    return { chain, rpcUrls };
  });
  const projectId = response.walletConnectProjectId?.trim() || null;
  return {
    chains,
    connectors: projectId === null ? ['injected'] : ['injected', 'walletConnect'],
    walletConnectProjectId: projectId,
  };
}

/**
 * One endpoint: the spec-9 chain-call transport (its own time-out, attempts and batching); several: tried
 * in order through viem's fallback, which adds no retries of its own (each endpoint already has its 3).
 */
export function transportFor(rpcUrls: readonly string[]): Transport {
  const [first, ...rest] = rpcUrls;
  if (first === undefined) throw new Error('A chain needs at least one RPC endpoint.');
  if (rest.length === 0) return chainTransport(first);
  return fallback(
    rpcUrls.map((url) => chainTransport(url)),
    { retryCount: 0 },
  );
}

export interface ConnectorFactories {
  injected: () => CreateConnectorFn;
  walletConnect: (projectId: string) => CreateConnectorFn;
}

export interface BuildOptions {
  storage: Storage;
  connectors: ConnectorFactories;
}

/** The wagmi config of the web app, from the server's chain list. */
export function buildWagmiConfig(response: ChainsResponse, { storage, connectors }: BuildOptions): Config {
  const plan = walletPlan(response);
  const [first, ...others] = plan.chains.map((c) => c.chain);
  if (first === undefined) throw new Error('No chains are supported.');
  const transports: Record<number, Transport> = {};
  for (const { chain, rpcUrls } of plan.chains) transports[chain.id] = transportFor(rpcUrls);
  return createConfig({
    chains: [first, ...others],
    transports,
    connectors: [
      connectors.injected(),
      ...(plan.walletConnectProjectId === null
        ? []
        : [connectors.walletConnect(plan.walletConnectProjectId)]),
    ],
    storage,
    // Reads go one by one into the transport's JSON-RPC batches (spec 9), not through a Multicall3
    // contract: that contract is not on every node (a fresh local chain has none).
    batch: { multicall: false },
    // EIP-6963: every wallet extension that announces itself gets its own connector.
    multiInjectedProviderDiscovery: true,
  });
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
