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
        reason: 'x',
      },
      bsc,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'confirmations',
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

  it('refuses confirmations below the network floor, naming it (issue 19)', () => {
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
    const body = chainSettingsBody({
      ...draftFrom(bsc),
      enabled: false,
      token_address: '0x55d398326f99059ff775485246999027b3197955',
      confirmations: '20',
      reason: '  e2e node  ',
    });
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
});
