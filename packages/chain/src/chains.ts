import { type Chain, defineChain } from 'viem';
import { arbitrum, bsc, mainnet, polygon } from 'viem/chains';
import { CHAIN_NAMES, chainName, TRON_CHAIN_ID } from './names';

export { chainName };

/** The EVM chains the platform accepts deposits on (spec 9), in the order the spec lists them. */
export type SupportedChainId = 1 | 137 | 56 | 42161;

/**
 * The fewest confirmations a deposit may be credited after, per network (decision 0029): below these a reorganisation
 * can take back a credited transfer. No setting may go lower; TRON's is here for the TRC20 check to use.
 */
export const MIN_CONFIRMATIONS = { 1: 12, 137: 128, 56: 15, 42161: 20, tron: 19 } as const satisfies Record<
  SupportedChainId | 'tron',
  number
>;
export const minConfirmations = (network: SupportedChainId | 'tron'): number => MIN_CONFIRMATIONS[network];

/** Deposit networks the server reads: the EVM chains and TRON. */
export type DepositChainId = SupportedChainId | typeof TRON_CHAIN_ID;
/** The confirmations floor of any chain deposits are read on. */
export const minConfirmationsOf = (chainId: number): number =>
  chainId === TRON_CHAIN_ID ? MIN_CONFIRMATIONS.tron : MIN_CONFIRMATIONS[chainId as SupportedChainId];

/**
 * TRON as viem reads it through java-tron's `/jsonrpc` (eth_blockNumber, eth_getLogs, eth_getTransactionReceipt with
 * 20-byte hex addresses). Never a chain a browser wallet connects to.
 */
export const tronJsonRpcChain: Chain = defineChain({
  id: TRON_CHAIN_ID,
  name: 'TRON',
  nativeCurrency: { name: 'TRX', symbol: 'TRX', decimals: 6 },
  rpcUrls: { default: { http: ['https://api.trongrid.io/jsonrpc'] } },
  blockExplorers: { default: { name: 'Tronscan', url: 'https://tronscan.org/#' } },
});

export type ChainInfo = {
  id: SupportedChainId;
  name: string;
  shortName: string;
  viemChain: Chain;
  /** Public node endpoints, used when no override is configured. */
  publicRpcUrls: readonly string[];
  explorerUrl: string;
  nativeCurrency: Chain['nativeCurrency'];
};

const info = (
  viemChain: Chain,
  name: string,
  shortName: string,
  extraRpc: string,
  explorerUrl: string,
): ChainInfo => ({
  id: viemChain.id as SupportedChainId,
  name,
  shortName,
  viemChain,
  publicRpcUrls: [...(viemChain.rpcUrls.default?.http ?? []), extraRpc],
  explorerUrl,
  nativeCurrency: viemChain.nativeCurrency,
});

export const SUPPORTED_CHAINS: readonly ChainInfo[] = [
  info(mainnet, CHAIN_NAMES[1], 'ETH', 'https://ethereum-rpc.publicnode.com', 'https://etherscan.io'),
  info(polygon, CHAIN_NAMES[137], 'POL', 'https://polygon-bor-rpc.publicnode.com', 'https://polygonscan.com'),
  info(bsc, CHAIN_NAMES[56], 'BSC', 'https://bsc-rpc.publicnode.com', 'https://bscscan.com'),
  info(arbitrum, CHAIN_NAMES[42161], 'ARB', 'https://arbitrum-one-rpc.publicnode.com', 'https://arbiscan.io'),
];

export const isSupportedChainId = (n: unknown): n is SupportedChainId =>
  SUPPORTED_CHAINS.some((c) => c.id === n);

export const chainById = (id: number): ChainInfo | undefined => SUPPORTED_CHAINS.find((c) => c.id === id);

export const txExplorerUrl = (chainId: number, hash: string): string | undefined => {
  if (chainId === TRON_CHAIN_ID) return `https://tronscan.org/#/transaction/${hash.replace(/^0x/, '')}`;
  const c = chainById(chainId);
  return c ? `${c.explorerUrl}/tx/${hash.startsWith('0x') ? hash : `0x${hash}`}` : undefined;
};

/** `address` as people read it on the chain (Base58Check `T...` on TRON). */
export const addressExplorerUrl = (chainId: number, address: string): string | undefined => {
  if (chainId === TRON_CHAIN_ID) return `https://tronscan.org/#/address/${address}`;
  const c = chainById(chainId);
  return c ? `${c.explorerUrl}/address/${address}` : undefined;
};
