import {
  BaseError,
  createTransport,
  type EIP1193RequestFn,
  HttpRequestError,
  http,
  type Transport,
} from 'viem';

/**
 * Chain node calls (spec 9): 10 s per attempt; 3 attempts in all, the retries waiting 150 ms and then
 * 300 ms; retried only when the node answers with one of these HTTP statuses; concurrent calls go out as
 * JSON-RPC batches of up to 1000 with no wait.
 */
export const CHAIN_CALL = {
  timeoutMs: 10_000,
  attempts: 3,
  baseDelayMs: 150,
  retryStatuses: [403, 408, 413, 429, 500, 502, 503, 504],
  batchSize: 1000,
  batchWaitMs: 0,
} as const;

/** The wait before retry number `retry` (1-based): 150 ms, then doubling. */
export const retryDelayMs = (retry: number): number => CHAIN_CALL.baseDelayMs * 2 ** (retry - 1);

/** The HTTP status that makes a failed call worth another attempt, if any. */
export function retryableStatus(err: unknown): number | undefined {
  const found =
    err instanceof BaseError
      ? (err.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null)
      : null;
  const status = found?.status;
  return status !== undefined && (CHAIN_CALL.retryStatuses as readonly number[]).includes(status)
    ? status
    : undefined;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A viem transport to one node with exactly the constants above (viem's own retry is switched off). */
export function chainTransport(
  url: string,
  opts: { fetchFn?: typeof fetch; timeoutMs?: number } = {},
): Transport {
  const inner = http(url, {
    batch: { batchSize: CHAIN_CALL.batchSize, wait: CHAIN_CALL.batchWaitMs },
    timeout: opts.timeoutMs ?? CHAIN_CALL.timeoutMs,
    retryCount: 0,
    ...(opts.fetchFn ? { fetchFn: opts.fetchFn } : {}),
  });
  return (params) => {
    const transport = inner({ ...params, retryCount: 0 });
    return createTransport(
      {
        key: 'sgx-http',
        name: 'SocialGenX HTTP JSON-RPC',
        type: 'http',
        retryCount: 0,
        timeout: opts.timeoutMs ?? CHAIN_CALL.timeoutMs,
        request: (async (args: Parameters<typeof transport.request>[0]) => {
          for (let attempt = 1; ; attempt++) {
            try {
              return await transport.request(args);
            } catch (err) {
              if (attempt >= CHAIN_CALL.attempts || retryableStatus(err) === undefined) throw err;
              await sleep(retryDelayMs(attempt));
            }
          }
        }) as EIP1193RequestFn,
      },
      { url },
    );
  };
}
