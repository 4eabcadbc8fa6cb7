import type { AuditEntry, StaffRole } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

/**
 * The audit trail (decision 0042): searched by actor, member, kind, record and date, newest first,
 * paged by cursor past 10,000 entries, exported as CSV; owner and compliance only; the database refuses to
 * change or delete an entry.
 */
let t: TestApp;
let owner: { id: bigint; token: string };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  owner = await staff('owner');
});
afterAll(() => t.close());

async function staff(role: StaffRole) {
  const admin = await buildAdmin(t.deps);
  await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [admin.id, [role]]);
  return { id: admin.id, token: await tokenFor(t.app, admin, 'admin') };
}
const search = (query: string, token = owner.token) =>
  t.app.inject({ url: `/api/v1/admin/audit?${query}`, headers: bearer(token) });
const entries = async (query: string): Promise<AuditEntry[]> => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
};
const block = (token: string, id: bigint, why: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${id}`,
    headers: bearer(token),
    payload: { status: 'block', block_reason: why },
  });

describe('searching by the names people use (decision 0054)', () => {
  const account = async (id: bigint) =>
    (await sqlOn(t.url, 'SELECT username, email FROM users WHERE id = $1', [id])).rows[0] as {
      username: string;
      email: string;
    };

  it('finds staff and members by username or e-mail in any case, or by #number', async () => {
    const m = await buildMember(t.deps);
    const support = await staff('support');
    expect((await block(support.token, m.id, 'Named search.')).statusCode).toBe(200);
    const who = await account(support.id);
    const whom = await account(m.id);
    for (const actor of [
      who.username,
      who.username.toUpperCase(),
      who.email,
      `#${support.id}`,
      String(support.id),
    ]) {
      const found = await entries(`actor=${encodeURIComponent(actor)}&kind=member.update`);
      expect(
        found.map((e) => e.reason),
        actor,
      ).toEqual(['Named search.']);
    }
    for (const member of [whom.username, whom.email.toUpperCase(), `#${m.id}`]) {
      const found = await entries(`member=${encodeURIComponent(member)}&kind=member.update`);
      expect(
        found.map((e) => e.reason),
        member,
      ).toEqual(['Named search.']);
    }
    // A deleted account is still found by its e-mail (its own index, migration 0091).
    await sqlOn(t.url, 'UPDATE users SET deleted_at = now() WHERE id = $1', [m.id]);
    const gone = await entries(`member=${encodeURIComponent(whom.email.toUpperCase())}&kind=member.update`);
    expect(gone.map((e) => e.reason)).toEqual(['Named search.']);
  });

  it('answers a name it cannot find, or a wrong date, in words on the field: never a raw validation message', async () => {
    for (const [query, field, message] of [
      ['actor=nobody_by_this_name', 'actor', 'No account has that username, e-mail or number.'],
      ['member=nobody%40example.com', 'member', 'No account has that username, e-mail or number.'],
      ['member=%2399999999', 'member', 'No account has that username, e-mail or number.'],
      ['from=yesterday', 'from', 'Enter a date as YYYY-MM-DD.'],
    ] as const) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message, details: { [field]: [message] } });
      expect(res.body).not.toMatch(/Invalid input|expected number|NaN|ISO/);
    }
  });
});

describe('the audit trail', () => {
  it('finds an action by who, on whom, what, which record and when', async () => {
    const m = await buildMember(t.deps);
    const other = await buildMember(t.deps);
    const support = await staff('support');
    expect((await block(support.token, m.id, 'Under review.')).statusCode).toBe(200);
    expect((await block(owner.token, other.id, 'Chargeback.')).statusCode).toBe(200);

    // (Setting up two-factor is audited too, on the staff member's own record.)
    const byActor = await entries(`actor=${support.id}&kind=member.update`);
    expect(byActor).toHaveLength(1);
    expect(byActor[0]).toMatchObject({
      actor_id: Number(support.id),
      member_id: Number(m.id),
      kind: 'member.update',
      entity: 'user',
      entity_id: String(m.id),
      reason: 'Under review.',
      after: { status: 'block' },
    });
    expect(byActor[0]?.member_name).toBeTypeOf('string');

    const byMember = await entries(`member=${other.id}`);
    expect(byMember.map((e) => [e.actor_id, e.kind])).toEqual([[Number(owner.id), 'member.update']]);
    expect(await entries(`record=user:${m.id}`)).toHaveLength(1);
    const byKind = await entries(`kind=member.update&member=${m.id}`);
    expect(byKind).toHaveLength(1);
    expect(await entries(`kind=withdrawal&member=${m.id}`)).toHaveLength(0);

    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await entries(`actor=${support.id}&kind=member.update&from=${today}&to=${today}`)).toHaveLength(1);
    expect(await entries(`actor=${support.id}&to=${yesterday}`)).toHaveLength(0);
  });

  it('pages newest first past 10,000 entries, each entry once', async () => {
    const actor = await buildAdmin(t.deps);
    await sqlOn(
      t.url,
      `INSERT INTO audit_log (actor_id, action, entity, entity_id, reason)
       SELECT $1, 'settings.update', 'settings', NULL, 'bulk ' || g FROM generate_series(1, 10050) g`,
      [actor.id],
    );
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await search(`actor=${actor.id}&limit=200${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { entries: AuditEntry[]; next_cursor: number | null };
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor !== null && pages < 100);
    expect(pages).toBe(51);
    expect(seen).toHaveLength(10050);
    expect(new Set(seen).size).toBe(10050);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('finds by dates exactly what the dates say, entries stamped out of id order within the hour included', async () => {
    const actor = await buildAdmin(t.deps);
    // 500 entries every 10 minutes over ~3.5 days, each stamped up to 30 minutes off its place in id order.
    // (Stamped after every entry already written, as entries are: their times follow their ids.)
    await sqlOn(
      t.url,
      `INSERT INTO audit_log (actor_id, action, entity, reason, created_at)
       SELECT $1, 'settings.update', 'settings', 'dated ' || g,
              date_trunc('day', now()) + interval '2 days' + g * interval '10 minutes' + ((g * 37) % 61 - 30) * interval '1 minute'
         FROM generate_series(1, 500) g`,
      [actor.id],
    );
    const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    for (const [from, to] of [
      [day(2), day(2)],
      [day(3), day(3)],
      [day(3), day(4)],
      [day(4), day(5)],
    ] as const) {
      const expected = await sqlOn(
        t.url,
        `SELECT id FROM audit_log WHERE actor_id = $1 AND created_at >= $2::date AND created_at < $3::date + 1
          ORDER BY id DESC`,
        [actor.id, from, to],
      );
      const got: AuditEntry[] = [];
      let cursor: number | null = null;
      do {
        const res = await search(
          `actor=${actor.id}&from=${from}&to=${to}&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
        );
        got.push(...res.json().entries);
        cursor = res.json().next_cursor;
      } while (cursor !== null);
      expect(
        got.map((e) => e.id),
        `${from}..${to}`,
      ).toEqual(expected.rows.map((r) => Number(r.id)));
      expect(got.length, `${from}..${to}`).toBeGreaterThan(0);
    }
  });

  it('exports a search as CSV', async () => {
    const m = await buildMember(t.deps);
    await block(owner.token, m.id, 'Fraud, "confirmed".');
    const res = await search(`member=${m.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row, extra] = res.body.trim().split('\n');
    expect(header).toContain('actor_id');
    expect(header).toContain('member_id');
    expect(row).toContain('member.update');
    expect(row).toContain('"Fraud, ""confirmed""."');
    expect(extra).toBeUndefined();
  });

  it('refuses a period reaching into a month moved to the archive, in words; with no period it lists what is live', async () => {
    const now = new Date();
    const old = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 8, 10));
    const month = old.toISOString().slice(0, 7);
    const actor = await buildAdmin(t.deps);
    // Decision 0095: a month of the trail made, an entry written in it, then the month detached for archive.
    await sqlOn(t.url, "SELECT month_partition_create('audit_log', $1::date)", [old]);
    await sqlOn(
      t.url,
      `INSERT INTO audit_log (actor_id, action, entity, reason, created_at)
       VALUES ($1, 'settings.update', 'settings', 'archived later', $2)`,
      [actor.id, old],
    );
    expect((await entries(`actor=${actor.id}&from=${month}-01`)).map((e) => e.reason)).toEqual([
      'archived later',
    ]);
    await sqlOn(t.url, 'SELECT audit_partition_detach($1::date, $2)', [old, owner.id]);
    for (const period of [`from=${month}-01&to=${month}-20`, `from=${month}-15`]) {
      const res = await search(`actor=${actor.id}&${period}`);
      expect(res.statusCode, period).toBe(422);
      expect(res.json().message).toBe(
        `This period reaches into ${month}, a month moved to the archive: its entries are kept there.`,
      );
    }
    expect(await entries(`actor=${actor.id}`)).toEqual([]);
    const said = await entries('kind=audit.month_detached');
    expect(said.map((e) => [e.actor_id, e.entity_id])).toEqual([
      [Number(owner.id), `audit_log_${month.replace('-', '_')}`],
    ]);
  });

  it('is for the owner and compliance only', async () => {
    expect((await search('limit=1', (await staff('compliance')).token)).statusCode).toBe(200);
    for (const role of ['finance', 'support', 'content'] as const) {
      expect((await search('limit=1', (await staff(role)).token)).statusCode, role).toBe(403);
    }
  });

  it('refuses bad filters with clear words', async () => {
    const res = await search('record=user;1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('entity:id');
    expect((await search('from=2026-11-20&to=2026-11-01')).statusCode).toBe(400);
  });

  it('cannot be changed or deleted by anyone, through the app role or the owner of the tables', async () => {
    const m = await buildMember(t.deps);
    await block(owner.token, m.id, 'Kept forever.');
    const [entry] = await entries(`member=${m.id}`);
    for (const text of [
      `UPDATE audit_log SET reason = 'rewritten' WHERE id = ${entry?.id}`,
      `DELETE FROM audit_log WHERE id = ${entry?.id}`,
      'TRUNCATE audit_log',
    ]) {
      await expect(sqlOn(t.url, text), text).rejects.toThrow(
        /cannot be changed or deleted|permission denied/,
      );
    }
    const [still] = await entries(`member=${m.id}`);
    expect(still?.reason).toBe('Kept forever.');
  });
});
