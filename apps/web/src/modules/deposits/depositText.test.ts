import type { DepositRecord } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  CHECKING_REFRESH_MS,
  chainProgressText,
  depositNetwork,
  depositSourceText,
  depositsRefreshMs,
  IDLE_REFRESH_MS,
} from './depositText';

type Check = Pick<DepositRecord, 'chain_status' | 'confirmations' | 'required_confirmations'>;
const check = (patch: Partial<Check>): Check => ({
  chain_status: 'confirming',
  confirmations: 3,
  required_confirmations: 15,
  ...patch,
});

describe('deposit texts', () => {
  it('names the network from the chain id, BEP20 only for BNB Smart Chain (decision 0041)', () => {
    expect(depositNetwork({ currency: 'TRC20', chain_id: 728126428 })).toBe('TRON (TRC20)');
    expect(depositNetwork({ currency: 'BEP20', chain_id: 42161 })).toBe('Arbitrum One');
    expect(depositNetwork({ currency: 'BEP20', chain_id: 137 })).toBe('Polygon');
    expect(depositNetwork({ currency: 'BEP20', chain_id: 1 })).toBe('Ethereum (ERC20)');
    expect(depositNetwork({ currency: 'BEP20', chain_id: 56 })).toBe('BNB Smart Chain (BEP20)');
    // Deposits from before chains were recorded: TRC20 is TRON's, BEP20 BNB Smart Chain's (as the server reads them).
    expect(depositNetwork({ currency: 'TRC20', chain_id: null })).toBe('TRON (TRC20)');
    expect(depositNetwork({ currency: 'BEP20', chain_id: null })).toBe('BNB Smart Chain (BEP20)');
  });

  it('counts confirmations while confirming, never past the required number', () => {
    expect(chainProgressText(check({}))).toBe('Confirming 3/15');
    expect(chainProgressText(check({ confirmations: null }))).toBe('Confirming 0/15');
    expect(chainProgressText(check({ confirmations: 40 }))).toBe('Confirming 15/15');
  });

  it('says a transfer below the minimum is not credited', () => {
    expect(chainProgressText(check({ chain_status: 'below_minimum', required_confirmations: null }))).toBe(
      'Below the minimum: not credited',
    );
  });

  it('says nothing more for the other states', () => {
    for (const chain_status of ['waiting', 'credited', 'refused', 'manual', null] as const) {
      expect(chainProgressText(check({ chain_status }))).toBeNull();
    }
    expect(chainProgressText(check({ required_confirmations: null }))).toBeNull();
  });

  it("tells a deposit to the member's own address from the reported and scanned ones", () => {
    expect(depositSourceText({ source: 'address' })).toBe('To your address');
    expect(depositSourceText({ source: 'address' }, true)).toBe("To the member's address");
    expect(depositSourceText({ source: 'member' })).toBeNull();
    expect(depositSourceText({ source: 'scan' })).toBeNull();
  });
});

describe('depositsRefreshMs', () => {
  it('never refreshes a list that is not live (the admin queue)', () => {
    expect(depositsRefreshMs([{ chain_status: 'confirming' }], false)).toBe(false);
  });

  it('refreshes soon while a deposit waits for the chain or gathers confirmations', () => {
    expect(depositsRefreshMs([{ chain_status: 'credited' }, { chain_status: 'confirming' }], true)).toBe(
      CHECKING_REFRESH_MS,
    );
    expect(depositsRefreshMs([{ chain_status: 'waiting' }], true)).toBe(CHECKING_REFRESH_MS);
  });

  it('still refreshes a live list with nothing being checked: a transfer to the own address appears by itself', () => {
    expect(depositsRefreshMs([], true)).toBe(IDLE_REFRESH_MS);
    expect(depositsRefreshMs([{ chain_status: 'credited' }, { chain_status: null }], true)).toBe(
      IDLE_REFRESH_MS,
    );
    expect(IDLE_REFRESH_MS).toBeGreaterThan(CHECKING_REFRESH_MS);
  });
});
