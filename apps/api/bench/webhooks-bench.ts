/**
 * `npm run bench -- --only webhooks [--webhook-events N] [--webhook-runs R]`: the webhook outbox (decision 0072) end to
 * end on a real PostgreSQL and a real HTTP receiver on loopback: N events written to the outbox (as the domains' emit
 * does, in transactions of 100), then the dispatcher and the deliverer of one process run until every delivery is
 * answered. The figure is events delivered per second from the first dispatch to the last answer (target >= 500/s).
 * Each run is checked: every event arrived exactly once, each request's signature verifies, every delivery is
 * recorded delivered.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildDeps } from '../src/app';
import { loadConfig } from '../src/config';
import { APP_ROLE, connect, type Database, queryOnce } from '../src/db';
import { emitMany } from '../src/modules/webhooks/emit';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { median } from './lib/stats';

export type WebhooksBenchOptions = { events: number; runs: number };

const SECRET = 'whsec_bench';

/** Runs the bench; resolves true when every run delivered every event once, signed. */
export async function runWebhooksBench(o: WebhooksBenchOptions, log: (m: string) => void): Promise<boolean> {
  let bench: BenchPostgres | undefined;
  let database: Database | undefined;
  const got = new Map<string, number>();
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-sgx-signature']);
      const t = /t=(\d+)/.exec(header)?.[1];
      const v1 = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex');
      if (!header.includes(`v1=${v1}`)) badSignatures += 1;
      const id = (JSON.parse(body) as { id: string }).id;
      got.set(id, (got.get(id) ?? 0) + 1);
      res.writeHead(200).end('ok');
    });
  });
  let good = true;
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    bench = await startBenchPostgres('webhooks', log);
    await queryOnce(
      bench.url,
      `INSERT INTO webhook_endpoints (url, events) VALUES ('${url}', '{ticket.opened}')`,
    );
    await queryOnce(
      bench.url,
      `INSERT INTO webhook_secrets (endpoint_id, secret) SELECT id, '${SECRET}' FROM webhook_endpoints`,
    );
    database = connect(bench.url, 8, APP_ROLE);
    const deps = buildDeps(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_JOBS: 'false' }),
      database.db,
    );
    const rates: number[] = [];
    for (let run = 1; run <= o.runs; run++) {
      got.clear();
      badSignatures = 0;
      const written = performance.now();
      for (let i = 0; i < o.events; i += 100) {
        const n = Math.min(100, o.events - i);
        await deps.db.transaction().execute((tx) =>
          emitMany(
            tx,
            Array.from({ length: n }, (_, k) => ({
              type: 'ticket.opened' as const,
              data: { ticket_id: String(i + k + 1), run, subject: 'Bench ticket' },
            })),
          ),
        );
      }
      const writeMs = performance.now() - written;
      const started = performance.now();
      for (;;) {
        const d = await deps.webhookDispatcher.dispatch(1000);
        const sent = await deps.webhookDispatcher.deliver(new Date(), 200);
        if (d === 0 && sent === 0) break;
      }
      const seconds = (performance.now() - started) / 1000;
      const rate = o.events / seconds;
      rates.push(rate);
      const once = [...got.values()].every((n) => n === 1);
      const left = await queryOnce(
        bench.url,
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'delivered'",
      );
      const ok = got.size === o.events && once && badSignatures === 0 && left[0]?.n === 0;
      good = good && ok;
      log(
        `run ${run}: ${o.events.toLocaleString('en')} events written in ${Math.round(writeMs)} ms (${Math.round((o.events / writeMs) * 1000).toLocaleString('en')}/s), delivered in ${seconds.toFixed(2)} s: ${Math.round(rate).toLocaleString('en')} events/s${ok ? '' : ` CHECK FAILED (${got.size} ids, once: ${once}, bad signatures: ${badSignatures}, not delivered: ${left[0]?.n})`}`,
      );
    }
    const m = median(rates);
    log(
      `median ${Math.round(m).toLocaleString('en')} events/s delivered (target >= 500/s: ${m >= 500 ? 'met' : 'missed'})`,
    );
  } finally {
    await database?.close();
    await bench?.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return good;
}
