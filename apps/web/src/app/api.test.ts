import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as authActions from '../modules/auth/authSlice';
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

/** The store persists the session in the browser's storage: an empty one here. */
function stubStorage() {
  const storage = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    },
  });
}

beforeAll(async () => {
  stubStorage();
  api = await import('./api');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest and a 202 (decision 0024)', () => {
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

describe('apiRequest and a renewed token (decision 0032)', () => {
  const { signedIn, tokenRenewed } = authActions;

  it('ends the session on a 401 of its own token, not on a late 401 of the token it had before', async () => {
    stubStorage();
    const { persistor, store } = await import('./store');
    const account = {
      id: 1,
      token: 'old',
      refferal_code: 'A',
      username: 'SGX1',
      email: 'a@example.com',
      fullname: 'A',
      role: 'admin' as const,
    };
    store.dispatch(
      signedIn({ auth: account, admin: true, expireAt: '2999-01-01T00:00:00Z', secondFactor: 'code' }),
    );
    // A call sent with the old token comes back after the code renewed it.
    let release: (r: Response) => void = () => undefined;
    const sent = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', sent);
    const late = api.apiRequest('/auth/2fa').catch((e: unknown) => e);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    store.dispatch(tokenRenewed('new'));
    release(
      new Response(JSON.stringify({ message: 'Sign in first.', code: 'UNAUTHENTICATED' }), { status: 401 }),
    );
    expect(await late).toBeInstanceOf(ApiError);
    expect(store.getState().auth.auth?.token).toBe('new');
    // The new token's own 401 does end it.
    answer(401, { message: 'Sign in first.', code: 'UNAUTHENTICATED' });
    await api.apiRequest('/auth/2fa').catch(() => undefined);
    expect(store.getState().auth.auth).toBeNull();
    // Written to storage now, while the test's window is still there.
    await persistor.flush();
  });
});

describe('apiRequest and reads on replicas (server decision 0080)', () => {
  it("sends back the time of the tab's last write, so whichever instance answers next reads it", async () => {
    const sent = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{}', { status: 200, headers: { 'X-Read-After': '1764210000000' } }),
    );
    vi.stubGlobal('fetch', sent);
    await api.apiRequest('/transfer/touser', { method: 'POST', body: {} });
    await api.apiRequest('/withdrawalrequest/debit', { method: 'POST', body: {} });
    const headersOf = (i: number) => sent.mock.calls[i]?.[1]?.headers as Record<string, string>;
    expect(headersOf(1)['X-Read-After']).toBe('1764210000000');
    // The published proof is asked for anonymously: it carries nothing that tells who asks.
    await api.apiRequest('/proof/latest', { method: 'POST', anonymous: true });
    expect(headersOf(2)['X-Read-After']).toBeUndefined();
  });
});

// Last: it holds the page's first-paint gate (app/firstPaint.ts), which stays open after it.
describe('apiRequest and the first drawing (decision 0052)', () => {
  it('sends a read once the first screen is drawn, a write at once', async () => {
    const paint = await import('./firstPaint');
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const sent = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', sent);
    paint.holdUntilFirstPaint();
    let readDone = false;
    const read = api.apiRequest('/tr/wallet/1').then(() => {
      readDone = true;
    });
    await api.apiRequest('/withdrawalrequest/debit', { method: 'POST', body: {} });
    expect(sent.mock.calls.map(([url]) => url)).toEqual(['/api/v1/withdrawalrequest/debit']);
    expect(readDone).toBe(false);
    // The first render is committed, then the browser draws it: the read goes out.
    paint.firstRenderCommitted();
    expect(sent).toHaveBeenCalledTimes(1);
    for (const frame of frames.splice(0)) frame();
    await read;
    expect(sent.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/withdrawalrequest/debit',
      '/api/v1/tr/wallet/1',
    ]);
  });
});
