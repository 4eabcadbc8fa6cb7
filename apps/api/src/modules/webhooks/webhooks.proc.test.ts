import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiProcessSuite } from '../../../test/api-process';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';

/**
 * Nothing lost (decision 0072): the production start as a real process delivers a committed event to a receiver that
 * holds the request open; the process is killed with -9 before any answer, started again, and the event arrives
 * again with its original id and is recorded delivered.
 */
const { startApi, ownerUrl } = apiProcessSuite('sgx-webhooks-');
let receiver: Receiver | undefined;
afterAll(() => receiver?.close());

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: ownerUrl() });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

describe('a webhook across kill -9', () => {
  it('is delivered after the restart with its original id', async () => {
    receiver = await startReceiver();
    receiver.answer = 'hold';
    const env = { RUN_JOBS: 'true', WEBHOOKS_POLL_MS: '50' };
    const first = await startApi(env);
    // Arranged in the database: an endpoint for the event (the owner's route needs a second factor, tested elsewhere).
    const made = await sql(
      "INSERT INTO webhook_endpoints (url, events) VALUES ($1, '{member.registered}') RETURNING id",
      [receiver.url],
    );
    await sql("INSERT INTO webhook_secrets (endpoint_id, secret) VALUES ($1, 'whsec_process_test')", [
      made.rows[0].id,
    ]);
    const registered = await fetch(`${first.base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullname: 'Kill Nine',
        email: 'kill.nine@example.com',
        phone: '+919876543210',
        password: 'Saffron-Kettle-58',
        confirmPassword: 'Saffron-Kettle-58',
        referralBy: '',
      }),
    });
    expect(registered.status).toBe(201);
    // The event committed with the member; the delivery is in flight, unanswered.
    await receiver.waitFor(1);
    const sent = JSON.parse(receiver.received[0]?.body ?? '{}') as {
      id: string;
      type: string;
      sequence: number;
    };
    expect(sent).toMatchObject({ type: 'member.registered', sequence: 1 });

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const lost = await sql('SELECT status, attempts FROM webhook_deliveries');
    expect(lost.rows).toEqual([{ status: 'pending', attempts: 1 }]);
    // Its lease (a minute) would make it due again: the test moves that time forward instead of waiting.
    await sql('UPDATE webhook_deliveries SET next_attempt_at = now()');

    receiver.answer = 200;
    const second = await startApi(env);
    await receiver.waitFor(2);
    const again = JSON.parse(receiver.received[1]?.body ?? '{}') as { id: string };
    expect(again.id).toBe(sent.id);
    // Recorded delivered by the new process (polled: its record follows the answer).
    let row: { status: string } | undefined;
    for (let i = 0; i < 100 && row?.status !== 'delivered'; i++) {
      row = (await sql('SELECT status FROM webhook_deliveries')).rows[0];
      if (row?.status !== 'delivered') await new Promise((r) => setTimeout(r, 50));
    }
    expect(row?.status).toBe('delivered');
    const stopped = once(second.child, 'exit');
    second.child.kill('SIGTERM');
    expect((await stopped)[0], second.output()).toBe(0);
  }, 180_000);
});
