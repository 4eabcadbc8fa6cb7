import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';

/**
 * Decision 0094: the admin lists' searches name their members first (member_search) and filter by their ids, the
 * plans by theirs, and read a few rows by sorting them. Each must find exactly what the plain ILIKE over the joined
 * names found, in the same order, on every page from either end.
 */

let t: TestApp;
let adminToken: string;
/** The first member (findalpha), whose own lists are searched too. */
let alpha: { id: bigint; token: string };

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(adminToken) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const plans: number[] = [];
  for (const name of ['Findable', 'Bronze'])
    plans.push(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/plans/add',
          headers: bearer(adminToken),
          payload: { name, monthly_price: '10', ROI_day: '0.5', Sponser_bonus: '5', plan_period: 365 },
        })
      ).json().plan.id,
    );
  const members = [];
  for (const name of ['findalpha', 'findbeta', 'otherone', 'othertwo']) {
    const m = await buildMember(t.deps);
    await sqlOn(t.url, 'UPDATE users SET username = $2 WHERE id = $1', [m.id, name]);
    await fundDeposit(t.deps, m.id, '100');
    members.push({ ...m, token: await tokenFor(t.app, m) });
  }
  alpha = members[0] as (typeof members)[number];
  // Top-ups (and so member plans) of every member, some for another, on either plan; deposits with hashes, one of
  // which holds a text a username holds too.
  for (let i = 0; i < 12; i++) {
    const by = members[i % 4] as (typeof members)[number];
    const to = members[(i * 3 + 1) % 4] as (typeof members)[number];
    if (i >= 4) await sqlOn(t.url, "UPDATE member_plans SET status = 'ended' WHERE user_id = $1", [to.id]);
    await sqlOn(t.url, 'UPDATE users SET plan_id = NULL WHERE id = $1', [to.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/topup/add',
      headers: bearer(by.token),
      payload: { id: plans[i % 2], userby_id: Number(by.id), userto_id: Number(to.id) },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  for (let i = 0; i < 14; i++) {
    const hash =
      i === 5 ? `0xfindbeef${randomBytes(28).toString('hex')}` : `0x${randomBytes(32).toString('hex')}`;
    await sqlOn(
      t.url,
      "INSERT INTO deposits (user_id, amount, currency, hash) VALUES ($1, 100000000, 'BEP20', $2)",
      [(members[i % 4] as (typeof members)[number]).id, hash],
    );
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

const lists = [
  {
    path: '/deposite/list',
    reference: `SELECT d.id FROM deposits d JOIN users u ON u.id = d.user_id
                 WHERE u.username ILIKE $1 OR d.hash ILIKE $2 ORDER BY d.id DESC`,
  },
  {
    path: '/topup/list',
    reference: `SELECT t.id FROM topups t JOIN users b ON b.id = t.userby_id JOIN users r ON r.id = t.userto_id
                  LEFT JOIN plans p ON p.id = t.plan_id
                 WHERE b.username ILIKE $1 OR r.username ILIKE $1 OR p.name ILIKE $1 OR $2 = '' ORDER BY t.id DESC`,
  },
  {
    path: '/actplan/list',
    reference: `SELECT mp.id FROM member_plans mp JOIN users u ON u.id = mp.user_id JOIN plans p ON p.id = mp.plan_id
                 WHERE u.username ILIKE $1 OR p.name ILIKE $1 OR $2 = '' ORDER BY mp.id DESC`,
  },
];

describe('an admin list searched by member, plan or hash', () => {
  it('finds what the ILIKE over the joined names finds, page by page from either end', async () => {
    for (const search of [
      'find',
      'alpha',
      'findbeta',
      'findable',
      'BRONZE',
      'other',
      'beef',
      'fi',
      'a',
      'zzz',
    ]) {
      for (const list of lists) {
        const { rows } = await sqlOn(t.url, list.reference, [`%${search}%`, `%${search.toLowerCase()}%`]);
        const all = rows.map((r) => Number(r.id));
        if (search === 'find') expect(all.length, list.path).toBeGreaterThan(2);
        const limit = 2;
        const pages = Math.max(1, Math.ceil(all.length / limit));
        for (let page = 1; page <= pages + 1; page++) {
          const body = await get(`${list.path}?search=${search}&limit=${limit}&page=${page}`);
          const got = (Object.values(body).find(Array.isArray) as { id: number }[]).map((r) => r.id);
          const label = `${list.path} ${search} page ${page}`;
          expect(body.total, label).toBe(all.length);
          expect(got, label).toEqual(all.slice((page - 1) * limit, page * limit));
        }
      }
    }
  }, 120_000);
});

describe("one member's list searched (the member's own, or an admin's view of it)", () => {
  it("finds what the ILIKE over the joined names finds among that member's rows", async () => {
    const memberGet = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(alpha.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const scoped = [
      {
        read: (search: string) => memberGet(`/topup/list?search=${search}&limit=50`),
        reference: `SELECT t.id FROM topups t JOIN users b ON b.id = t.userby_id JOIN users r ON r.id = t.userto_id
                      LEFT JOIN plans p ON p.id = t.plan_id
                     WHERE $3 IN (t.userby_id, t.userto_id)
                       AND (b.username ILIKE $1 OR r.username ILIKE $1 OR p.name ILIKE $1 OR $2 = '') ORDER BY t.id DESC`,
      },
      {
        read: (search: string) => get(`/deposite/by/${alpha.id}?search=${search}&limit=50`),
        reference: `SELECT d.id FROM deposits d JOIN users u ON u.id = d.user_id
                     WHERE d.user_id = $3 AND (u.username ILIKE $1 OR d.hash ILIKE $2) ORDER BY d.id DESC`,
      },
      {
        read: (search: string) => memberGet(`/actplan/list?search=${search}&limit=50`),
        reference: `SELECT mp.id FROM member_plans mp JOIN users u ON u.id = mp.user_id JOIN plans p ON p.id = mp.plan_id
                     WHERE mp.user_id = $3 AND (u.username ILIKE $1 OR p.name ILIKE $1 OR $2 = '') ORDER BY mp.id DESC`,
      },
    ];
    let found = 0;
    for (const search of ['find', 'alpha', 'other', 'beta', 'bronze', 'zzz']) {
      for (const list of scoped) {
        const { rows } = await sqlOn(t.url, list.reference, [
          `%${search}%`,
          `%${search.toLowerCase()}%`,
          String(alpha.id),
        ]);
        const body = await list.read(search);
        const got = (Object.values(body).find(Array.isArray) as { id: number }[]).map((r) => r.id);
        expect(got, search).toEqual(rows.map((r) => Number(r.id)));
        expect(body.total, search).toBe(rows.length);
        found += rows.length;
      }
    }
    expect(found).toBeGreaterThan(10);
  });
});
