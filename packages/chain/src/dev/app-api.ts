import { randomUUID } from 'node:crypto';

/** The running app's JSON API as `npm run chain:dev` calls it: status and parsed body (or the raw text). */
export type ApiAnswer = { status: number; ok: boolean; body: unknown };

export async function api(
  base: URL,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token?: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method === 'POST') headers['idempotency-key'] = randomUUID();
  const res = await fetch(new URL(`api/v1${path}`, base), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  return { status: res.status, ok: res.ok, body: json };
}

/** A field of a JSON object answer, if the answer is an object. */
export function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

/** The error sentence of an answer (its `message`), or the start of its text. */
export function messageOf(body: unknown): string {
  const message = field(body, 'message');
  if (typeof message === 'string') return message;
  return typeof body === 'string' ? body.slice(0, 300) : JSON.stringify(body).slice(0, 300);
}

/** An answer in one line: "403 Set up two-factor sign-in first (SECOND_FACTOR_ENROLMENT_REQUIRED)". */
export function describe(answer: ApiAnswer): string {
  const code = field(answer.body, 'code');
  return `${answer.status} ${messageOf(answer.body)}${typeof code === 'string' ? ` (${code})` : ''}`;
}

/** Whether a URL names this machine (localhost, 127.0.0.0/8, ::1): only then are dev secrets kept. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until GET /api/v1/health/ready answers 200, saying once that it waits. */
export async function waitForApp(base: URL, log: (line: string) => void): Promise<void> {
  let said = false;
  for (;;) {
    try {
      const res = await fetch(new URL('api/v1/health/ready', base), { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // Not up yet.
    }
    if (!said) {
      log(`… waiting for the app at ${base.origin} (GET /api/v1/health/ready, every 2 s) to configure it`);
      said = true;
    }
    await sleep(2_000);
  }
}
