/**
 * Chain and network names, free of viem so that any screen may import them (`@sgx/chain/names`): the web app's
 * wallet code loads only on the pages that use it (decision 0046).
 */

/** TRON mainnet's chain id on java-tron's Ethereum-compatible JSON-RPC. */
export const TRON_CHAIN_ID = 728126428;

/** The EVM chains the platform takes (spec 9); read in chain id order (Ethereum, BNB Smart Chain, Polygon, Arbitrum One). */
export const CHAIN_NAMES = {
  1: 'Ethereum',
  137: 'Polygon',
  56: 'BNB Smart Chain',
  42161: 'Arbitrum One',
} as const;

/** A chain's name: "Polygon", "TRON"; "Chain 31337" for one the platform does not know. */
export const chainName = (id: number): string =>
  id === TRON_CHAIN_ID ? 'TRON' : ((CHAIN_NAMES as Record<number, string>)[id] ?? `Chain ${id}`);

/**
 * Network names as people read them (decision 0041). The API's `currency` keeps its two values ('BEP20' for
 * every EVM chain, 'TRC20' for TRON); the words name the chain, and a token standard only where it is that
 * chain's: BEP20 is BNB Smart Chain's, ERC20 Ethereum's, TRC20 TRON's. Every money screen and member message
 * names networks through these.
 */
export type NetworkCurrency = 'BEP20' | 'TRC20';

/** BNB Smart Chain and its testnet: the only chains whose tokens are BEP20. */
const BNB_CHAINS: Record<number, string> = { 56: 'BNB Smart Chain', 97: 'BNB Smart Chain Testnet' };

/** Every EVM chain the platform takes, for a record that names none yet: "Ethereum, Polygon, BNB Smart Chain, …". */
export const EVM_CHAIN_NAMES = Object.values(CHAIN_NAMES).join(', ');

/**
 * The network: "BNB Smart Chain (BEP20)", "Ethereum (ERC20)", "Polygon", "Arbitrum One", "TRON (TRC20)"; an EVM
 * record with no chain yet (a payout address, which serves every EVM chain): "EVM (Ethereum, BNB Smart Chain, …)".
 */
export function networkName(currency: NetworkCurrency, chainId?: number | null): string {
  if (currency === 'TRC20' || chainId === TRON_CHAIN_ID) return 'TRON (TRC20)';
  if (chainId === undefined || chainId === null) return `EVM (${EVM_CHAIN_NAMES})`;
  const bnb = BNB_CHAINS[chainId];
  if (bnb !== undefined) return `${bnb} (BEP20)`;
  if (chainId === 1) return 'Ethereum (ERC20)';
  return chainName(chainId);
}

/**
 * The network a deposit was sent on: a BEP20 deposit that names no chain (from before chains were recorded) is
 * BNB Smart Chain's, as the server reads it.
 */
export function depositNetworkName(currency: NetworkCurrency, chainId?: number | null): string {
  return networkName(currency, chainId ?? (currency === 'BEP20' ? 56 : null));
}

/** What is sent where: "USDT on Polygon", "USDT on BNB Smart Chain (BEP20)", "USDT on TRON (TRC20)". */
export function networkLabel(currency: NetworkCurrency, chainId?: number | null, token = 'USDT'): string {
  return `${token} on ${networkName(currency, chainId)}`;
}

/** The kind of address a payout address is: "EVM" (one address on every EVM chain) or "TRON". */
export function addressKind(currency: NetworkCurrency): 'EVM' | 'TRON' {
  return currency === 'TRC20' ? 'TRON' : 'EVM';
}
