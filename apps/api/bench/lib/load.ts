import http from 'node:http';
import { excerpt, percentile } from './stats';

export type Req = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** JSON-serialisable body. */
  body?: unknown;
};
export type Res = { status: number; body: string; serverMs: number; ms: number };

export type LoadResult = {
  requests: number;
  ok: number;
  errors: number;
  /** Status (or network error) of the first failure, with its body. */
  firstError: string | null;
  /** Wall time from the first request sent to the last response received. */
  durationMs: number;
  tps: number;
  p50: number;
  p99: number;
  max: number;
};

/** What sends a request: a Client, or several behind one (instances-bench.ts spreads them in turn). */
export type Sender = { send(r: Req): Promise<Res> };

/** One HTTP/1.1 client over keep-alive sockets (node:http: no extra dependency, little CPU per request). */
export class Client {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(base: string, sockets: number) {
    const u = new URL(base);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  send(r: Req): Promise<Res> {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const headers: Record<string, string> = { accept: 'application/json', ...r.headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.host,
          port: this.port,
          method: r.method,
          path: `/api/v1${r.path}`,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              serverMs: timing?.[1] ? Number(timing[1]) : Number.NaN,
              ms: performance.now() - started,
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/**
 * Drives requests at a fixed concurrency: `concurrency` loops, each sending the next request as soon as
 * its previous response has arrived, until `seconds` have passed, `maxRequests` were sent, or `make`
 * returns undefined (nothing left to send, e.g. every member has claimed). Latency is measured per
 * request, from send to the last byte of the response.
 */
export async function drive(
  client: Sender,
  o: {
    concurrency: number;
    seconds: number;
    maxRequests: number;
    make: (k: number) => Req | undefined;
    onResponse?: (k: number, res: Res) => void;
  },
): Promise<LoadResult> {
  const latencies = new Float64Array(o.maxRequests);
  let next = 0;
  let done = 0;
  let ok = 0;
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  const fail = (what: string) => {
    errors++;
    firstError ??= what;
  };
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < o.maxRequests && performance.now() < deadline) {
        const k = next++;
        const r = o.make(k);
        if (!r) {
          next = o.maxRequests;
          break;
        }
        const sent = performance.now();
        try {
          const res = await client.send(r);
          latencies[done++] = res.ms;
          if (res.status >= 200 && res.status < 300) ok++;
          else fail(`${res.status} ${excerpt(res.body)}`);
          o.onResponse?.(k, res);
        } catch (err) {
          latencies[done++] = performance.now() - sent;
          fail(`network: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }),
  );
  return summarize(latencies.subarray(0, done), { ok, errors, firstError }, started);
}

/**
 * Offers requests at a fixed rate (open loop: request i is due `i / rate` seconds after the start, whether or not
 * earlier ones were answered), for `seconds`. Latency counts from when a request was due, so time spent queued
 * behind slow answers is counted (no coordinated omission). The client's sockets bound the requests in flight.
 */
export async function driveAtRate(
  client: Sender,
  o: { rate: number; seconds: number; make: (k: number) => Req | undefined },
): Promise<LoadResult> {
  const total = Math.max(1, Math.floor(o.rate * o.seconds));
  const latencies = new Float64Array(total);
  let done = 0;
  let ok = 0;
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const r = o.make(i);
    if (!r) break;
    pending.push(
      client.send(r).then(
        (res) => {
          latencies[done++] = performance.now() - due;
          if (res.status >= 200 && res.status < 300) ok++;
          else {
            errors++;
            firstError ??= `${res.status} ${excerpt(res.body)}`;
          }
        },
        (err: unknown) => {
          latencies[done++] = performance.now() - due;
          errors++;
          firstError ??= `network: ${err instanceof Error ? err.message : String(err)}`;
        },
      ),
    );
  }
  await Promise.all(pending);
  return summarize(latencies.subarray(0, done), { ok, errors, firstError }, started);
}

/** A run's figures from its latencies (sorted here) and counts. */
function summarize(
  latencies: Float64Array,
  c: { ok: number; errors: number; firstError: string | null },
  started: number,
): LoadResult {
  const durationMs = performance.now() - started;
  const sorted = latencies.sort();
  return {
    requests: latencies.length,
    ...c,
    durationMs,
    tps: (c.ok / durationMs) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
