import type { WithdrawalPayout } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { withdrawalStatusShown } from './withdrawalStatus';

const payout = (status: WithdrawalPayout['status']) => ({ status }) as WithdrawalPayout;

describe('a withdrawal status (decision 0055)', () => {
  it('ends in one word, complete, whether paid on chain or by hand, with the way beside it', () => {
    expect(withdrawalStatusShown({ status: 'complete', payout: payout('paid') })).toEqual({
      word: 'request',
      paidVia: 'chain',
    });
    expect(withdrawalStatusShown({ status: 'complete', payout: null })).toEqual({
      word: 'request',
      paidVia: 'hand',
    });
  });

  it('shows the payout only while the request is pending, and a decline as declined', () => {
    expect(withdrawalStatusShown({ status: 'pending', payout: payout('sending') })).toEqual({
      word: 'payout',
    });
    expect(withdrawalStatusShown({ status: 'pending', payout: null })).toEqual({
      word: 'request',
      paidVia: null,
    });
    expect(withdrawalStatusShown({ status: 'decline', payout: payout('failed') })).toEqual({
      word: 'request',
      paidVia: null,
    });
  });
});
