import { ListQuery } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { likePattern, seekPaged } from './listing';

// Decision 0081: the admin lists read a page from the nearer end (seekPaged). Every page of each list, with
// and without its filters, must be exactly what plain LIMIT/OFFSET over the same order gives, with the exact
// total (these lists are far under COUNT_CAP); past the end a page is empty.

let t: TestApp;
let adminToken: string;
let admin: bigint;
let sponsorCode: string;
const members: bigint[] = [];
const N = 41;
const LIMIT = 6;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await buildAdmin(t.deps);
  admin = a.id;
  adminToken = await tokenFor(t.app, a, 'admin');
  const sponsor = await buildMember(t.deps);
  sponsorCode = sponsor.code;
  for (let i = 0; i < 6; i++) members.push((await buildMember(t.deps, { sponsorId: sponsor.id })).id);
  // More directs of the sponsor (the referral list), some under another sponsor.
  for (let i = 0; i < 25; i++) await buildMember(t.deps, { sponsorId: i % 5 === 0 ? null : sponsor.id });
  const who = (i: number) => members[i % members.length] as bigint;
  const other = (i: number) => members[(i + 1) % members.length] as bigint;
  const [plan] = (
    await sqlOn(
      t.url,
      "INSERT INTO plans (name, monthly_price, roi_day, sponsor_bonus, plan_period) VALUES ('Pages plan', 100, 1, 1, 12) RETURNING id",
    )
  ).rows;
  for (let i = 0; i < N; i++) {
    await sqlOn(
      t.url,
      `INSERT INTO deposits (user_id, amount, currency, hash, status) VALUES ($1, 100, 'BEP20', $2, $3)`,
      [who(i), `0xpages${i}`, i % 3 === 0 ? 'decline' : 'pending'],
    );
    await sqlOn(
      t.url,
      `INSERT INTO withdrawals (user_id, kind, amount, fee, net, currency, address, request_key, status)
       VALUES ($1, $2, 100, 10, 90, 'BEP20', $3, $4, $5)`,
      [who(i), i % 2 ? 'roi' : 'working', `addr-${i}`, `pages-w-${i}`, i % 4 === 0 ? 'decline' : 'pending'],
    );
    await sqlOn(
      t.url,
      `INSERT INTO topups (kind, userby_id, userto_id, amount, request_key, created_by) VALUES ($1, $2, $3, 100, $4, $5)`,
      [i % 3 ? 'topup' : 'retopup', who(i), other(i), `pages-t-${i}`, admin],
    );
    await sqlOn(
      t.url,
      `INSERT INTO member_plans (user_id, plan_id, amount, ends_at, status, ended_at)
       VALUES ($1, $2, 100, now() + interval '1 year', $3, $4)`,
      [who(i), plan?.id, i < members.length ? 'active' : 'ended', i < members.length ? null : new Date()],
    );
    await sqlOn(
      t.url,
      'INSERT INTO transfers (kind, user_id, userto_id, amount, request_key) VALUES ($1, $2, $3, 100, $4)',
      [i % 2 ? 'touser' : 'friend', who(i), other(i), `pages-x-${i}`],
    );
    await sqlOn(t.url, 'INSERT INTO codes (code, amount, created_by) VALUES ($1, 100, $2)', [
      `PAGES${i}`,
      admin,
    ]);
    await sqlOn(
      t.url,
      `INSERT INTO approvals (kind, summary, payload, request_key, requested_by, status, decided_at, decided_by)
       VALUES ('settings', $1, '{}', $2, $3, $4, $5, $6)`,
      [
        `pages ${i}`,
        `pages-a-${i}`,
        admin,
        i % 3 === 0 ? 'pending' : 'rejected',
        i % 3 === 0 ? null : new Date(),
        i % 3 === 0 ? null : admin,
      ],
    );
    // Tickets updated in the same instant in threes: the id orders them.
    await sqlOn(
      t.url,
      `INSERT INTO tickets (ticket_id, user_id, subject, status, updated_at)
       VALUES ($1, $2, $3, $4, '2026-01-01T00:00:00Z'::timestamptz + $5 * interval '1 minute')`,
      [`PG-${i}`, who(i), `subject ${i}`, i % 2 ? 'open' : 'closed', Math.floor(i / 3)],
    );
    await sqlOn(
      t.url,
      'INSERT INTO salary_payments (user_id, month, directs, due, paid) VALUES ($1, $2, 3, 100, 100)',
      [who(i), `2025-${String(1 + Math.floor(i / members.length)).padStart(2, '0')}`],
    );
  }
});
afterAll(() => t.close());

type Got = { ids: number[]; total: number };

/** Every page (and the one past the end) equals LIMIT/OFFSET over `reference` (SQL ordered like the list). */
async function everyPage(
  what: string,
  reference: string,
  values: unknown[],
  list: (page: number, limit: number) => Promise<Got>,
  limit = LIMIT,
) {
  const all = (await sqlOn(t.url, reference, values)).rows.map((r) => Number(r.id));
  expect(all.length, `${what}: the fixture has several pages`).toBeGreaterThan(limit);
  const pages = Math.ceil(all.length / limit);
  for (let page = 1; page <= pages + 1; page++) {
    const want = await sqlOn(t.url, `${reference} LIMIT ${limit} OFFSET ${(page - 1) * limit}`, values);
    const got = await list(page, limit);
    expect(got.ids, `${what} page ${page}`).toEqual(want.rows.map((r) => Number(r.id)));
    expect(got.total, `${what} page ${page}`).toBe(all.length);
  }
}

const q = (page: number, limit: number, more: Record<string, string> = {}) =>
  ListQuery.parse({ page, limit, ...more });
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** A list read through its service with the list query's filters (`more`). */
const through =
  (call: (lq: ListQuery) => Promise<{ rows: { id: number }[]; total: number }>) =>
  (more: Record<string, string> = {}) =>
  async (page: number, limit: number): Promise<Got> => {
    const r = await call(q(page, limit, more));
    return { ids: ids(r.rows), total: r.total };
  };

/** Each case: a name, the reference query (ordered as the list), its values, and the list. */
type Case = [string, string, unknown[], (page: number, limit: number) => Promise<Got>];
const checkAll = async (cases: Case[]) => {
  for (const [what, reference, values, list] of cases) await everyPage(what, reference, values, list);
};
const newest = (table: string, where = '') => `SELECT id FROM ${table} ${where} ORDER BY id DESC`;

describe('admin lists, every page from the nearer end', () => {
  it('deposits and withdrawals: all, by status, by search or kind', async () => {
    const deposits = through((lq) => t.deps.deposits.list(lq, undefined, true));
    const withdrawals = through((lq) => t.deps.withdrawals.list(lq, undefined, true));
    await checkAll([
      ['deposits', newest('deposits'), [], deposits()],
      [
        'deposits pending',
        newest('deposits', "WHERE status = 'pending'"),
        [],
        deposits({ status: 'pending' }),
      ],
      [
        'deposits search',
        newest('deposits', 'WHERE hash ILIKE $1'),
        [likePattern('0xpages1')],
        deposits({ search: '0xpages1' }),
      ],
      ['withdrawals', newest('withdrawals'), [], withdrawals()],
      [
        'withdrawals pending',
        newest('withdrawals', "WHERE status = 'pending'"),
        [],
        withdrawals({ status: 'pending' }),
      ],
      [
        'withdrawals roi',
        newest('withdrawals', "WHERE kind = 'roi'"),
        [],
        through((lq) => t.deps.withdrawals.list({ ...lq, kind: 'roi' }, undefined, true))(),
      ],
    ]);
  });

  it('top-ups, member plans, transfers and codes: all and by kind, status or search', async () => {
    const topups = through((lq) => t.deps.topups.list(lq));
    const plans = through((lq) => t.deps.plans.memberPlans(lq));
    const transfers = through((lq) => t.deps.transfers.list(lq));
    const codes = through((lq) => t.deps.codes.list(lq));
    await checkAll([
      ['topups', newest('topups'), [], topups()],
      ['topups retopup', newest('topups', "WHERE kind = 'retopup'"), [], topups({ status: 'retopup' })],
      ['member plans', newest('member_plans'), [], plans()],
      [
        'member plans ended',
        newest('member_plans', "WHERE status = 'ended'"),
        [],
        plans({ status: 'ended' }),
      ],
      ['transfers', newest('transfers'), [], transfers()],
      ['transfers touser', newest('transfers', "WHERE kind = 'touser'"), [], transfers({ status: 'touser' })],
      ['codes', newest('codes'), [], codes()],
      [
        'codes search',
        newest('codes', 'WHERE code ILIKE $1'),
        [likePattern('pages1')],
        codes({ search: 'pages1' }),
      ],
    ]);
  });

  it('approvals (pending first) and tickets (last updated first, ties by id)', async () => {
    const approvals =
      (status?: 'pending' | 'rejected') =>
      async (page: number, limit: number): Promise<Got> => {
        const r = await t.deps.approvals.list({ page, limit, status });
        return { ids: ids(r.rows), total: r.total };
      };
    await everyPage(
      'approvals',
      "SELECT id FROM approvals ORDER BY status <> 'pending', id DESC",
      [],
      approvals(),
    );
    await everyPage(
      'approvals rejected',
      "SELECT id FROM approvals WHERE status = 'rejected' ORDER BY id DESC",
      [],
      approvals('rejected'),
    );
    const tickets =
      (status?: 'open') =>
      async (page: number, limit: number): Promise<Got> => {
        const r = await t.deps.tickets.list({ page, limit, status });
        return { ids: ids(r.tickets), total: r.total };
      };
    await everyPage('tickets', 'SELECT id FROM tickets ORDER BY updated_at DESC, id DESC', [], tickets());
    await everyPage(
      'tickets open',
      "SELECT id FROM tickets WHERE status = 'open' ORDER BY updated_at DESC, id DESC",
      [],
      tickets('open'),
    );
  });

  it('salary payments and a sponsor’s directs, over HTTP', async () => {
    const salary = (month?: string) => async (page: number, limit: number) => {
      const params = new URLSearchParams({
        page: String(page),
        limit: String(limit),
        ...(month ? { month } : {}),
      });
      const res = await t.app.inject({
        url: `/api/v1/salary/user-salaries?${params}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { ids: ids(body.data), total: body.total as number };
    };
    await everyPage('salary', 'SELECT id FROM salary_payments ORDER BY id DESC', [], salary());
    await everyPage(
      'salary month',
      "SELECT id FROM salary_payments WHERE month = '2025-02' ORDER BY id DESC",
      [],
      salary('2025-02'),
      2,
    );
    const directs = async (page: number, limit: number) => {
      const res = await t.app.inject({
        url: `/api/v1/referral/list/${sponsorCode}?page=${page}&limit=${limit}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { ids: ids(body.referralTree), total: body.total as number };
    };
    await everyPage(
      'directs',
      'SELECT d.id FROM users d JOIN users s ON s.id = d.sponsor_id WHERE s.refferal_code = $1 AND d.deleted_at IS NULL ORDER BY d.id',
      [sponsorCode],
      directs,
    );
  });
});

describe('seekPaged past the cap', () => {
  it('counts exactly up to the cap, estimates beyond it, and keeps the oldest rows for the last page', async () => {
    const base = t.deps.db.selectFrom('transfers as x').select('x.id');
    const order = (b: typeof base, back: boolean) => b.orderBy('x.id', back ? 'asc' : 'desc');
    const all = (await sqlOn(t.url, 'SELECT id FROM transfers ORDER BY id DESC')).rows.map((r) =>
      Number(r.id),
    );
    // Under the cap: exact.
    const exact = await seekPaged(t.deps.db, base, order, { page: 2, limit: 5 }, all.length);
    expect(exact).toMatchObject({ total: all.length, exact: true });
    expect(exact.rows.map((r) => Number(r.id))).toEqual(all.slice(5, 10));
    // Over a cap of 10: the planner's estimate (never below cap + 1), and the page counted from the end.
    await sqlOn(t.url, 'ANALYZE transfers');
    const first = await seekPaged(t.deps.db, base, order, { page: 1, limit: 5 }, 10);
    expect(first.exact).toBe(false);
    expect(first.total).toBeGreaterThanOrEqual(11);
    expect(first.rows.map((r) => Number(r.id))).toEqual(all.slice(0, 5));
    const lastPage = Math.ceil(first.total / 5);
    const last = await seekPaged(t.deps.db, base, order, { page: lastPage, limit: 5 }, 10);
    const take = first.total - (lastPage - 1) * 5;
    expect(last.rows.map((r) => Number(r.id))).toEqual(all.slice(all.length - take));
    expect(await seekPaged(t.deps.db, base, order, { page: lastPage + 1, limit: 5 }, 10)).toMatchObject({
      rows: [],
    });
  });
});
