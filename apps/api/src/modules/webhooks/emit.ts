import type { WebhookEventType } from '@sgx/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

/**
 * The outbox of signed webhooks (decision 0072). Call `emit` in the transaction that makes the change it reports:
 * the event exists exactly when that change commits (a rolled-back change announces nothing, a crash after the
 * commit delivers it later). One statement (SQL `webhook_emit`, which the hot paths' SQL functions call too);
 * the dispatcher makes the deliveries afterwards. This file imports no domain, so every domain may call it.
 *
 * `ledgerKeys`: for a money event, the idempotency keys of its ledger transactions; their ids and the latest proof
 * root are added to the data. The data never holds a secret or a password hash: the caller gives plain facts.
 */
export async function emit(
  tx: DbOrTx,
  type: WebhookEventType,
  data: Record<string, unknown>,
  ledgerKeys?: string[],
): Promise<void> {
  const json = JSON.stringify(data, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  await sql`SELECT webhook_emit(${type}, ${json}::jsonb, ${ledgerKeys ?? null}::text[])`.execute(tx);
}

export type WebhookEvent = { type: WebhookEventType; data: Record<string, unknown>; ledgerKeys?: string[] };

/** Several events in one statement (a job or a batch that makes many changes in one transaction). */
export async function emitMany(tx: DbOrTx, events: WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const json = JSON.stringify(
    events.map((e) => ({ type: e.type, data: e.data, keys: e.ledgerKeys ?? null })),
    (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
  );
  await sql`SELECT webhook_emit(e->>'type', e->'data',
      CASE WHEN jsonb_typeof(e->'keys') = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(e->'keys')) END)
    FROM jsonb_array_elements(${json}::jsonb) AS e`.execute(tx);
}
