import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got: its headers and its raw body, as sent. */
export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

export type Receiver = {
  url: string;
  received: Received[];
  /** What it answers next: an HTTP status, or 'hold' to keep the request open (never answered). */
  answer: number | 'hold';
  /** Resolves once `n` requests have arrived in all. */
  waitFor: (n: number) => Promise<void>;
  close: () => Promise<void>;
};

/** A real HTTP receiver on loopback (decision 0072's tests): records every request's raw body. */
export async function startReceiver(port = 0): Promise<Receiver> {
  const waiting: { n: number; resolve: () => void }[] = [];
  const held: http.ServerResponse[] = [];
  const r: Receiver = {
    url: '',
    received: [],
    answer: 200,
    waitFor: (n) =>
      r.received.length >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve })),
    close: () =>
      new Promise((resolve) => {
        for (const h of held) h.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      for (const w of waiting.filter((x) => r.received.length >= x.n)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
      if (r.answer === 'hold') {
        held.push(res);
        return;
      }
      res.writeHead(r.answer, { 'content-type': 'text/plain' });
      res.end(r.answer >= 200 && r.answer < 300 ? 'ok thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return r;
}
