import { createHash } from 'node:crypto';
import { riskSignalCodes } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet } from '../../../test/money';
import { writePastLedger } from '../reports/history.fixture';
import { riskFixture } from './risk.fixture';
import { riskFlagged } from './risk.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_REGISTER_PER_IP: '1000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(() => t.close());

const f = riskFixture(
  () => t,
  () => adminToken,
);
const { api, member, withdraw, risk, signal } = f;

// Every member of this file signs in from an IP of its own, so no IP is shared unless a test means it.
let nextIp = 0;
const ownIp = () => `10.20.${++nextIp >> 8}.${nextIp & 255}`;
const q = (text: string, values: unknown[] = []) => sqlOn(t.url, text, values);
const ageAccount = (id: bigint, age: string) =>
  q(`UPDATE users SET created_at = now() - $2::interval WHERE id = $1`, [id, age]);
const addressChange = (id: bigint, ago: string, opts: { currency?: string; cancelled?: boolean } = {}) =>
  q(
    `INSERT INTO payout_address_changes (user_id, currency, old_address, new_address, requested_by, requested_at,
       hold_until, cancelled_at)
     VALUES ($1, $2, NULL, '0x1', $1, now() - $3::interval, now() - $3::interval, $4)`,
    [id, opts.currency ?? 'BEP20', ago, opts.cancelled ? new Date() : null],
  );

describe('GET /withdrawalrequest/:id/risk', () => {
  it('lists every signal in order as a sentence, flagged when any is; 403 to a member, 404 when unknown', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    const r = await risk(id);
    expect(r.signals.map((s) => s.code)).toEqual([...riskSignalCodes]);
    for (const s of r.signals) expect(s.sentence).toMatch(/^[A-Z0-9].*\.$/);
    expect(r.flagged).toBe(true);
    expect(r.signals.find((s) => s.code === 'account_age')?.flagged).toBe(true);

    const asMember = await api('GET', `/withdrawalrequest/${id}/risk`, m.token);
    expect(asMember.statusCode).toBe(403);
    const unknown = await api('GET', '/withdrawalrequest/987654321/risk', adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Withdrawal not found.' });
    expect((await api('GET', '/withdrawalrequest/abc/risk', adminToken)).statusCode).toBe(400);
  });

  it('flags nothing on a withdrawal with no risk, and riskFlagged() tells the two apart in a query', async () => {
    const calm = await member(ownIp());
    await ageAccount(calm.id, '90 days');
    await fundDeposit(t.deps, calm.id, '500');
    const calmId = await withdraw(calm, '40', '100');
    const r = await risk(calmId);
    expect(r.signals.filter((s) => s.flagged)).toEqual([]);
    expect(r.flagged).toBe(false);

    const young = await member(ownIp());
    const youngId = await withdraw(young, '40', '100');
    const rows = await t.deps.db
      .selectFrom('withdrawals as w')
      .select(['w.id', riskFlagged('w.id').as('flagged')])
      .where('w.id', 'in', [BigInt(calmId), BigInt(youngId)])
      .orderBy('w.id')
      .execute();
    expect(rows).toEqual([
      { id: BigInt(calmId), flagged: false },
      { id: BigInt(youngId), flagged: true },
    ]);
  });
});

describe('account_age', () => {
  it('flags an account under 7 days old', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'account_age')).toEqual({
      flagged: true,
      sentence: 'Account opened less than a minute ago.',
    });
    await ageAccount(m.id, '2 days 20 hours');
    expect(await signal(id, 'account_age')).toEqual({
      flagged: true,
      sentence: 'Account opened 2 days ago.',
    });
    await ageAccount(m.id, '6 days 23 hours');
    expect((await signal(id, 'account_age')).flagged).toBe(true);
  });

  it('does not flag an account 7 days old or more', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    await ageAccount(m.id, '7 days 1 minute');
    expect(await signal(id, 'account_age')).toEqual({
      flagged: false,
      sentence: 'Account opened 7 days ago.',
    });
    await ageAccount(m.id, '1 day');
    expect(await signal(id, 'account_age')).toEqual({ flagged: true, sentence: 'Account opened 1 day ago.' });
  });
});

describe('deposits_vs_withdrawals', () => {
  it('flags a request that, with the earlier ones not declined, exceeds the deposits up to it', async () => {
    const m = await member(ownIp());
    await fundDeposit(t.deps, m.id, '1234.567');
    const first = await withdraw(m, '1000', '1000');
    expect(await signal(first, 'deposits_vs_withdrawals')).toEqual({
      flagged: false,
      sentence: 'Deposited 1,234.57 USD, withdrawn 0.00 USD so far; this request is 1,000.00 USD.',
    });
    const second = await withdraw(m, '300', '300');
    expect(await signal(second, 'deposits_vs_withdrawals')).toEqual({
      flagged: true,
      sentence: 'Deposited 1,234.57 USD, withdrawn 1,000.00 USD so far; this request is 300.00 USD.',
    });
    // Reckoned at the request: the first stays as it was, a deposit after the request does not count.
    await fundDeposit(t.deps, m.id, '5000');
    expect((await signal(first, 'deposits_vs_withdrawals')).flagged).toBe(false);
    expect((await signal(second, 'deposits_vs_withdrawals')).flagged).toBe(true);

    // A declined request is not counted.
    const declined = await api('PUT', `/withdrawalrequest/${second}`, adminToken, {
      status: 'decline',
      user_id: Number(m.id),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const third = await withdraw(m, '200', '0.01');
    expect(await signal(third, 'deposits_vs_withdrawals')).toEqual({
      flagged: false,
      sentence: 'Deposited 6,234.57 USD, withdrawn 1,000.00 USD so far; this request is 200.00 USD.',
    });
  });

  it('flags a member who never deposited; only deposits count, not income', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '25.005', '100');
    expect(await signal(id, 'deposits_vs_withdrawals')).toEqual({
      flagged: true,
      sentence: 'Deposited 0.00 USD, withdrawn 0.00 USD so far; this request is 25.01 USD.',
    });
  });
});

describe('address_changed', () => {
  it('flags a change of the payout address of the currency within 7 days', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    await addressChange(m.id, '3 hours 50 minutes');
    expect(await signal(id, 'address_changed')).toEqual({
      flagged: true,
      sentence: 'Payout address changed 3 hours ago.',
    });
    await addressChange(m.id, '20 minutes 40 seconds');
    expect(await signal(id, 'address_changed')).toEqual({
      flagged: true,
      sentence: 'Payout address changed 20 minutes ago.',
    });
  });

  it('does not flag an older change, a cancelled one, or one of the other currency', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'address_changed')).toEqual({
      flagged: false,
      sentence: 'Payout address unchanged in the last 30 days.',
    });
    await addressChange(m.id, '40 days');
    expect((await signal(id, 'address_changed')).sentence).toBe(
      'Payout address unchanged in the last 30 days.',
    );
    await addressChange(m.id, '10 days 2 hours');
    await addressChange(m.id, '1 hour', { cancelled: true });
    await addressChange(m.id, '2 hours', { currency: 'TRC20' });
    expect(await signal(id, 'address_changed')).toEqual({
      flagged: false,
      sentence: 'Payout address changed 10 days ago.',
    });
  });
});

describe('drains_after_deposit', () => {
  it('flags a request taking 90% or more of its wallet within 48 hours after a deposit', async () => {
    const m = await member(ownIp());
    await fundDeposit(t.deps, m.id, '10');
    const id = await withdraw(m, '90', '100');
    const expected = {
      flagged: true,
      sentence:
        'This request takes 90% of the working wallet; a deposit was credited less than a minute before it.',
    };
    expect(await signal(id, 'drains_after_deposit')).toEqual(expected);
    // What the wallet held is reckoned at the request: income after it changes nothing.
    await fundWallet(t.deps, m.id, 'working', '1000');
    expect(await signal(id, 'drains_after_deposit')).toEqual(expected);
  });

  it('flags a principal withdrawal (the whole plan) right after a deposit', async () => {
    const m = await member(ownIp());
    const plan = await api('POST', '/plans/add', adminToken, {
      name: 'Risk Bronze',
      monthly_price: 100,
      ROI_day: '0.5',
      Sponser_bonus: 5,
      plan_period: 365,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    await fundDeposit(t.deps, m.id, '100');
    const topup = await api('POST', '/topup/add', m.token, {
      id: plan.json().plan.id,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(topup.statusCode, topup.body).toBe(201);
    const res = await api('POST', '/withdrawalrequest/add/principle', m.token, { user_id: Number(m.id) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await signal(res.json().withdrawal.id, 'drains_after_deposit')).toEqual({
      flagged: true,
      sentence: 'This request takes the whole plan; a deposit was credited less than a minute before it.',
    });
  });

  it('does not flag a smaller share after a deposit, or a full drain with no deposit in 48 hours', async () => {
    const part = await member(ownIp());
    await fundDeposit(t.deps, part.id, '10');
    const partId = await withdraw(part, '89.99', '100');
    expect(await signal(partId, 'drains_after_deposit')).toEqual({
      flagged: false,
      sentence:
        'This request takes 89% of the working wallet; a deposit was credited less than a minute before it.',
    });

    const none = await member(ownIp());
    const noneId = await withdraw(none, '100', '100');
    expect(await signal(noneId, 'drains_after_deposit')).toEqual({
      flagged: false,
      sentence:
        'This request takes 100% of the working wallet; no deposit was credited in the 48 hours before it.',
    });

    const old = await member(ownIp());
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000);
    await writePastLedger(t.url, [
      { at: threeDaysAgo, owner: old.id, wallet: 'deposit', amount: parseUnits('50'), kind: 'deposit' },
    ]);
    await fundWallet(t.deps, old.id, 'non_working', '40');
    const roi = await api('POST', '/withdrawalrequest/add/roiwithdrawal', old.token, {
      user_id: Number(old.id),
      amount: '40',
    });
    expect(roi.statusCode, roi.body).toBe(201);
    expect(await signal(roi.json().withdrawal.id, 'drains_after_deposit')).toEqual({
      flagged: false,
      sentence:
        'This request takes 100% of the ROI wallet; no deposit was credited in the 48 hours before it.',
    });
  });
});

describe('recorded IPs', () => {
  const rowsOf = async (id: bigint) =>
    (
      await q(
        'SELECT user_id, ip_hash, kind, day::text AS day FROM access_ips WHERE user_id = $1 ORDER BY kind',
        [id],
      )
    ).rows as { user_id: string; ip_hash: Buffer; kind: string; day: string }[];

  it('keeps registrations and sign-ins hashed with a secret, one row per member, IP, kind and day', async () => {
    const ip = '203.0.113.77';
    const reg = await f.register(ip);
    const regRows = await rowsOf(reg.id);
    expect(regRows.map((r) => r.kind)).toEqual(['registration']);

    const who = { id: reg.id, email: '', password: 'Saffron-Kettle-58', code: '' };
    who.email = (await q('SELECT email FROM users WHERE id = $1', [reg.id])).rows[0].email;
    await f.signIn(who, ip);
    await f.signIn(who, ip);
    await f.signIn(who, `::ffff:${ip}`);
    const rows = await rowsOf(reg.id);
    expect(rows.map((r) => r.kind)).toEqual(['registration', 'sign_in']);
    // The same address however written, and not a bare SHA-256 of it.
    expect(rows[1]?.ip_hash.equals(rows[0]?.ip_hash ?? Buffer.alloc(0))).toBe(true);
    expect(rows[0]?.ip_hash.equals(createHash('sha256').update(ip).digest())).toBe(false);
    await f.signIn(who, '203.0.113.78');
    expect(await rowsOf(reg.id)).toHaveLength(3);

    // The raw IP is nowhere in the table, in any column.
    const raw = await q(
      `SELECT count(*)::int AS n FROM access_ips a
       WHERE a::text LIKE '%203.0.113.7%' OR position(convert_to('203.0.113.7', 'UTF8') IN a.ip_hash) > 0`,
    );
    expect(raw.rows[0].n).toBe(0);
  });

  it('lets the app read the hashes but not the secret, nor write the table', async () => {
    const m = await buildMember(t.deps);
    await f.signIn(m, ownIp());
    const seen = await t.deps.db
      .selectFrom('access_ips')
      .select('kind')
      .where('user_id', '=', m.id)
      .execute();
    expect(seen).toEqual([{ kind: 'sign_in' }]);
    await expect(
      t.deps.db.selectNoFrom((eb) => eb.fn('access_ip_hash', [eb.val('1.2.3.4')]).as('h')).execute(),
    ).rejects.toThrow(/permission denied/);
    await expect(sql`SELECT secret FROM app_secrets`.execute(t.deps.db)).rejects.toThrow(/permission denied/);
    await expect(
      sql`INSERT INTO access_ips (user_id, ip_hash, kind) VALUES (${m.id}, sha256('x'), 'sign_in')`.execute(
        t.deps.db,
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
