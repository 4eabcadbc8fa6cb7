import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet, randomHash } from '../../../test/money';
import { startSmtp } from '../../../test/smtp';
import { runSalary } from '../income/salary.job';

/** A real SMTP server on loopback (test/smtp.ts) that keeps what it receives. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let adminToken: string;
let bronze = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://app.example' });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const plan = await call(adminToken, 'POST', '/plans/add', {
    name: 'bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  expect(plan.statusCode).toBe(201);
  bronze = plan.json().plan.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  token: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

type Member = Built & { token: string };
const member = async (sponsor?: Built): Promise<Member> => {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  // A payout address, as withdrawals need one.
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
    m.id,
    '0x52908400098527886E0F7030069857D2E4169EE7',
  ]);
  return { ...m, token: await tokenFor(t.app, m) };
};

/** The text of a received mail with quoted-printable soft breaks undone. */
const decoded = (raw: string | undefined) => (raw ?? '').replace(/=\r?\n/g, '');

/** Every event row of a member, oldest first, straight from the table. */
const eventsOf = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      'SELECT kind, title, message, dedupe_key, mail_state FROM member_events WHERE user_id = $1 ORDER BY id',
      [id],
    )
  ).rows as { kind: string; title: string; message: string; dedupe_key: string; mail_state: string }[];

const topup = (m: Member, key: string) =>
  call(
    m.token,
    'POST',
    '/topup/add',
    { id: bronze, userby_id: Number(m.id), userto_id: Number(m.id), amount: '100' },
    { 'idempotency-key': key },
  );

describe('each event writes exactly one notification, also when it runs twice', () => {
  it('a deposit credited (approved twice) and one refused', async () => {
    const m = await member();
    const add = (hash: string) =>
      call(m.token, 'POST', '/deposite/add', {
        user_id: Number(m.id),
        amount: '250',
        currency: 'TRC20',
        hash,
      });
    const d1 = (await add(randomHash())).json().deposit;
    const d2 = (await add(randomHash())).json().deposit;
    const approve = { status: 'complete', user_id: Number(m.id) };
    expect((await call(adminToken, 'PUT', `/deposite/${d1.id}`, approve)).statusCode).toBe(200);
    expect((await call(adminToken, 'PUT', `/deposite/${d1.id}`, approve)).statusCode).toBe(409);
    const decline = { status: 'decline', user_id: Number(m.id), note: 'hash not found' };
    expect((await call(adminToken, 'PUT', `/deposite/${d2.id}`, decline)).statusCode).toBe(200);
    expect((await call(adminToken, 'PUT', `/deposite/${d2.id}`, decline)).statusCode).toBe(409);
    expect(await eventsOf(m.id)).toMatchObject([
      {
        kind: 'deposit_credited',
        dedupe_key: `deposit-credited:${d1.id}`,
        message: 'Your TRON (TRC20) deposit of $250.00 was credited to your deposit wallet.',
      },
      {
        kind: 'deposit_refused',
        dedupe_key: `deposit-refused:${d2.id}`,
        message:
          'Your TRON (TRC20) deposit of $250.00 was refused; nothing was credited. Reason: hash not found',
      },
    ]);
  });

  it('a member cancelling their own deposit is not told about it', async () => {
    const m = await member();
    const d = (
      await call(m.token, 'POST', '/deposite/add', {
        user_id: Number(m.id),
        amount: '10',
        currency: 'TRC20',
        hash: randomHash(),
      })
    ).json().deposit;
    expect((await call(m.token, 'DELETE', `/deposite/${d.id}`)).statusCode).toBe(200);
    expect(await eventsOf(m.id)).toEqual([]);
  });

  it('a withdrawal paid and one declined (each decided twice)', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '100');
    const ask = async () =>
      (await call(m.token, 'POST', '/withdrawalrequest/add', { user_id: Number(m.id), amount: '40' })).json()
        .withdrawal;
    const w1 = await ask();
    const w2 = await ask();
    const pay = { status: 'complete', user_id: Number(m.id) };
    expect((await call(adminToken, 'PUT', `/withdrawalrequest/${w1.id}`, pay)).statusCode).toBe(200);
    expect((await call(adminToken, 'PUT', `/withdrawalrequest/${w1.id}`, pay)).statusCode).toBe(409);
    const no = { status: 'decline', user_id: Number(m.id), note: 'address unreachable' };
    expect((await call(adminToken, 'PUT', `/withdrawalrequest/${w2.id}`, no)).statusCode).toBe(200);
    expect((await call(adminToken, 'PUT', `/withdrawalrequest/${w2.id}`, no)).statusCode).toBe(409);
    const events = await eventsOf(m.id);
    expect(events.map((e) => e.dedupe_key)).toEqual([
      `withdrawal-paid:${w1.id}`,
      `withdrawal-declined:${w2.id}`,
    ]);
    expect(events[1]?.message).toBe(
      'Your withdrawal of $40.00 was declined; nothing was paid and the full amount is back in your wallet. Reason: address unreachable',
    );
  });

  it('a plan activated (same Idempotency-Key twice), and the sponsor without a plan told it was them', async () => {
    const sponsor = await member();
    const buyer = await member(sponsor);
    await fundDeposit(t.deps, buyer.id, '100');
    const key = `topup-${randomUUID()}`;
    const first = await topup(buyer, key);
    const again = await topup(buyer, key);
    expect(first.statusCode).toBe(201);
    expect(again.json().topup.id).toBe(first.json().topup.id);
    expect(await eventsOf(buyer.id)).toMatchObject([
      { kind: 'plan_activated', dedupe_key: `plan-activated:${first.json().topup.id}` },
    ]);
    const username = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [buyer.id])).rows[0]
      ?.username;
    expect(await eventsOf(sponsor.id)).toEqual([
      {
        kind: 'income_missed',
        title: 'Direct income not paid',
        message: `You had no active plan when ${username} bought theirs, so this direct income was not paid. Amount not paid: $5.00.`,
        dedupe_key: `income-missed:direct:${first.json().topup.id}`,
        mail_state: expect.any(String),
      },
    ]);
  });

  it('the monthly salary job run twice tells a blocked leader once', async () => {
    const leader = await member();
    await sqlOn(
      t.url,
      "UPDATE users SET active_directs = 6, active_plan = $2, is_active = 'active', status = 'block' WHERE id = $1",
      [leader.id, parseUnits('100')],
    );
    await runSalary(t.deps.db, t.deps.settings, '2024-03');
    await runSalary(t.deps.db, t.deps.settings, '2024-03');
    expect(await eventsOf(leader.id)).toMatchObject([
      {
        kind: 'income_missed',
        title: 'Salary not paid',
        message: "Your account was blocked at the end of 2024-03, so this month's salary was not paid.",
        dedupe_key: `income-missed:salary:${leader.id}:2024-03`,
      },
    ]);
  });

  it('a ticket answered, and closed once even when closed twice', async () => {
    const m = await member();
    const ticket = (
      await call(m.token, 'POST', '/tickets', {
        subject: 'Late payout',
        category: 'withdrawal',
        message: 'Hi',
      })
    ).json().ticket;
    await call(m.token, 'POST', `/tickets/${ticket.id}/responses`, { message: 'Any news?' });
    expect(await eventsOf(m.id)).toEqual([]);
    await call(adminToken, 'POST', `/tickets/${ticket.id}/responses`, { message: 'Sent today.' });
    for (let i = 0; i < 2; i++)
      expect(
        (await call(adminToken, 'PUT', `/tickets/${ticket.id}/status`, { status: 'closed' })).statusCode,
      ).toBe(200);
    expect((await eventsOf(m.id)).map((e) => [e.kind, e.title])).toEqual([
      ['ticket_answered', 'Support answered your ticket'],
      ['ticket_closed', 'Ticket closed'],
    ]);
  });
});

describe('reading, counting and marking', () => {
  it('lists a member their own events newest first, counts unread, marks one and all seen', async () => {
    const m = await member();
    const other = await member();
    await fundWallet(t.deps, m.id, 'working', '40');
    for (let i = 0; i < 2; i++) {
      const w = (
        await call(m.token, 'POST', '/withdrawalrequest/add', { user_id: Number(m.id), amount: '20' })
      ).json().withdrawal;
      await call(adminToken, 'PUT', `/withdrawalrequest/${w.id}`, {
        status: 'decline',
        user_id: Number(m.id),
      });
    }
    await call(adminToken, 'POST', '/notifications', {
      title: 'Hello',
      message: 'From the team',
      users: false,
      type: 'notification',
      recipients: [Number(m.id)],
    });
    const list = (await call(m.token, 'GET', '/notifications/events')).json();
    expect(list.unread).toBe(2);
    expect(list.events).toHaveLength(2);
    expect(list.events[0].id).toBeGreaterThan(list.events[1].id);
    expect((await call(m.token, 'GET', '/notifications/unread-count')).json()).toEqual({
      unread: 3,
      events: 2,
      notices: 1,
    });

    // Another member neither sees nor marks them.
    expect((await call(other.token, 'GET', '/notifications/events')).json()).toEqual({
      events: [],
      unread: 0,
    });
    const first = list.events[0].id;
    expect((await call(other.token, 'PUT', `/notifications/events/${first}/seen`)).statusCode).toBe(404);
    expect((await call(adminToken, 'GET', '/notifications/events')).statusCode).toBe(403);

    expect((await call(m.token, 'PUT', `/notifications/events/${first}/seen`)).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/notifications/unread-count')).json().unread).toBe(2);
    const all = await call(m.token, 'PUT', '/notifications/events/seen');
    expect(all.json()).toEqual({ message: 'All notifications marked as seen', marked: 2 });
    expect((await call(m.token, 'GET', '/notifications/unread-count')).json()).toEqual({
      unread: 0,
      events: 0,
      notices: 0,
    });
    const page = (await call(m.token, 'GET', `/notifications/events?before=${first}&limit=5`)).json();
    expect(page.events.map((e: { id: number }) => e.id)).toEqual([list.events[1].id]);
  });

  it('counts unread one way everywhere: the badge is the two lists, before and after reading (decision 0019)', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '20');
    const w = (
      await call(m.token, 'POST', '/withdrawalrequest/add', { user_id: Number(m.id), amount: '20' })
    ).json().withdrawal;
    await call(adminToken, 'PUT', `/withdrawalrequest/${w.id}`, { status: 'decline', user_id: Number(m.id) });
    const notice = async (title: string, users: boolean) =>
      (
        await call(adminToken, 'POST', '/notifications', {
          title,
          message: 'From the team',
          users,
          type: 'notification',
          recipients: users ? [] : [Number(m.id)],
        })
      ).json().notification.id as number;
    const mine = await notice('Only you', false);
    await notice('Everyone', true);

    const counts = async () => {
      const badge = (await call(m.token, 'GET', '/notifications/unread-count')).json();
      const events = (await call(m.token, 'GET', '/notifications/events')).json();
      const notices = (await call(m.token, 'GET', `/notifications/user/${m.id}`)).json();
      const newMarks =
        events.events.filter((e: { seen_at: string | null }) => e.seen_at === null).length +
        notices.notifications.filter((n: { seen: boolean }) => !n.seen).length;
      // Each list's count is what it marks new, and the badge is their sum.
      expect(events.unread + notices.unread).toBe(badge.unread);
      expect({ events: events.unread, notices: notices.unread }).toEqual({
        events: badge.events,
        notices: badge.notices,
      });
      expect(newMarks).toBe(badge.unread);
      return badge.unread as number;
    };
    const before = await counts();
    expect(before).toBeGreaterThanOrEqual(3);
    await call(m.token, 'PUT', `/notifications/${mine}/seen`, { userId: Number(m.id) });
    expect(await counts()).toBe(before - 1);
    const event = (await call(m.token, 'GET', '/notifications/events')).json().events[0].id;
    await call(m.token, 'PUT', `/notifications/events/${event}/seen`);
    expect(await counts()).toBe(before - 2);
    await call(m.token, 'PUT', '/notifications/events/seen');
    expect(await counts()).toBe(0);
  });

  it('gives the admin navigation its queue counts, and members none', async () => {
    const m = await member();
    const before = (await call(adminToken, 'GET', '/admin/queue-counts')).json();
    await call(m.token, 'POST', '/deposite/add', {
      user_id: Number(m.id),
      amount: '10',
      currency: 'TRC20',
      hash: randomHash(),
    });
    await call(m.token, 'POST', '/tickets', { subject: 'Help me', category: 'general', message: 'Hi' });
    expect((await call(adminToken, 'GET', '/admin/queue-counts')).json()).toEqual({
      deposits: before.deposits + 1,
      withdrawals: before.withdrawals,
      tickets: before.tickets + 1,
      approvals: before.approvals,
      // No staff alert is open on this database (the solvency report opens one: solvency.int.test.ts).
      alerts: [],
    });
    expect((await call(m.token, 'GET', '/admin/queue-counts')).statusCode).toBe(403);
  });
});

describe('e-mail after commit', () => {
  it('sends each event to the member over SMTP, unless they turned that kind off', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '60');
    const decline = async () => {
      const w = (
        await call(m.token, 'POST', '/withdrawalrequest/add', { user_id: Number(m.id), amount: '20' })
      ).json().withdrawal;
      await call(adminToken, 'PUT', `/withdrawalrequest/${w.id}`, {
        status: 'decline',
        user_id: Number(m.id),
      });
    };
    await decline();
    await t.deps.notifications.mail.dispatch();
    const mails = smtp.received.filter((r) => r.to.includes(m.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.raw).toContain('Subject: Withdrawal declined');
    expect(decoded(mails[0]?.raw)).toContain('https://app.example/user/withdrawal');

    const settings = await call(m.token, 'PUT', '/notifications/email-settings', {
      kind: 'withdrawal_declined',
      email: false,
    });
    expect(settings.json().mail).toBe(true);
    expect(settings.json().settings).toContainEqual({
      kind: 'withdrawal_declined',
      label: 'Withdrawal declined',
      email: false,
    });
    await decline();
    await t.deps.notifications.mail.dispatch();
    expect(smtp.received.filter((r) => r.to.includes(m.email))).toHaveLength(1);
    expect((await eventsOf(m.id)).map((e) => e.mail_state)).toEqual(['sent', 'off']);

    // On again: the next one goes out by itself after the request (no explicit dispatch).
    await call(m.token, 'PUT', '/notifications/email-settings', { kind: 'withdrawal_declined', email: true });
    await decline();
    for (let i = 0; i < 50 && smtp.received.filter((r) => r.to.includes(m.email)).length < 2; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(smtp.received.filter((r) => r.to.includes(m.email))).toHaveLength(2);
  });
});
