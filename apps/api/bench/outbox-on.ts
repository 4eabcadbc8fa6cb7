/**
 * `npm run bench -- --outbox`: the money endpoints measured with the webhook outbox on (decision 0072), as on a
 * platform whose owner subscribed to every event: one endpoint wanting every event type, pointing at a receiver on
 * loopback, and the dispatcher and deliverer running against the same PostgreSQL throughout (polling as an API
 * process does, `WEBHOOKS_POLL_MS`' default). Run it alternately with and without `--outbox`: the issue's figure is the
 * transfer's ratio to pgbench with the outbox on against the same without it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookEventTypes } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../src/db';
import { WebhookDispatcher } from '../src/modules/webhooks/dispatcher';

export type OutboxOn = { stop: () => Promise<{ received: number }> };

export async function startOutbox(db: Db, log: (m: string) => void): Promise<OutboxOn> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await sql`
    WITH e AS (INSERT INTO webhook_endpoints (url, events, description)
               VALUES (${url}, ${[...webhookEventTypes]}::text[], 'bench: every event') RETURNING id)
    INSERT INTO webhook_secrets (endpoint_id, secret) SELECT id, 'whsec_bench' FROM e`.execute(db);
  const dispatcher = new WebhookDispatcher(
    db,
    { allowPrivate: true, requireHttps: false },
    undefined,
    (o, m) => log(`  outbox: ${m} ${String(o.err ?? '')}`),
  );
  dispatcher.start(250);
  log(`outbox on: an endpoint wanting every event (${url}), the dispatcher polling every 250 ms`);
  return {
    stop: async () => {
      await dispatcher.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return { received };
    },
  };
}
