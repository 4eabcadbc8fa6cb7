import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkTargetUrl, guardedLookup, isPublicAddress, type NetPolicy, TargetRefused } from './net-guard';

/** What one attempt got: the HTTP status (null when none came), the time it took, the answer's first bytes. */
export type PostResult = {
  status: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
};

export const RESPONSE_EXCERPT_BYTES = 512;
export const DELIVERY_TIMEOUT_MS = 10_000;

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * POSTs one signed body (decision 0072): the target checked by the net guard, its name resolved by the guard's
 * lookup (the address checked is the one connected to), no redirect followed (a 3xx is an answer like any other, and
 * only a 2xx counts as delivered), at most DELIVERY_TIMEOUT_MS, the answer's first bytes kept for the delivery log.
 */
export function postSigned(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: NetPolicy,
): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, 'latencyMs'>): PostResult => ({
    ...r,
    latencyMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = checkTargetUrl(target, policy);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!policy.allowPrivate && isIP(host) && !isPublicAddress(host))
      throw new TargetRefused('private', 'The endpoint is not a public address.');
  } catch (err) {
    return Promise.resolve(done({ status: null, excerpt: null, error: (err as Error).message }));
  }
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = lib.request(
      url,
      {
        method: 'POST',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        lookup: guardedLookup(policy),
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body).toString(),
          'user-agent': 'SocialGenX-Webhooks/1',
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size > 64 * 1024) res.destroy();
        });
        const finish = () =>
          resolve(
            done({
              status: res.statusCode ?? null,
              excerpt: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'),
              error: null,
            }),
          );
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`)));
    req.on('error', (err) => resolve(done({ status: null, excerpt: null, error: err.message })));
    req.end(body);
  });
}
