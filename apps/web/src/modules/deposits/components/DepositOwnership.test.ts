import type { DepositRecord } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { ownershipWarnings } from './DepositOwnership';

const deposit = (patch: Partial<DepositRecord>) =>
  ({
    id: 9,
    username: 'SGX000009',
    from_address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    chain_sender_username: null,
    sender_is_member: null,
    other_reports: 0,
    ...patch,
  }) as DepositRecord;

describe('ownershipWarnings', () => {
  it("warns when the chain names another member's wallet as the sender", () => {
    const [w] = ownershipWarnings(deposit({ sender_is_member: false, chain_sender_username: 'SGX000002' }));
    expect(w?.key).toBe('other_member');
    expect(w?.text).toMatch(/a wallet linked to another member, SGX000002\. The deposit is theirs/);
  });

  it('warns of an unlinked sender and of other reports of the hash', () => {
    const ws = ownershipWarnings(deposit({ sender_is_member: false, other_reports: 2 }));
    expect(ws.map((w) => w.key)).toEqual(['unlinked', 'other_reports']);
    expect(ws[1]?.text).toBe(
      '2 other members also reported this transaction hash. It can be credited once, to one of them.',
    );
  });

  it("says nothing when the member's own wallet sent it, or the chain was not read", () => {
    expect(
      ownershipWarnings(deposit({ sender_is_member: true, chain_sender_username: 'SGX000009' })),
    ).toEqual([]);
    expect(ownershipWarnings(deposit({ from_address: null }))).toEqual([]);
  });
});
