import type { ChainConfig, ChainsResponse, SweepCandidate } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  canSendSweep,
  currentSweep,
  defaultSweepChainId,
  keepListed,
  pickedCandidates,
  reconciliationGap,
  SWEEP_MAX_ADDRESSES,
  sumAmounts,
  sweepChains,
  sweepFormErrors,
  toggleAll,
  toggleOne,
  txHashProblem,
} from './sweepPlan';

const chain = (id: number, factory: string | null): ChainConfig => ({
  id,
  name: `Chain ${id}`,
  enabled: true,
  verified: true,
  rpcUrls: [],
  explorerUrl: '',
  token: { address: '0x55d398326f99059fF775485246999027B3197955', symbol: 'USDT', decimals: 18 },
  confirmations: 15,
  network: id === 728126428 ? 'TRON' : 'EVM',
  min_deposit: '1.00000000',
  forwarder_factory: factory,
  treasury: factory === null ? null : '0x000000000000000000000000000000000000dEaD',
  payout_contract: null,
});

const candidate = (n: number, amount = '1.00000000'): SweepCandidate => ({
  address: `0x${n.toString(16).padStart(40, '0')}`,
  user_id: n,
  username: `member${n}`,
  balance: amount.replace(/0+$/, ''),
  amount,
});

const addr = (n: number) => candidate(n).address;

describe('sweep chains', () => {
  it('lists the EVM chains then TRON, and starts on the first with a factory', () => {
    const response: ChainsResponse = {
      chains: [chain(1, null), chain(56, '0x5FbDB2315678afecb367f032d93F642f64180aa3')],
      tron: chain(728126428, 'TXYZ'),
      walletConnectProjectId: null,
    };
    const list = sweepChains(response);
    expect(list.map((c) => c.id)).toEqual([1, 56, 728126428]);
    expect(defaultSweepChainId(list)).toBe(56);
    expect(sweepChains({ ...response, tron: null }).map((c) => c.id)).toEqual([1, 56]);
    expect(defaultSweepChainId([chain(137, null)])).toBe(137);
    expect(defaultSweepChainId([])).toBeNull();
  });
});

describe('sweep amounts', () => {
  it('adds exactly, with no float error', () => {
    expect(sumAmounts(['0.10000000', '0.20000000'])).toBe('0.30000000');
    expect(sumAmounts(['12345678901.23456789', '0.00000001'])).toBe('12345678901.23456790');
    expect(sumAmounts([])).toBe('0.00000000');
  });

  it('shows the gap between chain and ledger only when they differ, signed', () => {
    expect(reconciliationGap('5.00000000', '5.00000000')).toBeNull();
    expect(reconciliationGap('5.50000000', '5.00000000')).toBe('0.50000000');
    expect(reconciliationGap('4.00000000', '5.00000000')).toBe('-1.00000000');
    expect(reconciliationGap(null, '5.00000000')).toBeNull();
  });
});

describe('sweep selection', () => {
  const rows = [candidate(1), candidate(2), candidate(3)];

  it('selects all, then none; one at a time keeps the table order', () => {
    const all = toggleAll(rows, new Set());
    expect(all.size).toBe(3);
    expect(toggleAll(rows, all).size).toBe(0);
    const some = toggleOne(toggleOne(new Set(), addr(3)), addr(1));
    expect(pickedCandidates(rows, some).map((c) => c.username)).toEqual(['member1', 'member3']);
    expect(toggleOne(some, addr(1)).has(addr(1))).toBe(false);
    expect(toggleAll([], new Set()).size).toBe(0);
  });

  it('never picks more than one sweep takes', () => {
    const many = Array.from({ length: SWEEP_MAX_ADDRESSES + 5 }, (_, i) => candidate(i + 1));
    const all = toggleAll(many, new Set());
    expect(all.size).toBe(SWEEP_MAX_ADDRESSES);
    expect(toggleOne(all, addr(SWEEP_MAX_ADDRESSES + 2)).size).toBe(SWEEP_MAX_ADDRESSES);
    expect(toggleAll(many, all).size).toBe(0);
  });

  it('drops addresses no longer listed after a new read', () => {
    const picked = new Set([addr(1), '0xgone']);
    expect([...keepListed(picked, rows)]).toEqual([addr(1)]);
  });
});

describe('sweep form', () => {
  it('needs a reason and the 6-digit authenticator code', () => {
    expect(sweepFormErrors({ reason: 'weekly sweep', code: '123456' })).toEqual({});
    const errors = sweepFormErrors({ reason: ' x ', code: '12345' });
    expect(Object.keys(errors).sort()).toEqual(['code', 'reason']);
    expect(sweepFormErrors({ reason: 'a'.repeat(501), code: '123456' }).reason).toBeDefined();
    expect(sweepFormErrors({ reason: 'ok ok', code: '' }).code).toBe(
      'Enter the code from your authenticator app.',
    );
  });

  it('takes a 64-hex-digit hash with or without 0x (TRON hashes have none)', () => {
    const hex = 'ab'.repeat(32);
    expect(txHashProblem(`0x${hex}`)).toBeNull();
    expect(txHashProblem(` ${hex} `)).toBeNull();
    expect(txHashProblem('')).toBe('Paste the transaction hash.');
    expect(txHashProblem('0x1234')).toBe('Enter the 64-hex-digit transaction hash.');
    expect(txHashProblem(`0x${hex}zz`)).not.toBeNull();
  });
});

describe('sweep status', () => {
  it("shows the list's read only when made after the server's last answer", () => {
    const opened = { status: 'prepared' };
    const sent = { status: 'sent' };
    const failed = { status: 'failed' };
    expect(currentSweep(opened, null, undefined, 0)).toBe(opened);
    expect(currentSweep(opened, null, failed, 5)).toBe(failed);
    // Sent again after a failure: a list read before that answer must not show it failed still.
    expect(currentSweep(failed, { sweep: sent, at: 10 }, failed, 9)).toBe(sent);
    const confirmed = { status: 'confirmed' };
    expect(currentSweep(failed, { sweep: sent, at: 10 }, confirmed, 11)).toBe(confirmed);
  });

  it('lets a sweep never sent, or failed, be sent (again)', () => {
    expect(['prepared', 'sent', 'confirmed', 'failed'].filter(canSendSweep)).toEqual(['prepared', 'failed']);
  });
});
