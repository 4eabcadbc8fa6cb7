import { describe, expect, it } from 'vitest';
import { addressKind, depositNetworkName, EVM_CHAIN_NAMES, networkLabel, networkName } from './names';

describe('network names (decision 0041)', () => {
  it('says BEP20 only for BNB Smart Chain, and names every other chain by its own name', () => {
    expect(networkLabel('BEP20', 56)).toBe('USDT on BNB Smart Chain (BEP20)');
    expect(networkLabel('BEP20', 97)).toBe('USDT on BNB Smart Chain Testnet (BEP20)');
    expect(networkLabel('BEP20', 1)).toBe('USDT on Ethereum (ERC20)');
    expect(networkLabel('BEP20', 137)).toBe('USDT on Polygon');
    expect(networkLabel('BEP20', 42161)).toBe('USDT on Arbitrum One');
    for (const id of [1, 137, 42161]) expect(networkLabel('BEP20', id)).not.toContain('BEP20');
  });

  it('names TRON with TRC20, by currency or by its chain id', () => {
    expect(networkLabel('TRC20')).toBe('USDT on TRON (TRC20)');
    expect(networkLabel('TRC20', 728126428)).toBe('USDT on TRON (TRC20)');
    expect(networkName('BEP20', 728126428)).toBe('TRON (TRC20)');
  });

  it('names every EVM chain for a record with no chain yet, never BEP20 alone', () => {
    expect(EVM_CHAIN_NAMES).toBe('Ethereum, BNB Smart Chain, Polygon, Arbitrum One');
    expect(networkName('BEP20')).toBe('EVM (Ethereum, BNB Smart Chain, Polygon, Arbitrum One)');
    expect(networkName('BEP20', null)).toBe(networkName('BEP20'));
    expect(networkLabel('BEP20', null, 'USDC')).toBe(
      'USDC on EVM (Ethereum, BNB Smart Chain, Polygon, Arbitrum One)',
    );
  });

  it('reads a BEP20 deposit that names no chain as BNB Smart Chain, as the server does', () => {
    expect(depositNetworkName('BEP20', null)).toBe('BNB Smart Chain (BEP20)');
    expect(depositNetworkName('BEP20', 137)).toBe('Polygon');
    expect(depositNetworkName('TRC20', null)).toBe('TRON (TRC20)');
  });

  it('names a chain it does not know by its id', () => {
    expect(networkName('BEP20', 31337)).toBe('Chain 31337');
  });

  it('tells the kind of a payout address', () => {
    expect(addressKind('BEP20')).toBe('EVM');
    expect(addressKind('TRC20')).toBe('TRON');
  });
});
