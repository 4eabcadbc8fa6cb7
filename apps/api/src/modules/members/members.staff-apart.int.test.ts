import type { StaffRole } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

/**
 * Decision 0054: the users list is the members' list. Staff accounts (managed under /admin/staff) are neither
 * listed nor counted there, so its total is the dashboard's member count, and they cannot be deleted as members.
 */
let t: TestApp;
let ownerToken: string;
const staffIds: bigint[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await buildAdmin(t.deps);
  staffIds.push(owner.id);
  ownerToken = await tokenFor(t.app, owner, 'admin');
  for (const role of ['finance', 'support', 'content', 'compliance', 'owner'] as StaffRole[]) {
    const s = await buildAdmin(t.deps);
    await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [s.id, [role]]);
    staffIds.push(s.id);
  }
  for (let i = 0; i < 4; i++) await buildMember(t.deps);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url: `/api/v1${url}`, headers: bearer(ownerToken) });

describe('the users list', () => {
  it('lists and counts members only: the total is the dashboard member count, no staff account is on any page', async () => {
    const members = Number(
      (await sqlOn(t.url, "SELECT count(*)::int AS n FROM users WHERE role = 'user' AND deleted_at IS NULL"))
        .rows[0]?.n,
    );
    const stats = await get('/admin/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().members.total).toBe(members);

    const list = await get('/users/list?page=1&limit=100');
    expect(list.statusCode).toBe(200);
    const body = list.json() as { total: number; allusers: { id: number; role: string }[] };
    expect(body.total).toBe(members);
    expect(body.allusers).toHaveLength(members);
    expect(body.allusers.every((u) => u.role === 'user')).toBe(true);
    for (const id of staffIds) expect(body.allusers.map((u) => u.id)).not.toContain(Number(id));

    // A search that matches every account (all e-mails are @test.example here) still finds members only.
    const searched = (await get('/users/list?search=test.example&limit=100')).json() as typeof body;
    expect(searched.total).toBe(members);
    expect(searched.allusers.every((u) => u.role === 'user')).toBe(true);
  });

  it('refuses to delete a staff account as a member: it stays, signed in and listed under staff', async () => {
    const [, finance] = staffIds;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${finance}`,
      headers: bearer(ownerToken),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Staff accounts are not deleted here: suspend them under Staff.');
    expect(
      (await sqlOn(t.url, 'SELECT deleted_at FROM users WHERE id = $1', [finance])).rows[0]?.deleted_at,
    ).toBe(null);
    const staff = (await get('/admin/staff')).json();
    expect(JSON.stringify(staff)).toContain(`"id":${Number(finance)}`);
  });
});
