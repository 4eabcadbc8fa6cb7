import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { boundedCount, likePattern } from '../../http/listing';

let t: TestApp;
let adminToken: string;

// Names, e-mails and phones with the characters a search can trip on: case, accents, LIKE wildcards,
// backslashes, quotes, spaces, digits.
const people: [string, string, string | null][] = [
  ['Zoë Åström', 'zoe.astrom@example.com', '+46 70 123 4567'],
  ['ÅSA BERG', 'asa@berg.se', null],
  ['Ravi Kumar', 'ravi_kumar@test.example', '9876543210'],
  ['Anita 100% Sure', 'anita%sure@example.com', '9000000001'],
  ["Seán O'Neil", 'sean.oneil@example.ie', '353 1 555 0101'],
  ['back\\slash Person', 'back\\slash@example.com', '555'],
  ['Émile Zola', 'emile@zola.fr', '+33 1 00 00 00 00'],
  ['Kofi Mensah', 'kofi@mensah.gh', '233 20 000 0000'],
  ['Wei Zhang', 'wei.zhang@example.cn', '86 10 1234 5678'],
  ['Fatima Khan', 'FATIMA.KHAN@EXAMPLE.PK', '92 300 1234567'],
  ['Lena Novak', 'lena@novak.cz', '420 123 456 789'],
  ['Omar Haddad', 'omar@haddad.lb', '961 1 123 456'],
];

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  for (const [name, email, phone] of people) {
    const m = await buildMember(t.deps, { email });
    await sqlOn(t.url, 'UPDATE users SET fullname = $2, phone = $3 WHERE id = $1', [m.id, name, phone]);
  }
  for (let i = 0; i < 40; i++) await buildMember(t.deps);
  // Some deleted ones, which no list shows.
  const gone = await sqlOn(t.url, "SELECT id FROM users WHERE role = 'user' ORDER BY id LIMIT 3 OFFSET 5");
  for (const r of gone.rows)
    await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${r.id}`, headers: bearer(adminToken) });
});
afterAll(() => t.close());

/** The ids a search gave before the indexes: the five ILIKEs over every live member (no staff), newest first. */
async function reference(search?: string): Promise<number[]> {
  const where = search
    ? 'AND (username ILIKE $1 OR email ILIKE $1 OR fullname ILIKE $1 OR refferal_code ILIKE $1 OR phone ILIKE $1)'
    : '';
  const r = await sqlOn(
    t.url,
    `SELECT id FROM users WHERE deleted_at IS NULL AND role = 'user' ${where} ORDER BY id DESC`,
    search ? [likePattern(search)] : [],
  );
  return r.rows.map((x) => Number(x.id));
}

async function listed(query: Record<string, string>) {
  const res = await t.app.inject({
    url: `/api/v1/users/list?${new URLSearchParams(query).toString()}`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return {
    ids: (body.allusers as { id: number }[]).map((u) => u.id),
    total: body.total as number,
    totalPages: body.totalPages as number,
    page: body.page as number,
  };
}

describe('member search', () => {
  it('finds exactly the members the plain ILIKE search found, short texts and wildcards included', async () => {
    const searches = [
      'a',
      'A',
      'z',
      'Z',
      'ë',
      'Å',
      'å',
      'é',
      'zq',
      'Zo',
      'oë',
      'ÅS',
      '%',
      '_',
      '\\',
      "'",
      ' ',
      '.',
      '@',
      '9',
      '12',
      'ka',
      'KA',
      'e k',
      'sgx',
      'SGX',
      'example',
      'EXAMPLE.com',
      'fatima.khan',
      '100%',
      'ravi_k',
      'back\\sl',
      "o'neil",
      '+46 70',
      'åström',
      'ÅSTRÖM',
      'nobody-has-this',
      'test.example',
    ];
    for (const search of searches) {
      const want = await reference(search);
      const got = await listed({ search, limit: '100' });
      expect(got.ids, `search ${JSON.stringify(search)}`).toEqual(want.slice(0, 100));
      expect(got.total, `search ${JSON.stringify(search)}`).toBe(want.length);
    }
  });

  it("keeps each member's searchable text with the member (0068): a renamed member is found by the new name only", async () => {
    const m = await buildMember(t.deps, { email: 'before.rename@example.com' });
    expect((await listed({ search: 'before.rename' })).ids).toEqual([Number(m.id)]);
    await sqlOn(
      t.url,
      "UPDATE users SET email = 'after.rename@example.org', fullname = 'Quentin Qx', username = 'renamed_' || id WHERE id = $1",
      [m.id],
    );
    expect((await listed({ search: 'before.rename' })).ids).toEqual([]);
    expect((await listed({ search: 'after.rename' })).ids).toEqual([Number(m.id)]);
    expect((await listed({ search: 'Quentin Qx' })).ids).toEqual([Number(m.id)]);
    // A money update of the row leaves the text alone; every member's text is its five columns' text.
    await sqlOn(t.url, 'UPDATE users SET total_earned = total_earned + 1 WHERE id = $1', [m.id]);
    await sqlOn(t.url, 'UPDATE users SET total_earned = total_earned - 1 WHERE id = $1', [m.id]);
    const drift = await sqlOn(
      t.url,
      `SELECT count(*)::int AS n FROM users u LEFT JOIN member_search s ON s.user_id = u.id
       WHERE s.text IS DISTINCT FROM member_search_text(u.username, u.email, u.fullname, u.refferal_code, u.phone)
          OR s.username IS DISTINCT FROM u.username`,
    );
    expect(drift.rows[0]?.n).toBe(0);
  });

  it('pages through a search and through the whole list, from either end, with exact totals', async () => {
    for (const search of [undefined, 'e', 'example']) {
      const want = await reference(search);
      const limit = 7;
      const last = Math.max(1, Math.ceil(want.length / limit));
      for (let page = 1; page <= last + 1; page++) {
        const got = await listed({ page: String(page), limit: String(limit), ...(search ? { search } : {}) });
        expect(got.ids, `${search} page ${page}`).toEqual(want.slice((page - 1) * limit, page * limit));
        expect(got).toMatchObject({ total: want.length, totalPages: last, page });
      }
    }
  });

  it('counts exactly up to the cap, and estimates beyond it', async () => {
    const live = t.deps.db.selectFrom('users').where('deleted_at', 'is', null).where('role', '=', 'user');
    const n = (await reference()).length;
    expect(await boundedCount(t.deps.db, live, 1000)).toEqual({ total: n, exact: true });
    const capped = await boundedCount(t.deps.db, live, 10);
    expect(capped.exact).toBe(false);
    expect(capped.total).toBeGreaterThanOrEqual(11);
  });
});
