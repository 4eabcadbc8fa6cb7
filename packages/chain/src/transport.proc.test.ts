import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAIN_CALL, chainTransport, retryDelayMs } from './transport';

/** A real HTTP node on loopback that answers by script and records what it received. */
type Reply = { status: number; body?: unknown };
let server: Server | undefined;
async function node(script: (n: number, body: unknown) => Reply) {
  const received: { body: unknown }[] = [];
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ body });
      const r = script(received.length, body);
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.body ?? { error: 'no' }));
    });
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const client = createPublicClient({ transport: chainTransport(`http://127.0.0.1:${port}`) });
  return { client, received };
}
const ok = (body: unknown, result: unknown) => {
  const answer = (b: { id: number }) => ({ jsonrpc: '2.0', id: b.id, result });
  return Array.isArray(body) ? body.map(answer) : answer(body as { id: number });
};
async function closeNode() {
  const s = server;
  server = undefined;
  if (!s) return;
  s.closeAllConnections();
  await new Promise((r) => s.close(r));
}
afterEach(closeNode);

describe('chain calls (spec 9)', () => {
  it('keeps the spec constants', () => {
    expect(CHAIN_CALL).toEqual({
      timeoutMs: 10_000,
      attempts: 3,
      baseDelayMs: 150,
      retryStatuses: [403, 408, 413, 429, 500, 502, 503, 504],
      batchSize: 1000,
      batchWaitMs: 0,
    });
    expect([1, 2, 3].map(retryDelayMs)).toEqual([150, 300, 600]);
  });

  // The waits between attempts (150 ms, then 300 ms) are retryDelayMs's, above: no test asserts wall-clock time
  // (docs/decisions/0060-fast-unit-project.md).
  it('retries a 503 twice, and succeeds on the third attempt', async () => {
    const { client, received } = await node((n, b) =>
      n < 3 ? { status: 503 } : { status: 200, body: ok(b, '0x10') },
    );
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(16n);
    expect(received).toHaveLength(3);
  });

  it('makes 3 attempts in all, then fails', async () => {
    const { client, received } = await node(() => ({ status: 429 }));
    await expect(client.getBlockNumber({ cacheTime: 0 })).rejects.toThrow();
    expect(received).toHaveLength(3);
  });

  it('does not retry other statuses or JSON-RPC errors', async () => {
    const bad = await node(() => ({ status: 400 }));
    await expect(bad.client.getBlockNumber({ cacheTime: 0 })).rejects.toThrow();
    expect(bad.received).toHaveLength(1);
    await closeNode();
    const rpc = await node((_n, b) => ({
      status: 200,
      body: { jsonrpc: '2.0', id: (b as { id: number }).id, error: { code: -32603, message: 'internal' } },
    }));
    await expect(rpc.client.getBlockNumber({ cacheTime: 0 })).rejects.toThrow();
    expect(rpc.received).toHaveLength(1);
  });

  it('sends concurrent calls as one batch', async () => {
    const { client, received } = await node((_n, b) => ({ status: 200, body: ok(b, '0x38') }));
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => client.request({ method: 'eth_chainId' })),
    );
    expect(ids).toEqual(Array(10).fill('0x38'));
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toHaveLength(10);
  });
});
