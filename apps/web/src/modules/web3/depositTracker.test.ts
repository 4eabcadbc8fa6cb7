import type { DepositRecord } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { trackerPhase, trackerView } from './depositTracker';

function deposit(patch: Partial<DepositRecord>): DepositRecord {
  return {
    id: 7,
    user_id: 3,
    username: 'SGX000003',
    amount: '25.00000000',
    credited_amount: null,
    currency: 'BEP20',
    hash: `0x${'ab'.repeat(32)}`,
    status: 'pending',
    verified_by: null,
    note: null,
    created_at: '2025-01-01T00:00:00Z',
    decided_at: null,
    chain_id: 56,
    chain_status: 'waiting',
    confirmations: null,
    required_confirmations: 2,
    chain_reason: null,
    from_address: null,
    source: 'member',
    ...patch,
  } as DepositRecord;
}

const states = (v: ReturnType<typeof trackerView>) => v.steps.map((s) => s.state);

describe('trackerView', () => {
  it('waits (and keeps polling) until the server lists the deposit', () => {
    const v = trackerView(undefined, 15);
    expect(v.phase).toBe('waiting');
    expect(v.final).toBe(false);
    expect(v.required).toBe(15);
    expect(states(v)).toEqual(['done', 'current', 'todo', 'todo']);
  });

  it('goes sent -> waiting -> confirming n of N -> credited', () => {
    const waiting = trackerView(deposit({}));
    expect([waiting.phase, waiting.final]).toEqual(['waiting', false]);

    const confirming = trackerView(deposit({ chain_status: 'confirming', confirmations: 1 }));
    expect([confirming.phase, confirming.final]).toEqual(['confirming', false]);
    expect(states(confirming)).toEqual(['done', 'done', 'current', 'todo']);
    expect(confirming.steps[2]?.label).toBe('Confirmations: 1 of 2');

    const credited = trackerView(
      deposit({
        status: 'complete',
        chain_status: 'credited',
        confirmations: 2,
        credited_amount: '25.00000000',
      }),
    );
    expect([credited.phase, credited.final]).toEqual(['credited', true]);
    expect(states(credited)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('never shows more confirmations than needed', () => {
    const v = trackerView(deposit({ chain_status: 'confirming', confirmations: 9 }));
    expect(v.steps[2]?.label).toBe('Confirmations: 2 of 2');
  });

  it('stops at a refusal with its reason (an admin may still approve it)', () => {
    const v = trackerView(
      deposit({ chain_status: 'refused', chain_reason: 'The amount sent differs.', confirmations: 0 }),
    );
    expect(v.phase).toBe('refused');
    expect(v.final).toBe(true);
    expect(v.reason).toBe('The amount sent differs.');
    expect(v.steps[3]?.state).toBe('failed');
  });

  it('treats an admin decision as final whatever the chain check said', () => {
    expect(trackerPhase(deposit({ status: 'complete', chain_status: 'refused' }))).toBe('credited');
    const declined = trackerView(
      deposit({ status: 'decline', chain_status: 'refused', note: 'Wrong chain' }),
    );
    expect([declined.phase, declined.reason, declined.final]).toEqual(['declined', 'Wrong chain', true]);
  });

  it('leaves chains the server cannot read to an admin, and stops polling', () => {
    const v = trackerView(deposit({ chain_status: 'manual', chain_reason: 'No node.' }));
    expect([v.phase, v.final]).toEqual(['manual', true]);
    expect(v.steps[3]).toEqual({ key: 'result', label: 'Checked by our team', state: 'current' });
  });
});
