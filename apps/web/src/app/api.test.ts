import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, ApprovalPendingError } from './apiError';

type Api = typeof import('./api');
let api: Api;

const approval = {
  id: 7,
  kind: 'debit',
  status: 'pending',
  summary: 'Debit $5.00 from the working wallet of SGX100001.',
  amount: '5.00000000',
  subject_id: null,
  member_id: 3,
  member_username: 'SGX100001',
  member_fullname: 'Asha Rao',
  changes: [{ field: 'Working wallet', before: '50.00', after: '45.00' }],
  reason: 'Duplicate credit',
  requested_by: 1,
  requested_by_username: 'ADM100001',
  requested_at: '2025-01-01T00:00:00.000Z',
  decided_by: null,
  decided_by_username: null,
  decided_at: null,
  decision_reason: null,
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeAll(async () => {
  // The store persists the session in the browser's storage: an empty one here.
  const storage = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    },
  });
  api = await import('./api');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest and a 202 (issue 13)', () => {
  const MessageSchema = {
    safeParse: (d: unknown) =>
      typeof d === 'object' && d !== null && 'message' in d
        ? ({ success: true, data: d as { message: string } } as const)
        : ({ success: false } as const),
  };

  it('throws an action kept for a second admin as ApprovalPendingError, never as its result', async () => {
    answer(202, { message: 'Waiting for a second admin to approve.', approval });
    const error = await api
      .apiRequest('/withdrawalrequest/debit', { method: 'POST', body: {}, schema: MessageSchema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalPendingError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApprovalPendingError).message).toBe('Waiting for a second admin to approve.');
    expect((error as ApprovalPendingError).status).toBe(202);
    expect((error as ApprovalPendingError).approval?.id).toBe(7);
  });

  it('still says it waits when the 202 body cannot be read', async () => {
    answer(202, { unexpected: true });
    const error = await api.apiRequest('/settings', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApprovalPendingError);
    expect((error as ApprovalPendingError).approval).toBeNull();
    expect((error as ApprovalPendingError).message).toBe('Waiting for a second admin to approve.');
  });

  it('hands a 200 over as the result', async () => {
    answer(200, { message: 'Debited' });
    await expect(
      api.apiRequest('/withdrawalrequest/debit', { method: 'POST', body: {}, schema: MessageSchema }),
    ).resolves.toEqual({ message: 'Debited' });
  });
});
