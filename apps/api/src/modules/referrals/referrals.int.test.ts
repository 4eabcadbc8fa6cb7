import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('referral tree', () => {
  it('lists a member’s directs a page at a time and the tree two levels deep, with counters', async () => {
    const root = await buildMember(t.deps);
    const a = await buildMember(t.deps, { sponsorId: root.id });
    const b = await buildMember(t.deps, { sponsorId: root.id });
    const a1 = await buildMember(t.deps, { sponsorId: a.id });
    await buildMember(t.deps, { sponsorId: a1.id });
    const token = await tokenFor(t.app, root);

    const list = await t.app.inject({
      url: `/api/v1/referral/list/${root.code}?limit=1`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, totalPages: 2, currentPage: 1 });
    expect(list.json().referralTree[0]).toMatchObject({
      id: Number(a.id),
      total_team: 2,
      directs: 1,
      is_active: 'inactive',
      active_plan: '0.00000000',
    });

    const full = (
      await t.app.inject({ url: `/api/v1/referral/full/${root.code}`, headers: bearer(token) })
    ).json().treeData;
    expect(full).toMatchObject({ id: Number(root.id), total_team: 4 });
    expect(full.referrals.map((n: { id: number }) => n.id)).toEqual([Number(a.id), Number(b.id)]);
    expect(full.referrals[0].referrals.map((n: { id: number }) => n.id)).toEqual([Number(a1.id)]);
    expect(full.referrals[0].referrals[0].referrals).toBeUndefined();
  });

  it('lets a member open their downline but nobody else’s; an admin any', async () => {
    const top = await buildMember(t.deps);
    const me = await buildMember(t.deps, { sponsorId: top.id });
    const child = await buildMember(t.deps, { sponsorId: me.id });
    const token = await tokenFor(t.app, me);
    expect(
      (await t.app.inject({ url: `/api/v1/referral/list/${child.code}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/v1/referral/list/${top.code}`, headers: bearer(token) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/v1/referral/full/NOSUCH`, headers: bearer(token) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v1/referral/list/NOSUCH`, headers: bearer(token) })).statusCode,
    ).toBe(404);
    const adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    expect(
      (await t.app.inject({ url: `/api/v1/referral/full/${top.code}?depth=3`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('large teams', () => {
  it('gives every parent up to 200 children, however large a sibling team is', async () => {
    const root = await buildMember(t.deps);
    const big = await buildMember(t.deps, { sponsorId: root.id });
    const small = await buildMember(t.deps, { sponsorId: root.id });
    const { sqlOn } = await import('../../../test/helpers');
    // 450 directs under `big`, inserted in one statement
    await sqlOn(
      t.url,
      `INSERT INTO users (username, email, password_hash, fullname, sponsor_id, refferal_code)
       SELECT 'BIG' || g, 'big' || g || '-' || $2 || '@example.com', 'x', 'Big ' || g, $1, 'B' || $2 || 'X' || g FROM generate_series(1, 450) g`,
      [big.id, String(big.id)],
    );
    await buildMember(t.deps, { sponsorId: small.id });
    const token = await tokenFor(t.app, root);
    const tree = (
      await t.app.inject({ url: `/api/v1/referral/full/${root.code}?depth=2`, headers: bearer(token) })
    ).json().treeData;
    const [bigNode, smallNode] = tree.referrals;
    expect(bigNode.referrals).toHaveLength(200);
    expect(smallNode.referrals).toHaveLength(1);
    expect(bigNode.referrals.map((n: { id: number }) => n.id)).toEqual(
      (
        await sqlOn(t.url, 'SELECT id FROM users WHERE sponsor_id = $1 ORDER BY id LIMIT 200', [big.id])
      ).rows.map((r) => Number(r.id)),
    );
  });

  it('pages through a large team’s directs, also by name, with exact totals', async () => {
    const { sqlOn } = await import('../../../test/helpers');
    const leader = await buildMember(t.deps);
    await sqlOn(
      t.url,
      `INSERT INTO users (username, email, password_hash, fullname, sponsor_id, refferal_code)
       SELECT 'LDR' || g, 'ldr' || g || '-' || $2 || '@example.com', 'x', 'Direct ' || g, $1, 'L' || $2 || 'X' || g FROM generate_series(1, 130) g`,
      [leader.id, String(leader.id)],
    );
    await sqlOn(
      t.url,
      "UPDATE users SET deleted_at = now() WHERE sponsor_id = $1 AND fullname IN ('Direct 3', 'Direct 50', 'Direct 130')",
      [leader.id],
    );
    const token = await tokenFor(t.app, leader);
    for (const search of [undefined, 'Direct 1', 'ldr7', 'zz']) {
      const want = (
        await sqlOn(
          t.url,
          `SELECT id FROM users WHERE sponsor_id = $1 AND deleted_at IS NULL
           ${search ? 'AND (username ILIKE $2 OR fullname ILIKE $2)' : ''} ORDER BY id`,
          search ? [leader.id, `%${search}%`] : [leader.id],
        )
      ).rows.map((r) => Number(r.id));
      const limit = 20;
      const last = Math.max(1, Math.ceil(want.length / limit));
      for (let page = 1; page <= last + 1; page++) {
        const res = await t.app.inject({
          url: `/api/v1/referral/list/${leader.code}?limit=${limit}&page=${page}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
          headers: bearer(token),
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.referralTree.map((n: { id: number }) => n.id)).toEqual(
          want.slice((page - 1) * limit, page * limit),
        );
        expect(body).toMatchObject({ total: want.length, totalPages: last, currentPage: page });
      }
    }
  });
});
