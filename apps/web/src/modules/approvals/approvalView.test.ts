import { describe, expect, it } from 'vitest';
import { approvalRole, reasonProblem, sentReason } from './approvalView';

describe('approvalRole', () => {
  it('lets the admin who asked cancel, any other admin decide, nobody act on a closed one', () => {
    expect(approvalRole({ status: 'pending', requested_by: 1 }, 1)).toBe('requester');
    expect(approvalRole({ status: 'pending', requested_by: 1 }, 2)).toBe('approver');
    expect(approvalRole({ status: 'approved', requested_by: 1 }, 2)).toBe('closed');
    expect(approvalRole({ status: 'cancelled', requested_by: 1 }, 1)).toBe('closed');
  });
});

describe('reasons', () => {
  it('asks a reason of a rejection only', () => {
    expect(reasonProblem('reject', ' no ')).toMatch(/Say why/);
    expect(reasonProblem('reject', 'Not what the member asked for')).toBeNull();
    expect(reasonProblem('approve', '')).toBeNull();
    expect(reasonProblem('cancel', '')).toBeNull();
  });

  it('sends a cancellation without a reason with one that says who cancelled', () => {
    expect(sentReason('cancel', '')).toBe('Cancelled by the admin who asked for it.');
    expect(sentReason('cancel', ' Wrong member ')).toBe('Wrong member');
    expect(sentReason('approve', '  ')).toBe('');
    expect(sentReason('reject', ' Duplicate ')).toBe('Duplicate');
  });
});
