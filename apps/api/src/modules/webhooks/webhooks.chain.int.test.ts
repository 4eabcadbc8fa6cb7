import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { payoutFixture, payoutSuite } from '../chain-payouts/payouts.fixture';

/**
 * The on-chain payout events of decision 0072 against a real receiver on loopback, on real anvil nodes: a batch paid
 * and verified on chain sends `withdrawal.paid` for each payout (its transaction, log and ledger transaction) and
 * `payout_batch.paid`; a reverted batch sends `withdrawal.failed`. Each request's signature is checked here.
 */
const s = payoutSuite();
const f = payoutFixture(s);
const SECRET = 'whsec_chain_test';
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

type Event = { id: string; type: string; sequence: number; data: Record<string, unknown> };

function verify(header: string, body: string): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const mac = createHmac('sha256', SECRET).update(`${t}.${body}`).digest();
  return parts.some(([k, v]) => k === 'v1' && timingSafeEqual(Buffer.from(v, 'hex'), mac));
}

async function delivered(from: number): Promise<Event[]> {
  await s.t.deps.webhookDispatcher.dispatch();
  await s.t.deps.webhookDispatcher.deliver(new Date());
  const got = receiver.received.slice(from);
  for (const r of got) expect(verify(String(r.headers['x-sgx-signature']), r.body)).toBe(true);
  return got.map((r) => JSON.parse(r.body) as Event);
}

describe('payout events', () => {
  beforeAll(async () => {
    const made = await sqlOn(
      s.t.url,
      "INSERT INTO webhook_endpoints (url, events) VALUES ($1, '{withdrawal.paid,withdrawal.failed,payout_batch.paid}') RETURNING id",
      [receiver.url],
    );
    await sqlOn(s.t.url, 'INSERT INTO webhook_secrets (endpoint_id, secret) VALUES ($1, $2)', [
      made.rows[0].id,
      SECRET,
    ]);
  });

  it('a batch paid on chain: withdrawal.paid for each payout and payout_batch.paid', async () => {
    const c = s.chains.bsc;
    const ws = [await f.approvedWithdrawal('30'), await f.approvedWithdrawal('40')];
    const batch = await f.prepare(
      56,
      ws.map((w) => w.id),
    );
    await f.allow(c, BigInt(batch.raw_total));
    await f.send(c, batch.to, batch.data);
    await f.confirm(c);
    const from = receiver.received.length;
    await s.t.deps.chainPayouts.checkOpen();
    const events = await delivered(from);
    const paid = events.filter((e) => e.type === 'withdrawal.paid');
    expect(paid.map((e) => e.data.withdrawal_id).sort()).toEqual(ws.map((w) => String(w.id)).sort());
    for (const e of paid) {
      expect(e.data).toMatchObject({ paid_by: 'chain', chain_id: 56, batch_id: String(batch.id) });
      expect(e.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(e.data.ledger_transaction_ids).toHaveLength(1);
    }
    const first = paid[0] as Event;
    const keys = await sqlOn(s.t.url, 'SELECT idempotency_key FROM ledger_transactions WHERE id = $1', [
      (first.data.ledger_transaction_ids as string[])[0],
    ]);
    expect(keys.rows[0]?.idempotency_key).toBe(`withdrawal-complete:${first.data.withdrawal_id}`);
    const batchEvents = events.filter((e) => e.type === 'payout_batch.paid');
    expect(batchEvents).toHaveLength(1);
    const batchEvent = batchEvents[0] as Event;
    expect(batchEvent.data).toMatchObject({ batch_id: String(batch.id), chain_id: 56 });
    expect((batchEvent.data.withdrawal_ids as string[]).sort()).toEqual(ws.map((w) => String(w.id)).sort());
    expect((batchEvent.data.ledger_transaction_ids as string[]).sort()).toEqual(
      paid.flatMap((e) => e.data.ledger_transaction_ids as string[]).sort(),
    );
  }, 60_000);

  it('a reverted batch: withdrawal.failed', async () => {
    const c = s.chains.bsc;
    const w = await f.approvedWithdrawal('25');
    const batch = await f.prepare(56, [w.id]);
    await f.allow(c, 0n);
    const hash = await f.send(c, batch.to, batch.data);
    const from = receiver.received.length;
    const sent = await f.api('POST', `/payouts/batches/${batch.id}/transaction`, s.admins.tokenA, { hash });
    expect(sent.json().batch.status).toBe('failed');
    const events = await delivered(from);
    expect(events.map((e) => e.type)).toEqual(['withdrawal.failed']);
    expect(events[0]?.data).toMatchObject({ withdrawal_id: String(w.id), batch_id: String(batch.id) });
    expect(String(events[0]?.data.failure)).toMatch(/revert/);
  }, 60_000);
});
