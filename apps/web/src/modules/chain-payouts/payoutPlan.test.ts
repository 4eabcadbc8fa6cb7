import type { PayoutChain, PayoutQueueItem, WithdrawalPayout } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import {
  defaultPayoutChainId,
  failedPayouts,
  needsAllowance,
  PAYOUT_BATCH_MAX,
  payableChains,
  payoutLine,
  pickedPayouts,
  toggleAllPayouts,
  togglePayout,
  waitingPayouts,
} from './payoutPlan';

const item = (id: number, status: PayoutQueueItem['status'] = 'approved'): PayoutQueueItem => ({
  withdrawal_id: id,
  user_id: id,
  username: `member${id}`,
  kind: 'working',
  amount: '10.00000000',
  fee: '1.00000000',
  net: '9.00000000',
  network: 'EVM',
  address: `0x${id.toString(16).padStart(40, '0')}`,
  status,
  batch_id: null,
  failure: status === 'failed' ? 'paid 1 unit less' : null,
  approved_at: '2026-11-23T10:00:00.000Z',
});

const chain = (id: number, contract: string | null, verified = true): PayoutChain => ({
  chain_id: id,
  name: `chain ${id}`,
  network: 'EVM',
  contract,
  token: { address: '0x55d398326f99059fF775485246999027B3197955', symbol: 'USDT', decimals: 18 },
  verified,
  hot_wallet: null,
});

describe('payout batch selection', () => {
  it('selects all up to 200, and none once those are all selected', () => {
    const many = Array.from({ length: 250 }, (_, i) => item(i + 1));
    const all = toggleAllPayouts(many, new Set());
    expect(all.size).toBe(PAYOUT_BATCH_MAX);
    expect(all.has(200)).toBe(true);
    expect(all.has(201)).toBe(false);
    expect(toggleAllPayouts(many, all).size).toBe(0);
  });

  it('refuses a 201st payout and lets one out again', () => {
    const full = new Set(Array.from({ length: PAYOUT_BATCH_MAX }, (_, i) => i + 1));
    expect(togglePayout(full, 999)).toEqual(full);
    expect(togglePayout(full, 5).has(5)).toBe(false);
    expect(togglePayout(new Set([1]), 2)).toEqual(new Set([1, 2]));
  });

  it('keeps only payouts still waiting, in the queue order', () => {
    const queue = [item(3), item(1), item(2)];
    const { kept, chosen } = pickedPayouts(queue, new Set([2, 3, 9]));
    expect(kept).toEqual(new Set([2, 3]));
    expect(chosen.map((p) => p.withdrawal_id)).toEqual([3, 2]);
  });

  it('splits the queue into waiting and failed payouts', () => {
    const queue = [item(1), item(2, 'failed'), item(3)];
    expect(waitingPayouts(queue).map((p) => p.withdrawal_id)).toEqual([1, 3]);
    expect(failedPayouts(queue).map((p) => p.withdrawal_id)).toEqual([2]);
  });
});

describe('payout chains', () => {
  it('pays only on chains with a contract, a verified one first', () => {
    const chains = [
      chain(1, null),
      chain(56, '0xC0ffee254729296a45a3885639AC7E10F9d54979', false),
      chain(137, '0xC0ffee254729296a45a3885639AC7E10F9d54979'),
    ];
    expect(payableChains(chains).map((c) => c.chain_id)).toEqual([56, 137]);
    expect(defaultPayoutChainId(chains)).toBe(137);
    expect(defaultPayoutChainId([chain(56, '0xC0ffee254729296a45a3885639AC7E10F9d54979', false)])).toBe(56);
    expect(defaultPayoutChainId([chain(1, null)])).toBeNull();
  });
});

describe('allowance', () => {
  it('asks for an approval only when the allowance is below the batch total', () => {
    const total = '30000000000000000000';
    expect(needsAllowance(0n, total)).toBe(true);
    expect(needsAllowance(29_999_999_999_999_999_999n, total)).toBe(true);
    expect(needsAllowance(30_000_000_000_000_000_000n, total)).toBe(false);
    expect(needsAllowance(2n ** 256n - 1n, total)).toBe(false);
    expect(() => needsAllowance(0n, '1.5')).toThrow();
  });
});

describe('payout line', () => {
  const payout = (p: Partial<WithdrawalPayout>): WithdrawalPayout => ({
    status: 'approved',
    chain_id: null,
    tx_hash: null,
    explorer_url: null,
    confirmations: null,
    failure: null,
    paid_at: null,
    ...p,
  });
  it('says the status, the confirmations once sent, and why it failed', () => {
    expect(payoutLine(null)).toBeNull();
    expect(payoutLine(payout({}))).toEqual({ look: { label: 'approved', color: 'blue' }, detail: null });
    const hash = `0x${'a'.repeat(64)}`;
    expect(payoutLine(payout({ status: 'sending', tx_hash: hash, confirmations: 1 }))?.detail).toBe(
      '1 confirmation',
    );
    expect(payoutLine(payout({ status: 'paid', tx_hash: hash, confirmations: 15 }))).toEqual({
      look: { label: 'paid', color: 'teal' },
      detail: '15 confirmations',
    });
    expect(payoutLine(payout({ status: 'failed', failure: 'reverted' }))?.detail).toBe('reverted');
  });
});
