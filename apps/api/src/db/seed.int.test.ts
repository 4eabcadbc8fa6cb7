import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { reconcile } from '../modules/ledger/ledger.service';
import { DEMO_HISTORY_DAYS, demoCredentials, demoStaff, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // As `npm start` seeds: on the owner's login (the history is backdated as the tables' owner).
  expect(await t.asOwner(seedDemo)).toBe(true);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const one = async <T>(text: string, values: unknown[] = []): Promise<T> =>
  (await sqlOn(t.url, text, values)).rows[0] as T;

/** Signs a demo account in through the API (an admin enrols in two-factor sign-in on the way). */
async function signIn(kind: 'member' | 'admin'): Promise<string> {
  const who = demoCredentials[kind];
  const { id } = await one<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    who.email,
  ]);
  const built = { id: BigInt(id), email: who.email, password: who.password, code: '' };
  return tokenFor(t.app, built, kind === 'admin' ? 'admin' : 'user');
}

/** Row counts and newest ids of what the seed writes: a second run must leave them as they are. */
async function footprint() {
  const tables = [
    'users',
    'deposits',
    'topups',
    'roi_claims',
    'token_transactions',
    'withdrawals',
    'tickets',
    'ticket_responses',
    'videos',
    'ledger_transactions',
    'ledger_entries',
  ];
  const out: Record<string, string> = {};
  for (const table of tables) {
    const r = await one<{ n: string; top: string | null }>(
      `SELECT count(*) AS n, max(id) AS top FROM ${table}`,
    );
    out[table] = `${r.n}/${r.top}`;
  }
  return out;
}

describe('the demo seed', () => {
  it('leaves a month of members, deposits, plans and claims behind, all in the past', async () => {
    const members = await one<{ n: number; days: number; oldest: Date }>(
      `SELECT count(*)::int AS n, count(DISTINCT created_at::date)::int AS days, min(created_at) AS oldest
       FROM users WHERE role = 'user'`,
    );
    expect(members.n).toBeGreaterThanOrEqual(12);
    expect(members.days).toBeGreaterThanOrEqual(10);
    expect(Date.now() - members.oldest.getTime()).toBeGreaterThan((DEMO_HISTORY_DAYS - 1) * 86_400_000);
    // Joining under the demo member and under each other.
    const demo = await one<{ directs: number; deeper: number }>(
      `SELECT (SELECT count(*)::int FROM users d WHERE d.sponsor_id = m.id) AS directs,
              (SELECT count(*)::int FROM users g JOIN users d ON g.sponsor_id = d.id WHERE d.sponsor_id = m.id) AS deeper
       FROM users m WHERE m.email = $1`,
      [demoCredentials.member.email],
    );
    expect(demo.directs).toBeGreaterThanOrEqual(3);
    expect(demo.deeper).toBeGreaterThanOrEqual(3);

    const deposits = await one<{ n: number; days: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT decided_at::date)::int AS days
       FROM deposits WHERE status = 'complete' AND verified_by = 'admin'`,
    );
    expect(deposits.n).toBeGreaterThanOrEqual(11);
    expect(deposits.days).toBeGreaterThanOrEqual(8);
    const topups = await one<{ n: number; direct: number }>(
      `SELECT (SELECT count(*)::int FROM topups) AS n,
              (SELECT count(*)::int FROM ledger_transactions WHERE income_type = 'direct_income') AS direct`,
    );
    expect(topups.n).toBeGreaterThanOrEqual(11);
    expect(topups.direct).toBeGreaterThanOrEqual(10);

    const claims = await one<{ n: number; days: number; level: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT business_date)::int AS days,
              (SELECT count(*)::int FROM ledger_transactions WHERE income_type = 'level_month') AS level
       FROM roi_claims`,
    );
    expect(claims.days).toBe(DEMO_HISTORY_DAYS);
    expect(claims.n).toBeGreaterThan(150);
    expect(claims.level).toBeGreaterThan(100);
    // Each claim's ledger posting sits on its own business day (UTC by default), never today.
    const placed = await one<{ posted: number; misplaced: number }>(
      `SELECT count(*)::int AS posted, count(*) FILTER (WHERE l.created_at::date <> c.business_date)::int AS misplaced
       FROM roi_claims c JOIN ledger_transactions l ON l.idempotency_key = 'roi:' || c.user_id || ':' || c.business_date`,
    );
    expect(placed).toEqual({ posted: claims.n, misplaced: 0 });
    const today = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE created_at >= date_trunc('day', now(), 'UTC')`,
    );
    expect(today.n).toBe(0);
  });

  it('trades moved the price; one withdrawal was paid and one declined; a ticket was answered', async () => {
    const token = await one<{ trades: number; sells: number; base: string; price: string; points: number }>(
      `SELECT (SELECT count(*)::int FROM token_transactions) AS trades,
              (SELECT count(*)::int FROM token_transactions WHERE transaction_type = 'SELL') AS sells,
              base_price::text AS base, current_price::text AS price,
              (SELECT count(DISTINCT created_at::date)::int FROM token_price_history) AS points
       FROM token_config WHERE id = 1`,
    );
    expect(token.trades).toBeGreaterThanOrEqual(7);
    expect(token.sells).toBe(1);
    expect(BigInt(token.price)).toBeGreaterThan(BigInt(token.base));
    expect(token.points).toBeGreaterThanOrEqual(7);

    const w = await sqlOn(t.url, 'SELECT status, decided_at FROM withdrawals ORDER BY id');
    expect(w.rows.map((r) => r.status)).toEqual(['complete', 'decline']);

    const ticket = await one<{ status: string; admin_replies: number }>(
      `SELECT t.status, (SELECT count(*)::int FROM ticket_responses r WHERE r.ticket_id = t.id AND r.author_role = 'admin') AS admin_replies
       FROM tickets t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      [demoCredentials.member.email],
    );
    expect(ticket).toEqual({ status: 'resolved', admin_replies: 1 });
  });

  it('gives members addresses of their own: only the deliberately risky withdrawal is flagged (decision 0056)', async () => {
    // Every member registered from an address (none from this machine), and only kofi shares one (asha's).
    const ips = await one<{ members: number; known: number; shared: string[] }>(
      `SELECT (SELECT count(*)::int FROM users WHERE role = 'user') AS members,
              (SELECT count(DISTINCT user_id)::int FROM access_ips a JOIN users u ON u.id = a.user_id
                WHERE u.role = 'user' AND a.kind = 'registration') AS known,
              (SELECT array_agg(DISTINCT u.email) FROM access_ips a JOIN users u ON u.id = a.user_id
                WHERE u.role = 'user' AND EXISTS (SELECT 1 FROM access_ips o JOIN users ou ON ou.id = o.user_id
                  WHERE ou.role = 'user' AND o.ip_hash = a.ip_hash AND o.user_id <> a.user_id)) AS shared`,
    );
    // The company's root account is made, not registered.
    expect(ips.known).toBe(ips.members - 1);
    expect([...ips.shared].sort()).toEqual(['team11@example.com', 'team1@example.com'].sort());
    expect(
      await one('SELECT count(*)::int AS n FROM access_ips WHERE ip_hash = access_ip_hash($1)', [
        '127.0.0.1',
      ]),
    ).toEqual({ n: 0 });

    const risk = await sqlOn(
      t.url,
      `SELECT u.email, w.status, r.code, r.flagged, r.sentence
       FROM withdrawals w JOIN users u ON u.id = w.user_id CROSS JOIN LATERAL withdrawal_risk(w.id) r ORDER BY w.id`,
    );
    const of = (email: string) => risk.rows.filter((r) => r.email === email);
    // The demo member's paid withdrawal: nothing to flag, and its IP is known.
    expect(of(demoCredentials.member.email).filter((r) => r.flagged)).toEqual([]);
    expect(of(demoCredentials.member.email).find((r) => r.code === 'ip_shared')?.sentence).toBe(
      "No other member signed in or registered from this member's IPs.",
    );
    // asha's declined one: a payout address changed days before, and an IP another member registered from.
    expect(
      of('team1@example.com')
        .filter((r) => r.flagged)
        .map((r) => r.code),
    ).toEqual(['address_changed', 'ip_shared']);
    expect(of('team1@example.com').find((r) => r.code === 'ip_shared')?.sentence).toBe(
      'An IP this member signed in or registered from was used by 1 other member.',
    );
  });

  it('reconciles, and the dashboard has a month of figures', async () => {
    expect(await reconcile(t.deps.db)).toMatchObject({
      mismatches: [],
      unbalanced: [],
      earned_mismatches: [],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/stats',
      headers: bearer(await signIn('admin')),
    });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const busy = stats.daily.filter((d: { income: string; registrations: number }) => Number(d.income) > 0);
    expect(busy.length).toBeGreaterThanOrEqual(20);
    expect(stats.daily.some((d: { registrations: number }) => d.registrations > 0)).toBe(true);
    expect(stats.daily.some((d: { withdrawals: string }) => Number(d.withdrawals) > 0)).toBe(true);
    expect(Number(stats.money.deposits_total)).toBeGreaterThan(0);
    expect(stats.money.deposits_today).toBe('0.00000000');
    // The rollups' closed hours hold the month (filled by the seed from the first day on).
    const rolled = await one<{ days: number }>(
      `SELECT count(DISTINCT period)::int AS days FROM ledger_rollups WHERE grain = 'day'`,
    );
    expect(rolled.days).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS - 1);
  });

  it("publishes today's proof of liabilities, and the demo member's proof is there (decision 0056)", async () => {
    const published = await t.app.inject({ url: '/api/v1/proof' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ day: new Date().toISOString().slice(0, 10) });
    expect(published.json().root).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(published.json().totals.USD)).toBeGreaterThan(0);
    const mine = await t.app.inject({ url: '/api/v1/proof/me', headers: bearer(await signIn('member')) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().root).toBe(published.json().root);
    expect(Number(mine.json().balances.USD)).toBeGreaterThan(0);
  });

  it('a member may ask for their proof before any is published: a 404 that says so (decision 0056)', async () => {
    await sqlOn(t.url, 'DELETE FROM proof_leaves; DELETE FROM proof_levels');
    const none = await t.app.inject({ url: '/api/v1/proof/me', headers: bearer(await signIn('member')) });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain('not in a published proof yet');
  });

  it('has the two admins as owners and one staff member per other role (decision 0042)', async () => {
    const staff = await sqlOn(t.url, "SELECT email, staff_roles FROM users WHERE role = 'admin' ORDER BY id");
    expect(staff.rows).toEqual([
      { email: demoCredentials.admin.email, staff_roles: ['owner'] },
      { email: demoCredentials.admin2.email, staff_roles: ['owner'] },
      ...demoStaff.map((s) => ({ email: s.email, staff_roles: [s.role] })),
    ]);
  });

  it('a second run changes nothing', async () => {
    const before = await footprint();
    expect(await seedDemo(t.deps)).toBe(false);
    expect(await footprint()).toEqual(before);
  });

  it("lets the demo member watch today's video and claim today", async () => {
    const video = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM videos WHERE deleted_at IS NULL AND created_at >= date_trunc('day', now(), 'UTC')`,
    );
    expect(video.n).toBe(1);
    const token = await signIn('member');
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/watch/start', headers: bearer(token) });
    expect(start.statusCode).toBe(201);
    expect(start.json().video.title).toBe('Your daily video');
    // The watch time, without waiting it out.
    await sqlOn(
      t.url,
      `UPDATE watch_sessions SET started_at = started_at - interval '15 seconds' WHERE id = $1`,
      [start.json().session_id],
    );
    const member = await one<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      demoCredentials.member.email,
    ]);
    const claim = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/referral/self-trade/${member.id}`,
      headers: bearer(token),
    });
    expect(claim.statusCode).toBe(200);
    expect(Number(claim.json().paid)).toBeGreaterThan(0);
  });
});
