import { minConfirmationsOf } from '@sgx/chain';
import {
  type ChainConfig,
  confirmationsFloorMessage,
  isEvmAddress,
  isTronAddress,
  toChecksumAddress,
  tronToHex,
} from '@sgx/contracts';
import { formatMoney, plainDecimal, sameAmount } from '../../ui/moneyFormat';
import type { ChainSettingsInput } from './api/chainsApi';
import { web3Text } from './i18n';

/** The admin's edit form of one chain, as typed (numbers stay text until checked). */
export interface ChainSettingsDraft {
  enabled: boolean;
  token_address: string;
  token_symbol: string;
  token_decimals: string;
  confirmations: string;
  /** Decimal text in platform units. */
  min_deposit: string;
  /** The deposit factory's address; empty removes it. */
  forwarder_factory: string;
  /** The BatchPayout contract approved withdrawals are paid through (decision 0034); empty removes it. */
  payout_contract: string;
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
    min_deposit: plainDecimal(chain.min_deposit),
    forwarder_factory: chain.forwarder_factory ?? '',
    payout_contract: chain.payout_contract ?? '',
    reason: '',
  };
}

type ChainKind = Pick<ChainConfig, 'id' | 'name' | 'network'>;

/** An address typed for `chain`: 0x on every chain, and also Base58Check (`T...`) on TRON. */
function isChainAddress(address: string, chain: ChainKind): boolean {
  return isEvmAddress(address) || (chain.network === 'TRON' && isTronAddress(address));
}

function addressRule(chain: ChainKind): string {
  return chain.network === 'TRON' ? web3Text('settings.ruleTron') : web3Text('settings.ruleEvm');
}

/** An address as the 0x form the contract fields are sent in (null for text that is no address). */
function factoryHex(address: string): string | null {
  if (isTronAddress(address)) return toChecksumAddress(tronToHex(address));
  return isEvmAddress(address) ? toChecksumAddress(address) : null;
}

function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,6}$/.test(t)) return null;
  return Number(t);
}

/** The fewest confirmations the server accepts on a chain (decision 0029): the network's floor (TRON's too). */
export function confirmationsFloor(chainId: number): number {
  return minConfirmationsOf(chainId) ?? 1;
}

/**
 * What is wrong with the draft of `chain`, per field (empty when it can be saved). Same bounds as the
 * server's, the confirmations floor of the network included.
 */
export function chainSettingsErrors(d: ChainSettingsDraft, chain: ChainKind): ChainSettingsErrors {
  const errors: ChainSettingsErrors = {};
  const address = d.token_address.trim();
  if (address === '') errors.token_address = web3Text('settings.enterToken');
  else if (!isChainAddress(address, chain)) {
    errors.token_address = web3Text('settings.invalidToken', { rule: addressRule(chain) });
  }
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(d.min_deposit.trim())) {
    errors.min_deposit = web3Text('settings.invalidMinimum');
  }
  const factory = d.forwarder_factory.trim();
  if (factory !== '' && factoryHex(factory) === null) {
    errors.forwarder_factory = web3Text('settings.invalidFactory', { rule: addressRule(chain) });
  }
  const payout = d.payout_contract.trim();
  if (payout !== '' && factoryHex(payout) === null) {
    errors.payout_contract = web3Text('settings.invalidPayout', { rule: addressRule(chain) });
  }
  const symbol = d.token_symbol.trim();
  if (symbol === '' || symbol.length > 12) errors.token_symbol = web3Text('settings.invalidSymbol');
  const decimals = wholeNumber(d.token_decimals);
  if (decimals === null || decimals > 36) errors.token_decimals = web3Text('settings.invalidDecimals');
  const confirmations = wholeNumber(d.confirmations);
  const floor = confirmationsFloor(chain.id);
  if (confirmations === null || confirmations > 10_000) {
    errors.confirmations = web3Text('settings.invalidConfirmations', { floor });
  } else if (confirmations < floor) {
    errors.confirmations = confirmationsFloorMessage(chain.name, floor);
  }
  if (d.reason.trim().length < 3) errors.reason = web3Text('settings.reasonShort');
  return errors;
}

/**
 * The request body of a checked draft of `chain` (0x addresses checksummed, a TRON token address as typed).
 * The minimum and the two contracts are sent only when they change: omitted means unchanged; an emptied one is
 * null.
 */
export function chainSettingsBody(d: ChainSettingsDraft, chain: ChainConfig): ChainSettingsInput {
  const token = d.token_address.trim();
  const minDeposit = d.min_deposit.trim();
  const factoryNext = contractChange(d.forwarder_factory, chain.forwarder_factory);
  const payoutNext = contractChange(d.payout_contract, chain.payout_contract);
  return {
    enabled: d.enabled,
    token_address: isEvmAddress(token) ? toChecksumAddress(token) : token,
    token_symbol: d.token_symbol.trim(),
    token_decimals: Number(d.token_decimals.trim()),
    confirmations: Number(d.confirmations.trim()),
    ...(sameAmount(minDeposit, chain.min_deposit) ? {} : { min_deposit: minDeposit }),
    ...(factoryNext === undefined ? {} : { forwarder_factory: factoryNext }),
    ...(payoutNext === undefined ? {} : { payout_contract: payoutNext }),
    reason: d.reason.trim(),
  };
}

/** A contract field's new value in its 0x form (null: removed), or undefined when it is the one set now. */
function contractChange(typed: string, now: string | null): string | null | undefined {
  const text = typed.trim();
  const next = text === '' ? null : factoryHex(text);
  return next === (now === null ? null : factoryHex(now)) ? undefined : next;
}

export interface SettingChange {
  label: string;
  before: string;
  after: string;
}

/** What saving would change, for the confirmation. */
export function chainSettingsChanges(chain: ChainConfig, body: ChainSettingsInput): SettingChange[] {
  const rows: SettingChange[] = [
    { label: web3Text('settings.deposits'), before: onOff(chain.enabled), after: onOff(body.enabled) },
    { label: web3Text('chains.tokenContract'), before: chain.token.address, after: body.token_address },
    { label: web3Text('chains.symbol'), before: chain.token.symbol, after: body.token_symbol },
    {
      label: web3Text('chains.decimals'),
      before: String(chain.token.decimals),
      after: String(body.token_decimals),
    },
    {
      label: web3Text('chains.confirmations'),
      before: String(chain.confirmations),
      after: String(body.confirmations),
    },
  ];
  if (body.min_deposit !== undefined) {
    rows.push({
      label: web3Text('settings.minimumDeposit'),
      before: formatMoney(chain.min_deposit),
      after: formatMoney(body.min_deposit),
    });
  }
  if (body.forwarder_factory !== undefined) {
    rows.push({
      label: web3Text('chains.factory'),
      before: chain.forwarder_factory ?? web3Text('settings.noneValue'),
      after: body.forwarder_factory ?? web3Text('settings.removedValue'),
    });
  }
  if (body.payout_contract !== undefined) {
    rows.push({
      label: web3Text('settings.payoutContract'),
      before: chain.payout_contract ?? web3Text('settings.noneValue'),
      after: body.payout_contract ?? web3Text('settings.removedValue'),
    });
  }
  return rows.filter((r) => r.before !== r.after);
}

function onOff(enabled: boolean): string {
  return enabled ? web3Text('settings.enabledValue') : web3Text('settings.offValue');
}
