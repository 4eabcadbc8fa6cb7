import { createHmac, timingSafeEqual } from 'node:crypto';
import { webhookEventTypes } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet, randomHash } from '../../../test/money';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { DepositReorgService } from '../deposits/deposits.reorg';
import { ProofService, utcDay } from '../proof/proof.service';
import { solvencyService } from '../solvency/solvency.compose';
import { MAX_CONSECUTIVE_FAILURES } from './dispatcher';
import { isPublicAddress } from './net-guard';

/**
 * Signed webhooks (decision 0072) against a real HTTP receiver on loopback: the events of real changes arrive signed
 * (checked by a verifier written here from the documented rule, not the server's signing code), a rolled-back change
 * announces nothing, a failing receiver is retried with growing gaps and its endpoint disabled at 20, the owner's
 * routes (second factor, secret once, rotation, log, redelivery, ping), and the net guard.
 */
let t: TestApp;
let owner: Built;
let ownerToken: string;
let receiver: Receiver;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildAdmin(t.deps);
  ownerToken = await tokenFor(t.app, owner, 'admin');
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const code = () => {
  const next = owner.twoFactor?.recoveryCodes.shift();
  if (!next) throw new Error('no recovery code left');
  return next;
};
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

/** The receiver's side, written from docs/webhooks.md: every v1 is checked against each secret the receiver has. */
function verify(header: string | undefined, body: string, secret: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t0 = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t0) || Math.abs(now / 1000 - t0) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t0}.${body}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

type Event = {
  id: string;
  type: string;
  created_at: string;
  sequence: number;
  data: Record<string, unknown>;
};
const events = (from = 0) => receiver.received.slice(from).map((r) => JSON.parse(r.body) as Event);

/** One round of the outbox's workers, as the loop in jobs/runner.ts runs them. */
async function round() {
  await t.deps.webhookDispatcher.dispatch();
  return t.deps.webhookDispatcher.deliver(new Date());
}

/**
 * Rounds until the receiver has `n` requests in all (at most about 10 s of them). One round then a wait timed out
 * once in CI: a delivery made in the same millisecond as the round's `now` was not yet due (fixed in `claim`, tested
 * below); what this test proves is what arrives and how it is signed, not that a single round delivers it.
 */
async function roundsUntil(n: number) {
  for (let i = 0; i < 100 && receiver.received.length < n; i++) {
    await round();
    if (receiver.received.length < n) await new Promise((r) => setTimeout(r, 100));
  }
  await receiver.waitFor(n);
}

/** A new member opens a deposit ticket (a `ticket.opened` event). */
async function openTicket(subject: string) {
  const m = await buildMember(t.deps);
  await api('POST', '/tickets', await tokenFor(t.app, m), { subject, category: 'deposit', message: 'M' });
}

async function createEndpoint(url: string, eventsWanted: readonly string[] = webhookEventTypes) {
  const res = await api('POST', '/admin/webhooks', ownerToken, {
    url,
    events: eventsWanted,
    description: 'books',
    code: code(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: number }; secret: string };
}

describe('owner routes', () => {
  it('needs the second factor; the secret is in the creating answer only; every change is audited', async () => {
    const body = { url: receiver.url, events: ['ticket.opened'], description: 'x' };
    expect((await api('POST', '/admin/webhooks', ownerToken, body)).statusCode).toBe(400);
    expect((await api('POST', '/admin/webhooks', ownerToken, { ...body, code: '000000' })).statusCode).toBe(
      422,
    );
    const made = await createEndpoint(receiver.url, ['ticket.opened']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await api('GET', '/admin/webhooks', ownerToken);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.json().endpoints).toContainEqual(
      expect.objectContaining({
        id: made.endpoint.id,
        url: receiver.url,
        events: ['ticket.opened'],
        enabled: true,
      }),
    );
    const edited = await api('PUT', `/admin/webhooks/${made.endpoint.id}`, ownerToken, {
      events: ['ticket.opened', 'plan.activated'],
      description: 'support desk',
    });
    expect(edited.json().endpoint).toMatchObject({ events: ['ticket.opened', 'plan.activated'] });
    expect((await api('DELETE', `/admin/webhooks/${made.endpoint.id}`, ownerToken)).statusCode).toBe(200);
    const audit = await sqlOn(
      t.url,
      "SELECT action FROM audit_log WHERE entity = 'webhook_endpoint' AND entity_id = $1 ORDER BY id",
      [String(made.endpoint.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['webhook.create', 'webhook.edit', 'webhook.delete']);
    expect(JSON.stringify(audit.rows)).not.toContain(made.secret);
  });

  it('a member cannot reach the routes', async () => {
    const m = await buildMember(t.deps);
    expect((await api('GET', '/admin/webhooks', await tokenFor(t.app, m))).statusCode).toBe(403);
  });
});

describe('every listed event, signed', () => {
  it('arrives once per change with its id, type, time, sequence and data; money events carry ledger ids and the proof root', async () => {
    const made = await createEndpoint(receiver.url);
    const from = receiver.received.length;

    // member.registered
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        fullname: 'Webhook Member',
        email: `hook-${Date.now()}@example.com`,
        phone: '+919876543210',
        password: 'Saffron-Kettle-58',
        confirmPassword: 'Saffron-Kettle-58',
        referralBy: '',
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    // proof.published (yesterday's) first, so the money events after it name its root.
    const day = utcDay(new Date(Date.now() - 86_400_000));
    const proof = await new ProofService(t.deps.db, t.deps.chains).buildDay(day);

    const m = await buildMember(t.deps);
    const mToken = await tokenFor(t.app, m);
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
      m.id,
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]);
    // deposit.credited, then deposit.held (the reorganisation hold, as the re-check job makes it)
    const dep = await api('POST', '/deposite/add', mToken, {
      user_id: Number(m.id),
      amount: '250',
      currency: 'BEP20',
      hash: randomHash(),
    });
    const depositId = dep.json().deposit.id as number;
    const credited = await api('PUT', `/deposite/${depositId}`, ownerToken, {
      status: 'complete',
      user_id: Number(m.id),
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await new DepositReorgService(t.deps.db, t.deps.chains).hold(BigInt(depositId), 'test hold')).toBe(
      true,
    );
    // approval.waiting: another amount than the member reported waits for a second admin
    const dep2 = await api('POST', '/deposite/add', mToken, {
      user_id: Number(m.id),
      amount: '10',
      currency: 'BEP20',
      hash: randomHash(),
    });
    const waits = await api('PUT', `/deposite/${dep2.json().deposit.id}`, ownerToken, {
      status: 'complete',
      amount: '11',
      user_id: Number(m.id),
    });
    expect(waits.statusCode, waits.body).toBe(202);
    // withdrawal.requested (the group-committed SQL path), withdrawal.approved and .paid (paid by hand)
    await fundWallet(t.deps, m.id, 'working', '150');
    const w = await api('POST', '/withdrawalrequest/add', mToken, { user_id: Number(m.id), amount: '100' });
    expect(w.statusCode, w.body).toBe(201);
    const wid = w.json().withdrawal.id as number;
    const paid = await api('PUT', `/withdrawalrequest/${wid}`, ownerToken, {
      status: 'complete',
      user_id: Number(m.id),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // ticket.opened
    const ticket = await api('POST', '/tickets', mToken, {
      subject: 'Deposit question',
      category: 'deposit',
      message: 'Hello',
    });
    expect(ticket.statusCode).toBe(201);

    // solvency.warning from today's report: members are owed money, no reserves are proven, and the threshold
    // is set past any runway.
    const today = utcDay(new Date());
    await new ProofService(t.deps.db, t.deps.chains).buildDay(today);
    await t.deps.settings.change(owner.id, { solvencyRunwayAlertDays: 3650 }, 'test: warn at any runway');
    const solvency = await solvencyService(t.deps).buildDay(today);
    expect(solvency.report.alert.active).toBe(true);

    expect(await round()).toBeGreaterThan(0);
    await receiver.waitFor(from + 1);
    const got = events(from);
    for (const r of receiver.received.slice(from)) {
      expect(verify(r.headers['x-sgx-signature'] as string, r.body, made.secret), r.body).toBe(true);
      expect(verify(r.headers['x-sgx-signature'] as string, r.body, 'whsec_not-the-secret')).toBe(false);
    }
    const types = got.map((e) => e.type);
    const expected = [
      'member.registered',
      'proof.published',
      'solvency.warning',
      'deposit.credited',
      'deposit.held',
      'approval.waiting',
      'withdrawal.requested',
      'withdrawal.approved',
      'withdrawal.paid',
      'ticket.opened',
    ];
    for (const type of expected) expect(types, type).toContain(type);
    // unique ids; sequence 1..n for this endpoint, each once
    expect(new Set(got.map((e) => e.id)).size).toBe(got.length);
    expect(got.map((e) => e.sequence).sort((a, b) => a - b)).toEqual(got.map((_, i) => i + 1));
    for (const e of got) {
      expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);
      expect(JSON.stringify(e)).not.toMatch(/password|argon2|whsec_/i);
    }
    const creditedEvent = got.find((e) => e.type === 'deposit.credited');
    expect(creditedEvent?.data).toMatchObject({
      deposit_id: String(depositId),
      member_id: String(m.id),
      amount: '250.00000000',
      proof: { day, root: proof.tree.root },
    });
    const ledgerIds = creditedEvent?.data.ledger_transaction_ids as string[];
    expect(ledgerIds).toHaveLength(1);
    const ledger = await sqlOn(t.url, 'SELECT details FROM ledger_transactions WHERE id = $1', [
      ledgerIds[0],
    ]);
    expect(ledger.rows[0]?.details).toMatchObject({ deposit_id: String(depositId) });
    expect(got.find((e) => e.type === 'withdrawal.requested')?.data).toMatchObject({
      withdrawal_id: String(wid),
      amount: '100.00000000',
      fee: '10.00000000',
      ledger_transaction_ids: [expect.any(String)],
    });
    expect(got.find((e) => e.type === 'withdrawal.paid')?.data.ledger_transaction_ids).toHaveLength(2);
    expect(got.find((e) => e.type === 'member.registered')?.data).toMatchObject({
      fullname: 'Webhook Member',
    });
    await api('DELETE', `/admin/webhooks/${made.endpoint.id}`, ownerToken);
  });

  it('plan.activated', async () => {
    const made = await createEndpoint(receiver.url, ['plan.activated']);
    const from = receiver.received.length;
    const m = await buildMember(t.deps);
    const mToken = await tokenFor(t.app, m);
    const plan = await api('POST', '/plans/add', ownerToken, {
      name: 'Hook plan two',
      monthly_price: '50',
      ROI_day: '0.5',
      Sponser_bonus: '5',
      plan_period: 365,
    });
    await fundDeposit(t.deps, m.id, '50');
    const top = await api('POST', '/topup/add', mToken, {
      id: plan.json().plan.id,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(top.statusCode, top.body).toBe(201);
    await round();
    await receiver.waitFor(from + 1);
    const e = events(from).find((x) => x.type === 'plan.activated');
    expect(e).toMatchObject({
      type: 'plan.activated',
      sequence: 1,
      data: { member_id: String(m.id), amount: '50.00000000' },
    });
    expect(
      verify(
        receiver.received[from]?.headers['x-sgx-signature'] as string,
        receiver.received[from]?.body ?? '',
        made.secret,
      ),
    ).toBe(true);
    await api('DELETE', `/admin/webhooks/${made.endpoint.id}`, ownerToken);
  });
});

describe('the outbox', () => {
  it('a rolled-back change announces nothing', async () => {
    const made = await createEndpoint(receiver.url, ['ticket.opened']);
    const before = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM webhook_events');
    const { emit } = await import('./emit');
    await expect(
      t.deps.db.transaction().execute(async (tx) => {
        await emit(tx, 'ticket.opened', { ticket_id: 'rolled-back' });
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    // A refused withdrawal request (no payout address) in the group-committed SQL path writes none either.
    const m = await buildMember(t.deps);
    const refused = await api('POST', '/withdrawalrequest/add', await tokenFor(t.app, m), {
      user_id: Number(m.id),
      amount: '10',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const after = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM webhook_events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const from = receiver.received.length;
    await round();
    expect(receiver.received.length).toBe(from);
    await api('DELETE', `/admin/webhooks/${made.endpoint.id}`, ownerToken);
  });

  it('no event is written while no endpoint wants its type', async () => {
    const before = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM webhook_events');
    const m = await buildMember(t.deps);
    await api('POST', '/tickets', await tokenFor(t.app, m), {
      subject: 'About a deposit',
      category: 'deposit',
      message: 'B',
    });
    const after = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM webhook_events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('a delivery made in the millisecond of `now` is due at `now` (the database keeps microseconds)', async () => {
    const made = await createEndpoint(receiver.url, ['ticket.opened']);
    await openTicket('Same ms');
    await t.deps.webhookDispatcher.dispatch();
    // Made 0.6 ms into a millisecond; a worker whose clock reads that millisecond must send it.
    await sqlOn(
      t.url,
      "UPDATE webhook_deliveries SET next_attempt_at = '2026-01-01T00:00:00.000600Z' WHERE endpoint_id = $1",
      [made.endpoint.id],
    );
    const from = receiver.received.length;
    expect(await t.deps.webhookDispatcher.deliver(new Date('2026-01-01T00:00:00.000Z'))).toBe(1);
    await receiver.waitFor(from + 1);
    await api('DELETE', `/admin/webhooks/${made.endpoint.id}`, ownerToken);
  });
});

describe('a receiver that fails', () => {
  it('is retried with growing gaps, the same event id each time; owners are told at 5, 10, 15; disabled at 20', async () => {
    const failing = await startReceiver();
    failing.answer = 500;
    try {
      const made = await createEndpoint(failing.url, ['ticket.opened']);
      const id = made.endpoint.id;
      await openTicket('Stuck deposit');
      await t.deps.webhookDispatcher.dispatch();
      let now = new Date();
      const due: number[] = [];
      for (let i = 0; i < MAX_CONSECUTIVE_FAILURES; i++) {
        expect(await t.deps.webhookDispatcher.deliver(now), `attempt ${i + 1}`).toBe(1);
        // Not due again at once: the next attempt waits.
        expect(await t.deps.webhookDispatcher.deliver(now)).toBe(0);
        const row = await sqlOn(
          t.url,
          'SELECT next_attempt_at, status FROM webhook_deliveries WHERE endpoint_id = $1',
          [id],
        );
        const next = new Date(row.rows[0].next_attempt_at);
        due.push(next.getTime() - now.getTime());
        now = next;
      }
      await failing.waitFor(MAX_CONSECUTIVE_FAILURES);
      const ids = new Set(failing.received.map((r) => (JSON.parse(r.body) as Event).id));
      expect(ids.size).toBe(1);
      // Growing gaps (10 s doubling), capped.
      for (let i = 1; i < due.length; i++) expect(due[i]).toBeGreaterThanOrEqual(due[i - 1] as number);
      expect(due[0]).toBe(10_000);
      expect(due[1]).toBe(20_000);
      expect(due[2]).toBe(40_000);
      const endpoint = (await api('GET', '/admin/webhooks', ownerToken))
        .json()
        .endpoints.find((e: { id: number }) => e.id === id);
      expect(endpoint).toMatchObject({ enabled: false, consecutive_failures: 20 });
      expect(endpoint.disabled_reason).toContain('20 failed deliveries');
      // Disabled: nothing more is sent, however late.
      expect(await t.deps.webhookDispatcher.deliver(new Date(now.getTime() + 86_400_000))).toBe(0);
      const mails = await sqlOn(
        t.url,
        "SELECT subject FROM mail_outbox WHERE subject LIKE 'SocialGenX webhook%' ORDER BY id",
      );
      expect(mails.rows.map((r) => r.subject)).toEqual([
        'SocialGenX webhook endpoint failing',
        'SocialGenX webhook endpoint failing',
        'SocialGenX webhook endpoint failing',
        'SocialGenX webhook endpoint disabled',
      ]);
      const alerts = await sqlOn(
        t.url,
        "SELECT message FROM staff_alerts WHERE kind = 'webhook' AND resolved_at IS NULL",
      );
      expect(alerts.rows).toHaveLength(1);
      expect(alerts.rows[0].message).toContain('disabled');
      const log = await api('GET', `/admin/webhooks/${id}/deliveries`, ownerToken);
      expect(log.json().attempts).toHaveLength(20);
      expect(log.json().attempts[0]).toMatchObject({
        http_status: 500,
        response_excerpt: 'receiver is down',
      });

      // Enabled again and the receiver fixed: the same delivery goes out, with the same id, and the alert closes.
      failing.answer = 200;
      expect((await api('POST', `/admin/webhooks/${id}/enable`, ownerToken)).json().endpoint.enabled).toBe(
        true,
      );
      expect(await t.deps.webhookDispatcher.deliver(new Date(now.getTime() + 7 * 3_600_000))).toBe(1);
      expect((JSON.parse(failing.received.at(-1)?.body ?? '{}') as Event).id).toBe([...ids][0]);
      const open = await sqlOn(
        t.url,
        "SELECT 1 FROM staff_alerts WHERE kind = 'webhook' AND resolved_at IS NULL",
      );
      expect(open.rows).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });
});

describe('log, redelivery, ping, rotation', () => {
  it('pings, logs the attempt, redelivers by hand with the same id, and signs with both secrets during a rotation', async () => {
    const made = await createEndpoint(receiver.url, ['ticket.opened']);
    const id = made.endpoint.id;
    const from = receiver.received.length;
    expect((await api('POST', `/admin/webhooks/${id}/ping`, ownerToken)).statusCode).toBe(200);
    await roundsUntil(from + 1);
    const ping = events(from)[0] as Event;
    expect(ping).toMatchObject({ type: 'ping', sequence: 1 });
    const log = (await api('GET', `/admin/webhooks/${id}/deliveries`, ownerToken)).json().attempts;
    expect(log[0]).toMatchObject({
      event_id: ping.id,
      http_status: 200,
      response_excerpt: 'ok thanks',
      manual: false,
    });
    expect(log[0].latency_ms).toBeGreaterThanOrEqual(0);

    const again = await api(
      'POST',
      `/admin/webhooks/${id}/deliveries/${log[0].delivery_id}/redeliver`,
      ownerToken,
    );
    expect(again.statusCode).toBe(200);
    await roundsUntil(from + 2);
    expect((events(from)[1] as Event).id).toBe(ping.id);
    const log2 = (await api('GET', `/admin/webhooks/${id}/deliveries`, ownerToken)).json().attempts;
    expect(log2[0]).toMatchObject({ manual: true, event_id: ping.id });

    const rotated = await api('POST', `/admin/webhooks/${id}/rotate`, ownerToken, { code: code() });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(made.secret);
    expect(rotated.json().endpoint.previous_secret_until).not.toBeNull();
    expect((await api('POST', `/admin/webhooks/${id}/ping`, ownerToken)).statusCode).toBe(200);
    await roundsUntil(from + 3);
    const signed = receiver.received[from + 2];
    const header = signed?.headers['x-sgx-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verify(header, signed?.body ?? '', secret)).toBe(true);
    expect(verify(header, signed?.body ?? '', made.secret)).toBe(true);
    await api('DELETE', `/admin/webhooks/${id}`, ownerToken);
  });
});

describe('the net guard', () => {
  it('refuses loopback and private targets where they are not allowed, at creation and at delivery', async () => {
    const strict = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false' });
    try {
      const admin = await buildAdmin(strict.deps);
      const token = await tokenFor(strict.app, admin, 'admin');
      for (const url of [
        receiver.url,
        'http://localhost:8080/x',
        'http://10.0.0.5/x',
        'http://[::1]/x',
        'http://169.254.169.254/latest/meta-data',
        'http://192.168.1.1/',
      ]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/admin/webhooks',
          headers: bearer(token),
          payload: { url, events: ['ticket.opened'], code: admin.twoFactor?.recoveryCodes.shift() },
        });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().message).toMatch(/public internet/);
      }
      // A row that got in some other way (or a name that now resolves to loopback) is refused at delivery.
      await sqlOn(strict.url, "INSERT INTO webhook_endpoints (url, events) VALUES ($1, '{ticket.opened}')", [
        receiver.url.replace('127.0.0.1', 'localhost'),
      ]);
      const m = await buildMember(strict.deps);
      await strict.app.inject({
        method: 'POST',
        url: '/api/v1/tickets',
        headers: bearer(await tokenFor(strict.app, m)),
        payload: { subject: 'Stuck deposit', category: 'deposit', message: 'M' },
      });
      const from = receiver.received.length;
      await strict.deps.webhookDispatcher.dispatch();
      expect(await strict.deps.webhookDispatcher.deliver()).toBe(1);
      expect(receiver.received.length).toBe(from);
      const attempt = await sqlOn(strict.url, 'SELECT http_status, error FROM webhook_attempts');
      expect(attempt.rows[0]).toMatchObject({ http_status: null });
      expect(attempt.rows[0].error).toMatch(/private or loopback/);
    } finally {
      await strict.close();
    }
  });

  it('tells public addresses from the rest', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});
