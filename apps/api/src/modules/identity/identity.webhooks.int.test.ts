import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { identitySubmissions, level1Fields, PNG } from './identity.fixture';
import { signatureOf } from './providers';

/**
 * Identity decisions as signed webhook events (decisions 0072, 0074), delivered to a real HTTP receiver on loopback:
 * `identity.approved` and `identity.rejected` for each final decision of the review queue, of the second look and of
 * a provider (one decision rule), never for a proposed level-2 rejection or a refused decision, and never carrying
 * what the member typed or a document.
 */
const PROVIDER_SECRET = 'acme-hooks-secret-0123456789-abcdefghij';
let t: TestApp;
let owner: Built;
let ownerToken: string;
let receiver: Receiver;
const { staffAccount, memberAccount, submitLevel1, submitLevel2 } = identitySubmissions(() => t);

beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_PROVIDER_ACME_SECRET: PROVIDER_SECRET });
  owner = await buildAdmin(t.deps);
  ownerToken = await tokenFor(t.app, owner, 'admin');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

type Event = { id: string; type: string; sequence: number; data: Record<string, unknown> };
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const decide = (token: string, id: number, action: 'approve' | 'reject' | 'second-look', payload?: object) =>
  call(token, 'POST', `/admin/identity/submissions/${id}/${action}`, payload);

/** Sends what the outbox holds (one round of the dispatcher's workers) and returns every event received since `from`. */
async function delivered(from: number, expected: number): Promise<Event[]> {
  await t.deps.webhookDispatcher.dispatch();
  await t.deps.webhookDispatcher.deliver(new Date());
  await receiver.waitFor(from + expected);
  // In the order they happened (deliveries may arrive in any order).
  return receiver.received
    .slice(from)
    .map((r) => JSON.parse(r.body) as Event)
    .sort((a, b) => a.sequence - b.sequence);
}

function providerDecision(body: object) {
  const at = Math.floor(Date.now() / 1000);
  const raw = Buffer.from(JSON.stringify(body));
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/identity/providers/acme/webhook',
    headers: {
      'content-type': 'application/json',
      'x-sgx-signature': `t=${at},v1=${signatureOf(PROVIDER_SECRET, at, raw)}`,
    },
    payload: raw,
  });
}

describe('identity decisions as webhook events', () => {
  it('the queue, the second look and a provider each announce a final decision once, with who, the level and a rejection’s reason only', async () => {
    const recovery = owner.twoFactor?.recoveryCodes.shift();
    if (!recovery) throw new Error('no recovery code left');
    const endpoint = await call(ownerToken, 'POST', '/admin/webhooks', {
      url: receiver.url,
      events: ['identity.approved', 'identity.rejected'],
      description: 'compliance desk',
      code: recovery,
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const officerA = await staffAccount(['compliance']);
    const officerB = await staffAccount(['compliance']);
    const from = receiver.received.length;

    // The queue: a level-1 rejection with a reason, the resubmission approved.
    const m = await memberAccount();
    const first = (await submitLevel1(m)).json().submission_id as number;
    const rejected = await decide(officerA.token, first, 'reject', {
      reason: 'The document photo is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // A refused decision (already decided) announces nothing.
    expect((await decide(officerB.token, first, 'approve')).statusCode).toBe(409);
    const second = (await submitLevel1(m)).json().submission_id as number;
    expect((await decide(officerB.token, second, 'approve')).statusCode).toBe(200);

    // Level 2: the proposed rejection announces nothing; the second look's confirmation is the rejection.
    const proof = (await submitLevel2(m)).json().submission_id as number;
    expect(
      (await decide(officerA.token, proof, 'reject', { reason: 'The bill is too old.' })).json().state,
    ).toBe('rejection_pending');
    const waiting = await sqlOn(t.url, "SELECT count(*) FROM webhook_events WHERE type LIKE 'identity.%'");
    expect(Number(waiting.rows[0].count)).toBe(2);
    expect((await decide(officerB.token, proof, 'second-look', { decision: 'confirm' })).json().state).toBe(
      'rejected',
    );

    // A provider's signed decision goes through the same rule, and announces the same way.
    const p = await memberAccount();
    const applied = await providerDecision({
      event_id: `evt-${p.id}`,
      member: String(p.id),
      level: 1,
      decision: 'approved',
    });
    expect(applied.json()).toMatchObject({ state: 'approved', duplicate: false });
    // Its replay changes nothing and announces nothing.
    expect(
      (
        await providerDecision({
          event_id: `evt-${p.id}`,
          member: String(p.id),
          level: 1,
          decision: 'approved',
        })
      ).json(),
    ).toMatchObject({ duplicate: true });

    const got = await delivered(from, 4);
    for (const r of receiver.received.slice(from))
      expect(r.headers['x-sgx-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const username = async (id: bigint) =>
      (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [id])).rows[0].username as string;
    expect(got.map((e) => [e.type, e.data.submission_id])).toEqual([
      ['identity.rejected', String(first)],
      ['identity.approved', String(second)],
      ['identity.rejected', String(proof)],
      ['identity.approved', expect.any(String)],
    ]);
    expect(got[0]?.data).toEqual({
      submission_id: String(first),
      member_id: String(m.id),
      username: await username(m.id),
      level: 1,
      status: 'rejected',
      reason: 'The document photo is blurred.',
      decided_by: 'review',
      decided_at: expect.any(String),
    });
    expect(got[1]?.data).toMatchObject({ level: 1, status: 'approved', decided_by: 'review' });
    expect(got[1]?.data).not.toHaveProperty('reason');
    expect(got[2]?.data).toMatchObject({
      member_id: String(m.id),
      level: 2,
      status: 'rejected',
      reason: 'The bill is too old.',
    });
    expect(got[3]?.data).toMatchObject({
      member_id: String(p.id),
      username: await username(p.id),
      level: 1,
      status: 'approved',
      decided_by: 'acme',
    });
    // Nothing the member typed, and no document, is in any event.
    const bodies = receiver.received
      .slice(from)
      .map((r) => r.body)
      .join('\n');
    for (const typed of [level1Fields.legal_name, level1Fields.date_of_birth, '12 MG Road', 'Pune', '411001'])
      expect(bodies).not.toContain(typed);
    expect(bodies).not.toContain(PNG.toString('base64').slice(0, 24));
    const keys = new Set(got.flatMap((e) => Object.keys(e.data)));
    expect([...keys].sort()).toEqual(
      [
        'decided_at',
        'decided_by',
        'level',
        'member_id',
        'reason',
        'status',
        'submission_id',
        'username',
      ].sort(),
    );
    // Exactly one event per final decision.
    await t.deps.webhookDispatcher.dispatch();
    await t.deps.webhookDispatcher.deliver(new Date());
    const all = await sqlOn(t.url, "SELECT count(*) FROM webhook_events WHERE type LIKE 'identity.%'");
    expect(Number(all.rows[0].count)).toBe(4);
  });
});
