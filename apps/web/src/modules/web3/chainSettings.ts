import { MIN_CONFIRMATIONS } from '@sgx/chain';
import {
  type ChainConfig,
  confirmationsFloorMessage,
  isEvmAddress,
  type SupportedChainId,
  toChecksumAddress,
} from '@sgx/contracts';
import type { ChainSettingsInput } from './api/chainsApi';

/** The admin's edit form of one chain, as typed (numbers stay text until checked). */
export interface ChainSettingsDraft {
  enabled: boolean;
  token_address: string;
  token_symbol: string;
  token_decimals: string;
  confirmations: string;
  reason: string;
}

export type ChainSettingsErrors = Partial<Record<keyof ChainSettingsDraft, string>>;

export function draftFrom(chain: ChainConfig): ChainSettingsDraft {
  return {
    enabled: chain.enabled,
    token_address: chain.token.address,
    token_symbol: chain.token.symbol,
    token_decimals: String(chain.token.decimals),
    confirmations: String(chain.confirmations),
    reason: '',
  };
}

function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  return Number(t);
}

/** The fewest confirmations the server accepts on a chain (issue 19): the network's floor. */
export function confirmationsFloor(chainId: number): number {
  return chainId in MIN_CONFIRMATIONS ? MIN_CONFIRMATIONS[chainId as SupportedChainId] : 1;
}

/**
 * What is wrong with the draft of `chain`, per field (empty when it can be saved). Same bounds as the
 * server's, the confirmations floor of the network included.
 */
export function chainSettingsErrors(
  d: ChainSettingsDraft,
  chain: Pick<ChainConfig, 'id' | 'name'>,
): ChainSettingsErrors {
  const errors: ChainSettingsErrors = {};
  const address = d.token_address.trim();
  if (address === '') errors.token_address = 'Enter the token contract address.';
  else if (!isEvmAddress(address)) {
    errors.token_address =
      'Enter a valid contract address: 0x and 40 hex digits with a valid EIP-55 checksum.';
  }
  const symbol = d.token_symbol.trim();
  if (symbol === '' || symbol.length > 12) errors.token_symbol = 'Enter the symbol (1 to 12 characters).';
  const decimals = wholeNumber(d.token_decimals);
  if (decimals === null || decimals > 36) errors.token_decimals = 'Enter a whole number from 0 to 36.';
  const confirmations = wholeNumber(d.confirmations);
  const floor = confirmationsFloor(chain.id);
  if (confirmations === null || confirmations > 10_000) {
    errors.confirmations = `Enter a whole number of blocks, at least ${floor} (at most 10,000).`;
  } else if (confirmations < floor) {
    errors.confirmations = confirmationsFloorMessage(chain.name, floor);
  }
  if (d.reason.trim().length < 3)
    errors.reason = 'Say why (at least 3 characters): it is kept in the audit log.';
  return errors;
}

/** The request body of a checked draft (the address in its checksummed form). */
export function chainSettingsBody(d: ChainSettingsDraft): ChainSettingsInput {
  return {
    enabled: d.enabled,
    token_address: toChecksumAddress(d.token_address.trim()),
    token_symbol: d.token_symbol.trim(),
    token_decimals: Number(d.token_decimals.trim()),
    confirmations: Number(d.confirmations.trim()),
    reason: d.reason.trim(),
  };
}

export interface SettingChange {
  label: string;
  before: string;
  after: string;
}

/** What saving would change, for the confirmation. */
export function chainSettingsChanges(chain: ChainConfig, body: ChainSettingsInput): SettingChange[] {
  const rows: SettingChange[] = [
    { label: 'Deposits', before: onOff(chain.enabled), after: onOff(body.enabled) },
    { label: 'Token contract', before: chain.token.address, after: body.token_address },
    { label: 'Symbol', before: chain.token.symbol, after: body.token_symbol },
    { label: 'Decimals', before: String(chain.token.decimals), after: String(body.token_decimals) },
    { label: 'Confirmations', before: String(chain.confirmations), after: String(body.confirmations) },
  ];
  return rows.filter((r) => r.before !== r.after);
}

function onOff(enabled: boolean): string {
  return enabled ? 'enabled' : 'switched off';
}
