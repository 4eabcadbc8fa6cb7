import { mulDiv, parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, walletsOf } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';
import { creditIncome } from './income.service';

let t: TestApp;
let adminToken: string;
let planId: number;
beforeAll(async () => {
  t = await buildTestApp();
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
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

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
  return { ...m, token };
}

/** Starts a watch session and moves it 11 seconds into the past (the server's clock decides). */
async function watched(m: { id: bigint; token: string }) {
  expect((await api('POST', '/watch/start', m.token)).statusCode).toBe(201);
  await sqlOn(
    t.url,
    "UPDATE watch_sessions SET started_at = started_at - interval '11 seconds' WHERE user_id = $1",
    [m.id],
  );
}

describe('watch and earn', () => {
  it('pays active_plan x ROI % to the non-working wallet once a day, after a 10-second watch', async () => {
    const m = await investor('1000');
    expect((await api('GET', `/tr/roi-check/${m.id}`, m.token)).json()).toEqual({ found: false });
    expect((await api('PUT', `/referral/self-trade/${m.id}`, m.token)).statusCode).toBe(422);
    const start = await api('POST', '/watch/start', m.token);
    expect(start.json()).toMatchObject({ min_seconds: 10 });
    const early = await api('PUT', `/referral/self-trade/${m.id}`, m.token);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe("Watch today's video for 10 seconds first.");
    await sqlOn(
      t.url,
      "UPDATE watch_sessions SET started_at = started_at - interval '10 seconds' WHERE user_id = $1",
      [m.id],
    );
    const ok = await api('PUT', `/referral/self-trade/${m.id}`, m.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ paid: '5.00000000', due: '5.00000000', skipped_reason: null });
    expect((await walletsOf(t.app, m.token, m.id)).non_working).toBe('5.00000000');
    expect((await api('GET', `/tr/roi-check/${m.id}`, m.token)).json()).toEqual({ found: true });
    const again = await api('PUT', `/referral/self-trade/${m.id}`, m.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already claimed today's reward");
    expect((await api('GET', `/users/${m.id}`, m.token)).json().singleuser.roi_income).toBe('5.00000000');
  });

  it('pays one of 20 simultaneous claims', async () => {
    const m = await investor('100');
    await watched(m);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api('PUT', `/referral/self-trade/${m.id}`, m.token)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await walletsOf(t.app, m.token, m.id)).non_working).toBe('0.50000000');
  });

  it('refuses a blocked member, a member without a plan, and claiming for someone else', async () => {
    const blocked = await investor('100');
    await sqlOn(t.url, "UPDATE users SET status = 'block' WHERE id = $1", [blocked.id]);
    expect((await api('POST', '/watch/start', blocked.token)).json().message).toBe('Access Denied');
    const planless = await buildMember(t.deps);
    const pt = await tokenFor(t.app, planless);
    const res = await api('POST', '/watch/start', pt);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Please buy a plan first');
    const m = await investor('100');
    expect((await api('PUT', `/referral/self-trade/${blocked.id}`, m.token)).statusCode).toBe(403);
    expect((await api('GET', `/tr/roi-check/${blocked.id}`, m.token)).statusCode).toBe(403);
  });
});

describe('the one earning-cap decision (decision 0063)', () => {
  it('a claim cut at the cap pays the remainder and records and tells the cut, as every other income does', async () => {
    const m = await investor('100'); // 0.5 % a day: 0.50 due; cap 300
    await t.deps.db.transaction().execute((tx) =>
      creditIncome(tx, t.deps.settings, {
        userId: m.id,
        type: 'direct_income',
        amount: parseUnits('299.8'),
        causeKey: `seed-cap:${m.id}`,
        wallet: 'working',
        feature: 'direct',
        why: { rule: 'test' },
      }),
    );
    await watched(m);
    const res = await api('PUT', `/referral/self-trade/${m.id}`, m.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      due: '0.50000000',
      paid: '0.20000000',
      skipped_reason: 'cut at the earning cap',
    });
    const skips = await sqlOn(
      t.url,
      "SELECT amount::text, reason, cause_key LIKE '%:over-cap' AS cut FROM income_skips WHERE user_id = $1",
      [m.id],
    );
    expect(skips.rows).toEqual([
      { amount: String(parseUnits('0.3')), reason: 'cut at the earning cap', cut: true },
    ]);
    const told = await sqlOn(
      t.url,
      "SELECT message FROM member_events WHERE user_id = $1 AND kind = 'income_missed'",
      [m.id],
    );
    expect(told.rows).toEqual([{ message: 'Daily income of $0.30 was not paid: cut at the earning cap.' }]);
    const after = await sqlOn(t.url, 'SELECT roi_status, level_status FROM users WHERE id = $1', [m.id]);
    expect(after.rows[0]).toEqual({ roi_status: 'close', level_status: 'close' });
  });
});

describe('level income', () => {
  it('pays each upline its level share of the ROI when the level is unlocked, and records why when not', async () => {
    // chain: top <- mid <- claimer ; mid has 1 active direct (claimer), top has 1 (mid)
    const top = await investor('5000');
    const mid = await investor('5000', top.id);
    const claimer = await investor('1000', mid.id);
    await watched(claimer);
    expect((await api('PUT', `/referral/self-trade/${claimer.id}`, claimer.token)).json().paid).toBe(
      '5.00000000',
    );
    // level 1 (mid): 10% of 5 = 0.5, needs 1 active direct: unlocked
    // level 2 (top): 5% of 5 = 0.25, needs 2 active directs: top has 1 -> locked
    const midWallets = await walletsOf(t.app, mid.token, mid.id);
    expect(BigInt(midWallets.working.replace('.', ''))).toBeGreaterThanOrEqual(50_000_000n);
    const levelPaid = await sqlOn(
      t.url,
      "SELECT t.details FROM ledger_transactions t WHERE t.income_type = 'level_month' AND t.member_id = $1",
      [mid.id],
    );
    expect(levelPaid.rows).toHaveLength(1);
    expect(levelPaid.rows[0]?.details).toMatchObject({
      rule: 'level income',
      level: 1,
      rate_percent: '10',
      source_member: String(claimer.id),
      paid: '50000000',
    });
    const skip = await sqlOn(
      t.url,
      "SELECT reason, amount FROM income_skips WHERE user_id = $1 AND income_type = 'level_month'",
      [top.id],
    );
    expect(skip.rows).toEqual([
      {
        // Said from the upline's side (decision 0019): they lacked the directs, not the member who claimed.
        reason: 'At level 2 you need 2 active directs and you had 1, so this level income was not paid.',
        amount: 25_000_000n,
      },
    ]);
    expect((await api('GET', `/users/${mid.id}`, mid.token)).json().singleuser.level_month).toBe(
      '0.50000000',
    );
  });

  it("decides every upline of one claim by the earning-cap rules, each refusal said from that upline's side", async () => {
    // claimer -> ups[0] (level 1) -> ... -> ups[7] (level 8), each in another state; the claim reads the rows as
    // they are (roi_claim.sql decides every level in one statement: each level must keep its own answer).
    const ups = [await investor('5000')];
    for (let i = 0; i < 7; i++) ups.unshift(await investor('5000', (ups[0] as { id: bigint }).id));
    const claimer = await investor('1000', (ups[0] as { id: bigint }).id);
    const ids = ups.map((u) => u.id);
    const [blocked, inactive, closed, nearCap, locked, gone, paid, last] = ids as [
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    const s = await t.deps.settings.all();
    const rate = (level: number) => parseUnits(s.levelPercents[level - 1] as string);
    const roi = parseUnits('5');
    const share = (level: number) => mulDiv(roi, rate(level), 100n * 10n ** 8n);
    await sqlOn(t.url, 'UPDATE users SET active_directs = 10 WHERE id = ANY($1::bigint[])', [ids]);
    await sqlOn(t.url, "UPDATE users SET status = 'block' WHERE id = $1", [blocked]);
    await sqlOn(t.url, "UPDATE users SET is_active = 'inactive' WHERE id = $1", [inactive]);
    await sqlOn(t.url, "UPDATE users SET level_status = 'close' WHERE id = $1", [closed]);
    // one unit of room under the cap, earned as income is (the ledger and total_earned agree)
    const cap = mulDiv(parseUnits('5000'), parseUnits(s.earningCapMultiplier), 10n ** 8n);
    const earned = BigInt(
      (await sqlOn(t.url, 'SELECT total_earned::text AS e FROM users WHERE id = $1', [nearCap])).rows[0]?.e,
    );
    await t.deps.db.transaction().execute((tx) =>
      creditIncome(tx, t.deps.settings, {
        userId: nearCap,
        type: 'direct_income',
        amount: cap - earned - 1n,
        causeKey: `seed:${nearCap}`,
        wallet: 'working',
        feature: 'direct',
        why: { rule: 'test' },
      }),
    );
    await sqlOn(t.url, 'UPDATE users SET active_directs = 4 WHERE id = $1', [locked]);
    await sqlOn(t.url, 'UPDATE users SET deleted_at = now() WHERE id = $1', [gone]);
    await watched(claimer);
    const res = await api('PUT', `/referral/self-trade/${claimer.id}`, claimer.token);
    expect(res.json()).toMatchObject({ paid: '5.00000000', skipped_reason: null });

    const skips = await sqlOn(
      t.url,
      `SELECT user_id, amount::text, reason, cause_key FROM income_skips
       WHERE user_id = ANY($1::bigint[]) ORDER BY cause_key`,
      [ids],
    );
    const { rows: claimRows } = await sqlOn(t.url, 'SELECT id FROM roi_claims WHERE user_id = $1', [
      claimer.id,
    ]);
    const key = (level: number) => `level:${claimRows[0]?.id}:${level}`;
    const name = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [claimer.id])).rows[0]
      ?.username;
    expect(skips.rows).toEqual([
      {
        user_id: blocked,
        amount: String(share(1)),
        reason: `Your account was blocked when ${name} claimed their daily income, so this level income was not paid.`,
        cause_key: key(1),
      },
      {
        user_id: inactive,
        amount: String(share(2)),
        reason: `You had no active plan when ${name} claimed their daily income, so this level income was not paid.`,
        cause_key: key(2),
      },
      {
        user_id: closed,
        amount: String(share(3)),
        reason: 'level income is closed for this member',
        cause_key: key(3),
      },
      {
        user_id: nearCap,
        amount: String(share(4) - 1n),
        reason: 'cut at the earning cap',
        cause_key: `${key(4)}:over-cap`,
      },
      {
        user_id: locked,
        amount: String(share(5)),
        reason: 'At level 5 you need 5 active directs and you had 4, so this level income was not paid.',
        cause_key: key(5),
      },
      { user_id: gone, amount: String(share(6)), reason: 'member not found', cause_key: key(6) },
    ]);
    // Paid: one unit to the member at the cap (whose income then closes), the full share to the last two.
    const credits = await sqlOn(
      t.url,
      `SELECT t.member_id, e.amount::text, t.details->>'level' AS level, t.details->>'earned_before' AS before
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id = t.member_id
       WHERE t.income_type = 'level_month' AND t.member_id = ANY($1::bigint[]) ORDER BY t.id`,
      [ids],
    );
    expect(credits.rows).toEqual([
      { member_id: nearCap, amount: '1', level: '4', before: String(cap - 1n) },
      { member_id: paid, amount: String(share(7)), level: '7', before: expect.any(String) },
      { member_id: last, amount: String(share(8)), level: '8', before: expect.any(String) },
    ]);
    const closedNow = await sqlOn(
      t.url,
      'SELECT roi_status, level_status, total_earned::text FROM users WHERE id = $1',
      [nearCap],
    );
    expect(closedNow.rows[0]).toEqual({
      roi_status: 'close',
      level_status: 'close',
      total_earned: String(cap),
    });
    // Each told once, in their own words; a member not found is not told.
    const told = await sqlOn(
      t.url,
      "SELECT user_id FROM member_events WHERE kind = 'income_missed' AND user_id = ANY($1::bigint[]) ORDER BY user_id",
      [ids],
    );
    expect(told.rows.map((r) => r.user_id)).toEqual(
      [blocked, inactive, closed, nearCap, locked].sort((a, b) => (a < b ? -1 : 1)),
    );
  });

  it('pays every upline exactly the sum of its shares when 50 members of one team claim at once', async () => {
    const leader = await investor('5000');
    const members = [];
    for (let i = 0; i < 50; i++) members.push(await investor('100', leader.id));
    for (const m of members) await watched(m);
    const before = await walletsOf(t.app, leader.token, leader.id);
    const results = await Promise.all(
      members.map((m) => api('PUT', `/referral/self-trade/${m.id}`, m.token)),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const after = await walletsOf(t.app, leader.token, leader.id);
    // each ROI is 0.5; level 1 share is 10% = 0.05; 50 of them = 2.5
    const units = (s: string) => BigInt(s.replace('.', ''));
    expect(units(after.working) - units(before.working)).toBe(250_000_000n);
    // Written together (group commit, decision 0047): fewer commits than claims (a row's created_at is its
    // transaction's start).
    const { rows } = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n, count(DISTINCT created_at)::int AS commits FROM roi_claims WHERE user_id = ANY($1::bigint[])',
      [members.map((m) => m.id)],
    );
    expect(rows[0]?.n).toBe(50);
    expect(rows[0]?.commits).toBeLessThan(50);
  });

  it('answers each claim of a burst alone: one refused never fails the others', async () => {
    const leader = await investor('5000');
    const [a, b, unwatched] = [
      await investor('100', leader.id),
      await investor('100', leader.id),
      await investor('100', leader.id),
    ];
    await watched(a);
    await watched(b);
    const results = await Promise.all([
      api('PUT', `/referral/self-trade/${a.id}`, a.token),
      api('PUT', `/referral/self-trade/${unwatched.id}`, unwatched.token),
      api('PUT', `/referral/self-trade/${b.id}`, b.token),
      api('PUT', `/referral/self-trade/${a.id}`, a.token),
    ]);
    expect(results.map((r) => r.statusCode).slice(1, 3)).toEqual([422, 200]);
    expect(results[1]?.json().message).toBe(`Watch today's video for 10 seconds first.`);
    // a's two claims, in whichever order they arrived: one paid, one told it was made.
    const twice = [results[0], results[3]].sort((x, y) => (x?.statusCode ?? 0) - (y?.statusCode ?? 0));
    expect(twice.map((r) => r?.statusCode)).toEqual([200, 409]);
    expect(twice[1]?.json().message).toBe("You have already claimed today's reward");
  });
});
