import type { ChainConfig } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  chainSettingsBody,
  chainSettingsChanges,
  chainSettingsErrors,
  confirmationsFloor,
  draftFrom,
} from './chainSettings';

const bsc: ChainConfig = {
  id: 56,
  name: 'BNB Smart Chain',
  enabled: true,
  verified: true,
  rpcUrls: [],
  explorerUrl: 'https://bscscan.com',
  token: { address: '0x55d398326f99059fF775485246999027B3197955', symbol: 'USDT', decimals: 18 },
  confirmations: 15,
  network: 'EVM',
  min_deposit: '10.00000000',
  forwarder_factory: null,
  treasury: null,
  payout_contract: null,
};

const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const tron: ChainConfig = {
  ...bsc,
  id: 728126428,
  name: 'TRON',
  network: 'TRON',
  token: { address: TRON_USDT, symbol: 'USDT', decimals: 6 },
  confirmations: 19,
  min_deposit: '1.00000000',
};

describe('chain settings form', () => {
  it('accepts the current settings with a reason', () => {
    expect(chainSettingsErrors({ ...draftFrom(bsc), reason: 'no change' }, bsc)).toEqual({});
  });

  it('checks the address checksum, decimals 0-36, confirmations >= 1 and the reason', () => {
    const errors = chainSettingsErrors(
      {
        enabled: true,
        token_address: '0x55d398326f99059ff775485246999027B3197955',
        token_symbol: '',
        token_decimals: '37',
        confirmations: '0',
        min_deposit: '1.123456789',
        payout_contract: '',
        forwarder_factory: '0x123',
        reason: 'x',
      },
      bsc,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'confirmations',
      'forwarder_factory',
      'min_deposit',
      'reason',
      'token_address',
      'token_decimals',
      'token_symbol',
    ]);
    expect(
      chainSettingsErrors({ ...draftFrom(bsc), token_decimals: '1.5', reason: 'why' }, bsc).token_decimals,
    ).toBeDefined();
    expect(chainSettingsErrors({ ...draftFrom(bsc), token_decimals: '0', reason: 'why' }, bsc)).toEqual({});
  });

  it('refuses confirmations below the network floor, naming it (decision 0029)', () => {
    const draft = { ...draftFrom(bsc), reason: 'faster' };
    expect(chainSettingsErrors({ ...draft, confirmations: '14' }, bsc).confirmations).toBe(
      'BNB Smart Chain needs at least 15 confirmations.',
    );
    expect(chainSettingsErrors({ ...draft, confirmations: '1' }, bsc).confirmations).toBeDefined();
    expect(chainSettingsErrors({ ...draft, confirmations: '15' }, bsc)).toEqual({});
    const polygon = { ...bsc, id: 137, name: 'Polygon' };
    expect(chainSettingsErrors({ ...draft, confirmations: '127' }, polygon).confirmations).toBe(
      'Polygon needs at least 128 confirmations.',
    );
    expect(confirmationsFloor(1)).toBe(12);
    expect(confirmationsFloor(42161)).toBe(20);
  });

  it('sends the checksummed address and lists only what changes', () => {
    const body = chainSettingsBody(
      {
        ...draftFrom(bsc),
        enabled: false,
        token_address: '0x55d398326f99059ff775485246999027b3197955',
        confirmations: '20',
        reason: '  e2e node  ',
      },
      bsc,
    );
    expect(body).toEqual({
      enabled: false,
      token_address: '0x55d398326f99059fF775485246999027B3197955',
      token_symbol: 'USDT',
      token_decimals: 18,
      confirmations: 20,
      reason: 'e2e node',
    });
    expect(chainSettingsChanges(bsc, body)).toEqual([
      { label: 'Deposits', before: 'enabled', after: 'switched off' },
      { label: 'Confirmations', before: '15', after: '20' },
    ]);
  });

  it('sends the minimum and the factory only when they change; an emptied factory is null (decision 0033)', () => {
    const draft = { ...draftFrom(bsc), reason: 'own addresses' };
    expect(draft.min_deposit).toBe('10');
    expect(draft.forwarder_factory).toBe('');
    const same = chainSettingsBody(draft, bsc);
    expect('min_deposit' in same || 'forwarder_factory' in same).toBe(false);

    const set = chainSettingsBody(
      { ...draft, min_deposit: '2.5', forwarder_factory: FACTORY.toLowerCase() },
      bsc,
    );
    expect(set.min_deposit).toBe('2.5');
    expect(set.forwarder_factory).toBe(FACTORY);
    expect(chainSettingsChanges(bsc, set)).toEqual([
      { label: 'Minimum deposit', before: '$10.00', after: '$2.50' },
      { label: 'Deposit factory', before: 'none', after: FACTORY },
    ]);

    const withFactory = { ...bsc, forwarder_factory: FACTORY };
    const kept = chainSettingsBody({ ...draftFrom(withFactory), reason: 'same' }, withFactory);
    expect('forwarder_factory' in kept).toBe(false);
    const removed = chainSettingsBody(
      { ...draftFrom(withFactory), forwarder_factory: ' ', reason: 'off' },
      withFactory,
    );
    expect(removed.forwarder_factory).toBeNull();
    expect(chainSettingsChanges(withFactory, removed)).toEqual([
      { label: 'Deposit factory', before: FACTORY, after: 'none (removed)' },
    ]);
  });

  it('sends the payout contract only when it changes, checked like the factory; emptied is null (decision 0034)', () => {
    const draft = { ...draftFrom(bsc), reason: 'payouts on chain' };
    expect(draft.payout_contract).toBe('');
    expect('payout_contract' in chainSettingsBody(draft, bsc)).toBe(false);
    expect(chainSettingsErrors({ ...draft, payout_contract: '0x12' }, bsc).payout_contract).toMatch(
      /^Enter the payout contract address/,
    );
    const set = chainSettingsBody({ ...draft, payout_contract: FACTORY.toLowerCase() }, bsc);
    expect(set.payout_contract).toBe(FACTORY);
    expect(chainSettingsChanges(bsc, set)).toEqual([
      { label: 'Payout contract', before: 'none', after: FACTORY },
    ]);
    const withPayout = { ...bsc, payout_contract: FACTORY };
    expect(
      'payout_contract' in chainSettingsBody({ ...draftFrom(withPayout), reason: 'same' }, withPayout),
    ).toBe(false);
    const removed = chainSettingsBody(
      { ...draftFrom(withPayout), payout_contract: '', reason: 'off' },
      withPayout,
    );
    expect(removed.payout_contract).toBeNull();
    expect('forwarder_factory' in removed).toBe(false);
  });

  it('takes T... addresses on TRON only, with its 19-confirmation floor', () => {
    const draft = { ...draftFrom(tron), reason: 'tron' };
    expect(chainSettingsErrors(draft, tron)).toEqual({});
    expect(
      chainSettingsErrors({ ...draftFrom(bsc), token_address: TRON_USDT, reason: 'x y' }, bsc).token_address,
    ).toBeDefined();
    expect(chainSettingsErrors({ ...draft, confirmations: '18' }, tron).confirmations).toBe(
      'TRON needs at least 19 confirmations.',
    );
    expect(confirmationsFloor(728126428)).toBe(19);
    // The token address goes as typed (T...); a TRON factory is sent as the 0x form the contract takes.
    const body = chainSettingsBody({ ...draft, forwarder_factory: TRON_USDT }, tron);
    expect(body.token_address).toBe(TRON_USDT);
    expect(body.forwarder_factory).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(body.forwarder_factory?.toLowerCase()).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
    // The factory the server shows in Base58 and the same typed as 0x is no change.
    const withFactory = { ...tron, forwarder_factory: TRON_USDT };
    const unchanged = chainSettingsBody(
      {
        ...draftFrom(withFactory),
        forwarder_factory: '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c',
        reason: 'x y',
      },
      withFactory,
    );
    expect('forwarder_factory' in unchanged).toBe(false);
  });
});
