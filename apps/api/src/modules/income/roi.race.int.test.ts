import { defaultSettings } from '@sgx/contracts';
import { mulDiv, parseUnits, UNIT } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';
import { creditIncome } from './income.service';

// Decision 0045: a rush of claims under one leader (roi_claim, db/functions/roi_claim.sql), through HTTP on the real PostgreSQL.
let t: TestApp;
let planId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const admin: Built = await buildAdmin(t.deps);
  const adminToken = await tokenFor(t.app, admin, 'admin');
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Bronze', monthly_price: 100, ROI_day: '0.5', Sponser_bonus: 5, plan_period: 365 },
  });
  planId = plan.json().plan.id;
});
afterAll(() => t.close());

type Member = Built & { token: string; depth: number };
const api = (method: 'POST' | 'PUT', url: string, token: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token) });

async function investor(amount: string, sponsor: Member | null): Promise<Member> {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  const token = await tokenFor(t.app, m);
  await fundDeposit(t.deps, m.id, amount);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/topup/add',
    headers: bearer(token),
    payload: { id: planId, userby_id: Number(m.id), userto_id: Number(m.id), amount },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return { ...m, token, depth: sponsor ? sponsor.depth + 1 : 0 };
}

/** A leader with 12 directs (every level unlocked) and `size` members under them, up to 12 levels deep. */
async function team(size: number): Promise<{ leader: Member; members: Member[] }> {
  const leader = await investor('100', null);
  const members: Member[] = [];
  for (let i = 0; i < size; i++) {
    // the first 12 directly, then a chain and branches: some deeper than ten levels (they pay the leader nothing)
    const sponsor = i < 12 ? leader : (members[i < 24 ? i - 1 : (i * 7) % 24] ?? leader);
    members.push(await investor('100', sponsor));
  }
  for (const m of members) {
    expect((await api('POST', '/watch/start', m.token)).statusCode).toBe(201);
  }
  await sqlOn(t.url, "UPDATE watch_sessions SET started_at = started_at - interval '11 seconds'");
  return { leader, members };
}

/** The leader's level income from these claims: level L's percent of each 0.5 ROI, levels 1 to 10. */
function levelIncomeOf(members: Member[]): bigint {
  const roi = parseUnits('0.5');
  let total = 0n;
  for (const m of members) {
    const percent = defaultSettings.levelPercents[m.depth - 1];
    if (percent !== undefined) total += mulDiv(roi, parseUnits(percent), 100n * UNIT);
  }
  return total;
}

const levelPaid = async (id: bigint) =>
  BigInt(
    (
      await sqlOn(
        t.url,
        `SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions x ON x.id = e.transaction_id
         WHERE a.owner_id = $1 AND x.income_type = 'level_month'`,
        [id],
      )
    ).rows[0]?.s ?? '0',
  );

const clean = async () =>
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [], earned_mismatches: [] });

describe('the morning rush: many members under one leader claiming at once', () => {
  it('pays each member once and the leader the sum of its level shares, with no deadlock', async () => {
    const { leader, members } = await team(40);
    // Every member twice at once: one claim each pays, the other is told it was already claimed.
    const results = await Promise.all(
      [...members, ...members].map((m) => api('PUT', `/referral/self-trade/${m.id}`, m.token)),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(members.length);
    expect(codes.filter((c) => c === 409)).toHaveLength(members.length);
    const claims = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS d, sum(paid)::text AS paid FROM roi_claims WHERE user_id = ANY($1)',
      [members.map((m) => m.id)],
    );
    expect(claims.rows[0]).toEqual({ n: 40, d: 40, paid: String(40n * parseUnits('0.5')) });
    expect(members.some((m) => m.depth > 10)).toBe(true);
    expect(await levelPaid(leader.id)).toBe(levelIncomeOf(members));
    await clean();
  });

  it('stops exactly at the leader earning cap, records the cut once, and closes the leader income', async () => {
    const { leader, members } = await team(30);
    // The leader's cap is 300 (plan 100 x 3): earned brought to 0.2 under it, less than the claims owe.
    const earned = BigInt(
      (await sqlOn(t.url, 'SELECT total_earned::text AS e FROM users WHERE id = $1', [leader.id])).rows[0]?.e,
    );
    const room = parseUnits('0.2');
    await t.deps.db.transaction().execute((tx) =>
      creditIncome(tx, t.deps.settings, {
        userId: leader.id,
        type: 'direct_income',
        amount: parseUnits('300') - earned - room,
        causeKey: `seed:${leader.id}`,
        wallet: 'working',
        feature: 'direct',
        why: { rule: 'test' },
      }),
    );
    expect(levelIncomeOf(members)).toBeGreaterThan(room);
    const results = await Promise.all(
      members.map((m) => api('PUT', `/referral/self-trade/${m.id}`, m.token)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    expect(await levelPaid(leader.id)).toBe(room);
    const after = await sqlOn(
      t.url,
      'SELECT total_earned::text AS e, roi_status, level_status FROM users WHERE id = $1',
      [leader.id],
    );
    expect(after.rows[0]).toEqual({
      e: String(parseUnits('300')),
      roi_status: 'close',
      level_status: 'close',
    });
    const skips = await sqlOn(
      t.url,
      "SELECT reason, count(*)::int AS n FROM income_skips WHERE user_id = $1 AND income_type = 'level_month' GROUP BY reason",
      [leader.id],
    );
    const reasons = Object.fromEntries(skips.rows.map((r) => [r.reason, r.n]));
    // at most one credit was cut (the one that reached the cap); every later one found ROI and level closed
    expect(reasons['cut at the earning cap'] ?? 0).toBeLessThanOrEqual(1);
    expect(reasons['level income is closed for this member']).toBeGreaterThan(0);
    const notices = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM member_events WHERE user_id = $1 AND kind = 'income_missed'",
      [leader.id],
    );
    expect(notices.rows[0]?.n).toBe(skips.rows.reduce((s, r) => s + r.n, 0));
    await clean();
  });
});
