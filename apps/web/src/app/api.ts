import { tr } from '../i18n/i18n';
import { secondFactorChanged, secondFactorCodes, signedOut } from '../modules/auth/authSlice';
import { ApiError, ApprovalPendingError } from './apiError';
import { afterFirstPaint } from './firstPaint';
import { type LazySchema, loadSchemas, type ResponseSchema, resolveSchema } from './lazySchema';
import { store } from './store';

/** Every call of the web app goes to version 1 of the product's API on the same origin. */
export const API_BASE = '/api/v1';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The time of this tab's last write as the server answered it (`X-Read-After`), sent back with every call: with
 * read replicas, whichever instance answers next reads what this member wrote (the server's decision 0080).
 */
let readAfter: string | undefined;

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** Checks and types the answer (a zod schema, or one that loads with the answer: lazySchema.ts). */
  schema?: ResponseSchema<T> | LazySchema<T>;
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header. Money calls pass one key per submission (kept across retries of
   * that submission), so a double click or a retry posts once. Omitted: no header, as before.
   */
  idempotencyKey?: string;
  /**
   * Sent without the session's token: a public answer the server must give everyone alike (the published
   * proof of liabilities: a server that knew who asks could show each member a root made for them alone).
   */
  anonymous?: boolean;
  /**
   * A 202 is this call's answer (work accepted to run in the background, e.g. a simulation: decision 0069), not an
   * action kept for a second admin.
   */
  accepted?: boolean;
}

export function apiRequest<T>(
  path: string,
  options: RequestOptions<T> & { schema: ResponseSchema<T> | LazySchema<T> },
): Promise<T>;
export function apiRequest(path: string, options?: RequestOptions<unknown>): Promise<unknown>;
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T | unknown> {
  const {
    method = 'GET',
    body,
    schema,
    signal,
    idempotencyKey,
    anonymous = false,
    accepted = false,
  } = options;
  // A page's reads go out once its first screen is drawn (app/firstPaint.ts; at once after that). Their
  // answers are shown only once the schemas that check them are in, which load after that drawing too, so
  // this costs the member nothing; and on a slow phone the reads no longer share the link with the first
  // screen's last files (decision 0046).
  if (method === 'GET') await afterFirstPaint();
  const token = anonymous ? undefined : store.getState().auth.auth?.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  if (readAfter !== undefined && !anonymous) headers['X-Read-After'] = readAfter;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(tr('errors.network'), 0, 'NETWORK');
  }

  const wrote = response.headers.get('X-Read-After');
  if (wrote !== null) readAfter = wrote;
  const payload = await readJson(response);

  if (!response.ok) {
    // Still the session's token? One renewed meanwhile (the second factor passed: decision 0032) answers
    // 401 for calls sent before, and that must not end the session that now holds the new one.
    const current = Boolean(token) && store.getState().auth.auth?.token === token;
    // A rejected credential ends the session here too, so guards send the visitor to sign in.
    if (response.status === 401 && current) store.dispatch(signedOut());
    // The contracts load with the first refusal, not with every page that only reads (decision 0046).
    const parsed = await loadSchemas().then(
      ({ ErrorBody }) => ErrorBody.safeParse(payload),
      () => ({ success: false }) as const,
    );
    if (parsed.success) {
      // A session that owes its second factor: the guards take the visitor to that step (decision 0023).
      const step = response.status === 403 && current ? secondFactorCodes[parsed.data.code] : undefined;
      if (step !== undefined) store.dispatch(secondFactorChanged(step));
      throw new ApiError(parsed.data.message, response.status, parsed.data.code, parsed.data.details ?? {});
    }
    throw new ApiError(
      tr('errors.requestFailed', { status: response.status, statusText: response.statusText }),
      response.status,
      'HTTP',
    );
  }

  // An admin action that needs a second admin answers 202: it is not done, so it is never handed over as a result.
  if (response.status === 202 && !accepted) throw await approvalPending(payload);

  if (!schema) return payload;
  const checked = (await resolveSchema(schema)).safeParse(payload);
  if (!checked.success) {
    console.error(`Unexpected response shape from ${method} ${path}`, payload);
    throw new ApiError(tr('errors.badResponse'), response.status, 'BAD_RESPONSE');
  }
  return checked.data;
}

/** The 202 answer's approval; the contracts load with it, like with a refusal. */
async function approvalPending(payload: unknown): Promise<ApprovalPendingError> {
  const parsed = await loadSchemas().then(
    ({ ApprovalPendingResponse }) => ApprovalPendingResponse.safeParse(payload),
    () => ({ success: false }) as const,
  );
  if (parsed.success) return new ApprovalPendingError(parsed.data.message, parsed.data.approval);
  return new ApprovalPendingError(tr('errors.waitingApproval'), null);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
