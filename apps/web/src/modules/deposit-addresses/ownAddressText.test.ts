import type { MemberAddressChain, MemberDepositAddress } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  creditText,
  minimumText,
  ownAddressChainNames,
  ownAddressNotice,
  ownAddressTitle,
} from './ownAddressText';

const chain = (patch: Partial<MemberAddressChain>): MemberAddressChain => ({
  chain_id: 56,
  name: 'BNB Smart Chain',
  token_address: '0x55d398326f99059fF775485246999027B3197955',
  token_symbol: 'USDT',
  token_decimals: 18,
  confirmations: 15,
  minimum: '1.00000000',
  verified: true,
  ...patch,
});

const evm: MemberDepositAddress = {
  network: 'EVM',
  chain_ids: [1, 137, 56, 42161],
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  token: { symbol: 'USDT', decimals: 18 },
  chains: [
    chain({ chain_id: 1, name: 'Ethereum', confirmations: 12 }),
    chain({ chain_id: 137, name: 'Polygon', confirmations: 128 }),
    chain({}),
    chain({ chain_id: 42161, name: 'Arbitrum One', confirmations: 20, verified: false }),
  ],
};

describe('own deposit address texts', () => {
  it('titles the EVM address by its chains and the TRON one as TRC20', () => {
    expect(ownAddressTitle(evm)).toBe('EVM chains');
    expect(ownAddressChainNames(evm)).toBe('Ethereum, Polygon, BNB Smart Chain, Arbitrum One');
    expect(ownAddressTitle({ network: 'TRON' })).toBe('TRON (TRC20)');
  });

  it('says plainly which token to send, that anyone may send, and that it is credited automatically', () => {
    expect(ownAddressNotice(evm)).toBe(
      'Send only USDT on these networks to this address. Anyone can send to it (an exchange withdrawal works); it is credited to you automatically.',
    );
    const tron = {
      token: { symbol: 'USDT', decimals: 6 },
      chains: [chain({ chain_id: 728126428, name: 'TRON' })],
    };
    expect(ownAddressNotice(tron)).toMatch(/^Send only USDT on this network to this address\./);
  });

  it('does not promise an automatic credit where no network is read by the server', () => {
    const manual = { token: evm.token, chains: [chain({ verified: false })] };
    expect(ownAddressNotice(manual)).toMatch(/credited to you once our team has checked it\.$/);
    expect(ownAddressNotice(manual)).not.toMatch(/automatically/);
  });

  it('states the minimum exactly, and nothing when there is none', () => {
    expect(minimumText(chain({}))).toBe('Minimum 1 USDT: smaller transfers are recorded, not credited');
    expect(minimumText(chain({ minimum: '0.50000000' }))).toBe(
      'Minimum 0.5 USDT: smaller transfers are recorded, not credited',
    );
    expect(minimumText(chain({ minimum: '0.00000000' }))).toBeNull();
  });

  it('names the confirmations on a chain the server reads, else our team', () => {
    expect(creditText(chain({}))).toBe('credited after 15 confirmations');
    expect(creditText(chain({ confirmations: 1 }))).toBe('credited after 1 confirmation');
    expect(creditText(chain({ verified: false }))).toBe('credited by our team');
  });
});
