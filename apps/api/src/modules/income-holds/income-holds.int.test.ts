import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, walletsOf } from '../../../test/money';
import { postIncomeFrom } from '../income/income.batch';
import { reconcile } from '../ledger/ledger.service';
import { releaseDueHolds } from './income-holds.service';

let t: TestApp;
let adminToken: string;
let planId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'error' });
  const admin: Built = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Bronze', monthly_price: 100, ROI_day: '0.5', Sponser_bonus: 5, plan_period: 365 },
  });
  planId = plan.json().plan.id;
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({
    mismatches: [],
    unbalanced: [],
    earned_mismatches: [],
    derived_mismatches: [],
  });
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

async function holdDays(days: Partial<Record<string, number>>) {
  const value = { roi_income: 0, level_month: 0, direct_income: 0, reward: 0, salary: 0, cto: 0, ...days };
  await sqlOn(
    t.url,
    `INSERT INTO settings (key, value) VALUES ('incomeHoldDays', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(value)],
  );
  t.deps.settings.invalidate();
}

/** A member with a plan of `amount` under `sponsor`. */
async function investor(amount: string, sponsor?: bigint) {
  const m = await buildMember(t.deps, { sponsorId: sponsor ?? null });
  const token = await tokenFor(t.app, m);
  await fundDeposit(t.deps, m.id, amount);
  const res = await api('POST', '/topup/add', token, {
    id: planId,
    userby_id: Number(m.id),
    userto_id: Number(m.id),
    amount,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const username = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [m.id])).rows[0]?.username;
  return { ...m, token, username: username as string };
}

async function claimRoi(m: { id: bigint; token: string }) {
  expect((await api('POST', '/watch/start', m.token)).statusCode).toBe(201);
  await sqlOn(
    t.url,
    "UPDATE watch_sessions SET started_at = started_at - interval '11 seconds' WHERE user_id = $1",
    [m.id],
  );
  const ok = await api('PUT', `/referral/self-trade/${m.id}`, m.token);
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json();
}

const pending = async (m: { token: string }) => (await api('GET', '/income/pending', m.token)).json();
const totalEarned = async (id: bigint) =>
  String((await sqlOn(t.url, 'SELECT total_earned FROM users WHERE id = $1', [id])).rows[0]?.total_earned);
const holdsOf = async (id: bigint) =>
  (await sqlOn(t.url, 'SELECT * FROM income_holds WHERE member_id = $1 ORDER BY id', [id])).rows;

describe('income held before it is paid', () => {
  it('holds ROI income for its days (the one-posting path); the daily job pays it on its date, once when run twice', async () => {
    await holdDays({ roi_income: 7 });
    const m = await investor('1000');
    const claim = await claimRoi(m);
    expect(claim).toMatchObject({ paid: '5.00000000' });
    // Credited, counted towards the cap once, and held: nothing in the wallet, 5 pending.
    expect((await walletsOf(t.app, m.token, m.id)).non_working).toBe('0.00000000');
    expect(await totalEarned(m.id)).toBe('500000000');
    const p = await pending(m);
    expect(p.total).toBe('5.00000000');
    expect(p.holds).toHaveLength(1);
    expect(p.holds[0]).toMatchObject({
      amount: '5.00000000',
      income_type: 'roi_income',
      wallet: 'non_working',
    });
    const earned = Date.parse(p.holds[0].earned_at);
    expect(Date.parse(p.holds[0].release_at) - earned).toBe(7 * DAY);
    // The member's income figures still show it earned.
    expect((await api('GET', `/users/${m.id}`, m.token)).json().singleuser.roi_income).toBe('5.00000000');

    // Not due yet: the job pays nothing.
    expect(await releaseDueHolds(t.deps.db, new Date(earned + 6 * DAY))).toBe(0);
    expect((await pending(m)).total).toBe('5.00000000');
    // Day 7: paid once, whatever the runs.
    const at = new Date(earned + 7 * DAY + 1000);
    expect(await releaseDueHolds(t.deps.db, at)).toBeGreaterThanOrEqual(1);
    expect(await releaseDueHolds(t.deps.db, at)).toBe(0);
    expect((await walletsOf(t.app, m.token, m.id)).non_working).toBe('5.00000000');
    expect(await pending(m)).toEqual({ total: '0.00000000', holds: [] });
    const [hold] = await holdsOf(m.id);
    expect(hold).toMatchObject({ state: 'released', decided_by: null, held_for: 'period' });
    const releases = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = 'release:' || $1",
      [hold?.id],
    );
    expect(releases.rows[0]?.n).toBe(1);
    expect(await totalEarned(m.id)).toBe('500000000');
  });

  it('holds direct income: the member cannot withdraw it before its date', async () => {
    await holdDays({ direct_income: 3 });
    const sponsor = await investor('100');
    await investor('1000', sponsor.id);
    const w = await walletsOf(t.app, sponsor.token, sponsor.id);
    expect(w.working).toBe('0.00000000');
    const [held] = (await pending(sponsor)).holds;
    expect(held).toMatchObject({ amount: '50.00000000', income_type: 'direct_income' });
    // Held for its period only: compliance does not pay it early; the daily job does on its date.
    const early = await api('POST', `/admin/income-holds/${held.id}/release`, adminToken, {
      reason: 'pay it now',
    });
    expect(early.statusCode).toBe(409);
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
      sponsor.id,
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]);
    const refused = await api('POST', '/withdrawalrequest/add', sponsor.token, {
      user_id: Number(sponsor.id),
      amount: '30',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/balance/i);
    expect((await walletsOf(t.app, sponsor.token, sponsor.id)).working).toBe('0.00000000');
    expect((await pending(sponsor)).total).toBe('50.00000000');
    // Paid on its date: now it can be withdrawn.
    const at = new Date(Date.parse(held.release_at) + 1000);
    expect(await releaseDueHolds(t.deps.db, at)).toBeGreaterThanOrEqual(1);
    expect((await walletsOf(t.app, sponsor.token, sponsor.id)).working).toBe('50.00000000');
    const paid = await api('POST', '/withdrawalrequest/add', sponsor.token, {
      user_id: Number(sponsor.id),
      amount: '30',
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('holds every credit of a many-postings call (the CTO through postIncomeFrom)', async () => {
    await holdDays({ cto: 2 });
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    const posted = await t.deps.db.transaction().execute((tx) =>
      postIncomeFrom(
        tx,
        'cto',
        'working',
        sql`SELECT * FROM (VALUES (${a.id}::bigint, 1200000000::bigint, ${`test-cto:${a.id}`}::text, '{}'::jsonb),
                                  (${b.id}::bigint, 800000000::bigint, ${`test-cto:${b.id}`}::text, '{}'::jsonb))
            AS c (user_id, amount, key, details)`,
      ),
    );
    expect(posted).toBe(2);
    const [ha] = await holdsOf(a.id);
    const [hb] = await holdsOf(b.id);
    expect(ha).toMatchObject({ amount: 1200000000n, wallet: 'working', income_type: 'cto', state: 'held' });
    expect(hb).toMatchObject({ amount: 800000000n, wallet: 'working', income_type: 'cto', state: 'held' });
    const balances = await sqlOn(
      t.url,
      `SELECT owner_id, kind, balance FROM ledger_accounts WHERE owner_id = ANY($1::bigint[]) AND balance <> 0
       ORDER BY owner_id, kind`,
      [[a.id, b.id]],
    );
    expect(balances.rows.map((r) => [String(r.owner_id), r.kind, String(r.balance)])).toEqual([
      [String(a.id), 'pending', '1200000000'],
      [String(b.id), 'pending', '800000000'],
    ]);
    // Posting the same credits again posts nothing and holds nothing more.
    await t.deps.db
      .transaction()
      .execute((tx) =>
        postIncomeFrom(
          tx,
          'cto',
          'working',
          sql`SELECT ${a.id}::bigint AS user_id, 1200000000::bigint AS amount, ${`test-cto:${a.id}`}::text AS key, '{}'::jsonb AS details`,
        ),
      );
    expect(await holdsOf(a.id)).toHaveLength(1);
    const at = new Date(Date.parse(String(ha?.earned_at)) + 2 * DAY + 1000);
    expect(await releaseDueHolds(t.deps.db, at)).toBeGreaterThanOrEqual(2);
    expect(await releaseDueHolds(t.deps.db, at)).toBe(0);
    expect((await holdsOf(b.id))[0]).toMatchObject({ state: 'released' });
  });

  it('an admin’s reversal of held income is refused (the hold decides it); once released it may be reversed', async () => {
    await holdDays({ roi_income: 7 });
    const m = await investor('1000');
    await claimRoi(m);
    const [hold] = await holdsOf(m.id);
    const reverse = () =>
      api('PATCH', `/transactions/${hold?.income_transaction_id}`, adminToken, {
        status: 'reversed',
        reason: 'e2e: wrong income',
      });
    const refused = await reverse();
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      'This income is held: compliance releases or reverses it on the held income page.',
    );
    // Nothing moved: the income is still pending, the wallet untouched, the cap counts it once.
    expect((await pending(m)).total).toBe('5.00000000');
    expect((await walletsOf(t.app, m.token, m.id)).non_working).toBe('0.00000000');
    expect(await totalEarned(m.id)).toBe('500000000');

    // Paid by the job, it is in the wallet: a reversal mirrors it and gives the cap room back.
    const earned = Date.parse((await pending(m)).holds[0].earned_at);
    await releaseDueHolds(t.deps.db, new Date(earned + 7 * DAY + 1000));
    const done = await reverse();
    expect(done.statusCode, done.body).toBe(200);
    expect((await walletsOf(t.app, m.token, m.id)).non_working).toBe('0.00000000');
    expect(await totalEarned(m.id)).toBe('0');
    await holdDays({});
  });

  it('with 0 days and no flag, income is paid at once, as before', async () => {
    await holdDays({});
    const sponsor = await investor('100');
    await investor('1000', sponsor.id);
    expect((await walletsOf(t.app, sponsor.token, sponsor.id)).working).toBe('50.00000000');
    expect(await holdsOf(sponsor.id)).toHaveLength(0);
  });
});

describe('a flagged member’s income', () => {
  it('is held with no date; compliance reverses it with a reason the member sees; the books still reconcile', async () => {
    await holdDays({});
    const sponsor = await investor('100');
    const raised = await api('POST', '/admin/compliance/flags', adminToken, {
      member: sponsor.username,
      reason: 'Source of funds under review',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().flag).toMatchObject({
      member_id: Number(sponsor.id),
      source: 'compliance',
      cleared_at: null,
    });
    await investor('1000', sponsor.id);
    const p = await pending(sponsor);
    expect(p.holds).toMatchObject([
      { amount: '50.00000000', income_type: 'direct_income', release_at: null },
    ]);
    expect((await walletsOf(t.app, sponsor.token, sponsor.id)).working).toBe('0.00000000');
    // The job never pays it while flagged.
    expect(await releaseDueHolds(t.deps.db, new Date(Date.now() + 400 * DAY))).toBeGreaterThanOrEqual(0);
    expect((await pending(sponsor)).total).toBe('50.00000000');
    // Still owed to the member: the proof's and the solvency report's liabilities count pending income.
    const owed = async () =>
      String(
        (
          await sqlOn(
            t.url,
            "SELECT usd FROM member_liabilities(now() + interval '1 second') WHERE member_id = $1",
            [sponsor.id],
          )
        ).rows[0]?.usd,
      );
    expect(await owed()).toBe('5000000000');

    const list = (await api('GET', '/admin/income-holds?status=flagged', adminToken)).json();
    const hold = list.holds.find((h: { member_id: number }) => h.member_id === Number(sponsor.id));
    expect(hold).toMatchObject({ state: 'held', flagged: true, held_for: 'flag', release_at: null });
    expect(list.flagged_count).toBeGreaterThanOrEqual(1);

    // A hold held for its period only is not released by hand; this one (flagged) could be. Reverse it.
    const short = await api('POST', `/admin/income-holds/${hold.id}/reverse`, adminToken, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    const reversed = await api('POST', `/admin/income-holds/${hold.id}/reverse`, adminToken, {
      reason: 'Income from a sanctioned source',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().hold).toMatchObject({
      state: 'reversed',
      decision_reason: 'Income from a sanctioned source',
    });
    const again = await api('POST', `/admin/income-holds/${hold.id}/reverse`, adminToken, {
      reason: 'twice over',
    });
    expect(again.statusCode).toBe(409);
    // Nor can the generic reversal of the income's credit take it back a second time.
    const [held] = await holdsOf(sponsor.id);
    const generic = await api('PATCH', `/transactions/${held?.income_transaction_id}`, adminToken, {
      status: 'reversed',
      reason: 'take it back again',
    });
    expect(generic.statusCode, generic.body).toBe(422);
    expect(generic.json().message).toBe(
      'This income was held and reversed by compliance; it was never paid.',
    );

    // The member sees the reversal with its reason, and is told.
    expect((await pending(sponsor)).total).toBe('0.00000000');
    const txs = (await api('GET', `/tr/user/${sponsor.id}?source=income_reversal`, sponsor.token)).json();
    expect(txs.transactions).toMatchObject([
      { source: 'income_reversal', transaction_type: 'debit', amount: '50.00000000', wallet: 'pending' },
    ]);
    expect(txs.transactions[0].memo).toContain('Income from a sanctioned source');
    const events = await sqlOn(
      t.url,
      "SELECT message FROM member_events WHERE user_id = $1 AND kind = 'income_reversed'",
      [sponsor.id],
    );
    expect(events.rows[0]?.message).toContain('Income from a sanctioned source');
    const audit = await sqlOn(
      t.url,
      "SELECT reason FROM audit_log WHERE action = 'income_hold.reverse' AND entity_id = $1",
      [String(hold.id)],
    );
    expect(audit.rows).toEqual([{ reason: 'Income from a sanctioned source' }]);
    expect(await owed()).toBe('0');
    // Counted once towards the cap, held or not, reversed or not (decision 0076).
    expect(await totalEarned(sponsor.id)).toBe('5000000000');
    expect(await reconcile(t.deps.db)).toMatchObject({
      mismatches: [],
      unbalanced: [],
      earned_mismatches: [],
    });
  });

  it('compliance releases a flagged member’s held income by hand, audited and told', async () => {
    await holdDays({});
    const sponsor = await investor('100');
    await api('POST', '/admin/compliance/flags', adminToken, {
      member: String(sponsor.id),
      reason: 'Checking ID',
    });
    await investor('1000', sponsor.id);
    const [hold] = await holdsOf(sponsor.id);
    const res = await api('POST', `/admin/income-holds/${hold?.id}/release`, adminToken, {
      reason: 'Checked, fine',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hold).toMatchObject({ state: 'released', decision_reason: 'Checked, fine' });
    expect((await walletsOf(t.app, sponsor.token, sponsor.id)).working).toBe('50.00000000');
    const events = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM member_events WHERE user_id = $1 AND kind = 'income_released'",
      [sponsor.id],
    );
    expect(events.rows[0]?.n).toBe(1);
  });

  it('clearing the last open flag dates the held income from when it was earned; the job then pays it', async () => {
    await holdDays({ direct_income: 5 });
    const sponsor = await investor('100');
    const f1 = (
      await api('POST', '/admin/compliance/flags', adminToken, { member: sponsor.username, reason: 'First' })
    ).json().flag;
    const f2 = (
      await api('POST', '/admin/compliance/flags', adminToken, { member: sponsor.username, reason: 'Second' })
    ).json().flag;
    await investor('1000', sponsor.id);
    expect((await holdsOf(sponsor.id))[0]).toMatchObject({ release_at: null, held_for: 'flag' });
    const open = (await api('GET', '/admin/compliance/flags?status=open', adminToken)).json();
    expect(open.flags.map((f: { id: number }) => f.id)).toEqual(expect.arrayContaining([f1.id, f2.id]));

    const c1 = await api('POST', `/admin/compliance/flags/${f1.id}/clear`, adminToken, {
      reason: 'Resolved one',
    });
    expect(c1.statusCode, c1.body).toBe(200);
    expect(c1.json().flag).toMatchObject({ clear_reason: 'Resolved one' });
    // One flag still open: still no date.
    expect((await holdsOf(sponsor.id))[0]).toMatchObject({ release_at: null });
    expect(
      (await api('POST', `/admin/compliance/flags/${f1.id}/clear`, adminToken, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);
    await api('POST', `/admin/compliance/flags/${f2.id}/clear`, adminToken, { reason: 'Resolved two' });
    const [hold] = await holdsOf(sponsor.id);
    expect(Date.parse(String(hold?.release_at)) - Date.parse(String(hold?.earned_at))).toBe(5 * DAY);
    expect(
      await releaseDueHolds(t.deps.db, new Date(Date.parse(String(hold?.release_at)) + 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await walletsOf(t.app, sponsor.token, sponsor.id)).working).toBe('50.00000000');
  });

  it('a member cannot reach the compliance routes', async () => {
    const m = await investor('100');
    expect((await api('GET', '/admin/income-holds', m.token)).statusCode).toBe(403);
    expect((await api('GET', '/admin/compliance/flags', m.token)).statusCode).toBe(403);
  });
});
