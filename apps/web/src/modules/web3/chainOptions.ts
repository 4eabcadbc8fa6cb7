import type { ChainConfig } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import type { DepositAddress } from '../deposit-addresses/api/addressesApi';
import { web3Text } from './i18n';

/**
 * Where a deposit on `chainId` goes: the BEP20 address set for that chain, else the BEP20 address that
 * serves every EVM chain (chain_id null), else nothing (no deposit can be made there).
 */
export function receivingAddressFor(
  addresses: readonly DepositAddress[],
  chainId: number,
): DepositAddress | undefined {
  const evm = addresses.filter((a) => a.currency === 'BEP20');
  return evm.find((a) => a.chain_id === chainId) ?? evm.find((a) => a.chain_id === null);
}

export interface DepositChainOption {
  chain: ChainConfig;
  address: DepositAddress | undefined;
  /** A deposit can be sent on this chain now. */
  available: boolean;
  /** Why not, in the member's words; null when available. */
  reason: string | null;
}

/** Every chain with its receiving address, and why a chain cannot take a deposit now. */
export function depositChainOptions(
  chains: readonly ChainConfig[],
  addresses: readonly DepositAddress[],
): DepositChainOption[] {
  return chains.map((chain) => {
    const address = receivingAddressFor(addresses, chain.id);
    const reason = !chain.enabled
      ? web3Text('options.switchedOff', { chain: chain.name })
      : address === undefined
        ? web3Text('options.noAddress', { chain: chain.name })
        : null;
    return { chain, address, available: reason === null, reason };
  });
}

/** The chain to preselect: the wallet's own chain when it can take a deposit, else the first that can. */
export function preferredChainId(
  options: readonly DepositChainOption[],
  walletChainId: number | undefined,
): number | null {
  const usable = options.filter((o) => o.available);
  return (usable.find((o) => o.chain.id === walletChainId) ?? usable[0])?.chain.id ?? null;
}

/**
 * Why an amount (already a valid platform amount, 8 decimals) cannot be sent as this token: a token with
 * fewer than 8 decimals cannot carry the extra digits, and they are never rounded away. Null when it can.
 */
export function tokenAmountError(amount: string, decimals: number, symbol: string): string | null {
  let text: string;
  try {
    text = formatUnits(parseUnits(amount.trim()));
  } catch {
    return web3Text('options.invalidAmount');
  }
  const fraction = (text.split('.')[1] ?? '').replace(/0+$/, '');
  if (fraction.length <= decimals) return null;
  return decimals === 0
    ? web3Text('options.noDecimals', { symbol })
    : web3Text('options.decimals', { symbol, decimals });
}

/** Exact token text made easier to read, digits unchanged: '1000000.5' -> '1,000,000.5'. */
export function groupTokenText(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}
