import type { ChainConfig } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import type { DepositAddress } from '../deposit-addresses/api/addressesApi';
import {
  depositChainOptions,
  groupTokenText,
  preferredChainId,
  receivingAddressFor,
  tokenAmountError,
} from './chainOptions';

const ALL = '0x52908400098527886E0F7030069857D2E4169EE7';
const POLYGON_ONLY = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';

function address(
  id: number,
  currency: 'BEP20' | 'TRC20',
  chainId: number | null,
  value: string,
): DepositAddress {
  return { id, currency, chain_id: chainId, address: value, label: null, created_at: '2025-01-01T00:00:00Z' };
}

function chain(id: number, name: string, enabled = true): ChainConfig {
  return {
    id,
    name,
    enabled,
    verified: true,
    rpcUrls: [],
    explorerUrl: 'https://example.org',
    token: { address: ALL, symbol: 'USDT', decimals: 6 },
    confirmations: 12,
    network: 'EVM',
    min_deposit: '1.00000000',
    forwarder_factory: null,
    treasury: null,
    payout_contract: null,
  };
}

const addresses = [
  address(1, 'TRC20', null, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'),
  address(2, 'BEP20', null, ALL),
  address(3, 'BEP20', 137, POLYGON_ONLY),
];

describe('receivingAddressFor', () => {
  it('uses the address set for the chain over the one for every EVM chain', () => {
    expect(receivingAddressFor(addresses, 137)?.address).toBe(POLYGON_ONLY);
    expect(receivingAddressFor(addresses, 56)?.address).toBe(ALL);
    expect(receivingAddressFor(addresses, 1)?.address).toBe(ALL);
  });

  it('never offers the TRC20 address, and has nothing without a BEP20 one', () => {
    expect(receivingAddressFor([addresses[0] as DepositAddress], 56)).toBeUndefined();
    expect(receivingAddressFor([address(3, 'BEP20', 137, POLYGON_ONLY)], 56)).toBeUndefined();
    expect(receivingAddressFor([address(3, 'BEP20', 137, POLYGON_ONLY)], 137)?.id).toBe(3);
  });
});

describe('depositChainOptions', () => {
  it('says why a chain cannot take a deposit', () => {
    const options = depositChainOptions(
      [chain(1, 'Ethereum', false), chain(137, 'Polygon'), chain(56, 'BNB Smart Chain')],
      [address(3, 'BEP20', 137, POLYGON_ONLY)],
    );
    expect(options.map((o) => [o.chain.id, o.available, o.reason])).toEqual([
      [1, false, 'Deposits on Ethereum are switched off for now.'],
      [137, true, null],
      [56, false, 'No receiving address is set up for BNB Smart Chain yet.'],
    ]);
    expect(options[1]?.address?.address).toBe(POLYGON_ONLY);
  });

  it("prefers the wallet's chain when it can take the deposit, else the first usable one", () => {
    const options = depositChainOptions([chain(1, 'Ethereum'), chain(56, 'BNB Smart Chain')], addresses);
    expect(preferredChainId(options, 56)).toBe(56);
    expect(preferredChainId(options, 10)).toBe(1);
    expect(preferredChainId(options, undefined)).toBe(1);
    expect(preferredChainId(depositChainOptions([chain(1, 'Ethereum', false)], addresses), 1)).toBeNull();
  });
});

describe('tokenAmountError', () => {
  it('refuses digits a token with fewer decimals cannot carry, never rounding them away', () => {
    expect(tokenAmountError('25', 6, 'USDT')).toBeNull();
    expect(tokenAmountError('25.123456', 6, 'USDT')).toBeNull();
    expect(tokenAmountError('25.12345600', 6, 'USDT')).toBeNull();
    expect(tokenAmountError('25.1234567', 6, 'USDT')).toBe(
      'USDT on this chain has 6 decimal places: enter at most 6.',
    );
    expect(tokenAmountError('1.5', 0, 'WHOLE')).toBe(
      'WHOLE on this chain has no decimal places: enter a whole amount.',
    );
    expect(tokenAmountError('0.00000001', 18, 'USDT')).toBeNull();
  });
});

describe('groupTokenText', () => {
  it('groups the whole part and keeps every digit', () => {
    expect(groupTokenText('1000000')).toBe('1,000,000');
    expect(groupTokenText('1234567.000000000000000001')).toBe('1,234,567.000000000000000001');
    expect(groupTokenText('25')).toBe('25');
    expect(groupTokenText('-1000.5')).toBe('-1,000.5');
  });
});
