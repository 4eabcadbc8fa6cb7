import { AuditQuery } from '@sgx/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseAt, type OldDatabase } from '../../../test/helpers';
import { appUrlOf, connect, type Database } from '../../db';
import type { Deps } from '../../deps';
import { jobs } from '../../jobs/jobs';
import { searchAudit } from './audit.search';
import { createAuditMonthsAhead } from './partitions';

/**
 * Decision 0095 on a real PostgreSQL: a database at migration 0101 holding an audit trail of several past months and
 * this one converts in place (0102) to audit_log partitioned by month; the search pages newest first across the
 * months and by date; the guards hold on the table and on a partition named directly; an entry of a month with no
 * partition lands in the DEFAULT partition and moves to its month when the month is made; the daily job makes the
 * months ahead once; a month detached for archive keeps its rows read only, and a search of its period says where
 * they went.
 */

let old: OldDatabase;
let owner: pg.Pool;
let app: Database;
let member: string;
let admin: string;

/** The first day (UTC) of the month `k` months from now (negative: past). */
const monthOf = (k: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
};
const partOf = (d: Date) => `audit_log_${d.toISOString().slice(0, 7).replace('-', '_')}`;
const at = (k: number, day = 15) => new Date(monthOf(k).getTime() + (day - 1) * 86_400_000);
const dayText = (d: Date) => d.toISOString().slice(0, 10);

/** The history: three entries about the member in each of these months (months from now). */
const HISTORY = [-8, -7, -6, -5, -4, 0];

const q = (text: string, values: unknown[] = []) => owner.query(text, values);

async function partitions(): Promise<string[]> {
  const { rows } = await q(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'audit_log'::regclass ORDER BY 1`,
  );
  return rows.map((r) => r.relname as string);
}

const everything = async () => (await q('SELECT * FROM audit_log ORDER BY id')).rows;
const search = (query: Record<string, string>) => searchAudit(app.db, AuditQuery.parse(query));

beforeAll(async () => {
  old = await databaseAt('0101');
  owner = old.owner;
  const users = await q(
    `INSERT INTO users (username, email, password_hash, fullname, refferal_code, role) VALUES
       ('pam', 'pam@example.com', 'h', 'Pam Member', 'PAM1', 'user'),
       ('ada', 'ada@example.com', 'h', 'Ada Admin', 'ADA1', 'admin') RETURNING id`,
  );
  member = String(users.rows[0].id);
  admin = String(users.rows[1].id);
  for (const k of HISTORY)
    for (const day of [3, 15, 27])
      await q(
        `INSERT INTO audit_log (actor_id, action, entity, entity_id, after, created_at)
         VALUES ($1, 'member.update', 'user', $2, jsonb_build_object('month', $3::int, 'day', $4::int), $5)`,
        [admin, member, k, day, at(k, k === 0 ? 1 : day)],
      );
  const before = await everything();
  expect(before).toHaveLength(HISTORY.length * 3);
  expect(new Set(before.map((r) => String(r.member_id)))).toEqual(new Set([member]));
  await old.upgrade();
  app = connect(appUrlOf(old.url, inject('pgAppPassword')), 2);
  expect(await everything()).toEqual(before);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await old?.close();
});

describe('the audit trail by month (decision 0095)', () => {
  it('converts in place: every entry kept in its month, a partition from the oldest month to three ahead', async () => {
    const months: string[] = [];
    for (let k = -8; k <= 3; k++) months.push(partOf(monthOf(k)));
    expect(await partitions()).toEqual([...months, 'audit_log_default'].sort());
    for (const k of HISTORY) {
      const { rows } = await q(`SELECT (after->>'month')::int AS k FROM ${partOf(monthOf(k))}`);
      expect(rows).toEqual([{ k }, { k }, { k }]);
    }
    expect((await q('SELECT count(*)::int AS n FROM audit_log_default')).rows[0].n).toBe(0);
    const { relkind } = (await q("SELECT relkind FROM pg_class WHERE relname = 'audit_log'")).rows[0];
    expect(relkind).toBe('p');
  });

  it('the app writes through the table as before: the id goes on from where it was, the member is filled in', async () => {
    const last = (await q('SELECT max(id) AS id FROM audit_log')).rows[0].id as bigint;
    const { rows } = await app.pool.query(
      `INSERT INTO audit_log (actor_id, action, entity, entity_id) VALUES ($1, 'member.update', 'user', $2)
       RETURNING id, member_id, created_at`,
      [admin, member],
    );
    expect(BigInt(rows[0].id)).toBeGreaterThan(BigInt(last));
    expect(String(rows[0].member_id)).toBe(member);
    const inMonth = await q(`SELECT id FROM ${partOf(monthOf(0))} WHERE id = $1`, [rows[0].id]);
    expect(inMonth.rows).toHaveLength(1);
  });

  it('searches newest first across the months, page by page, by member and by date', async () => {
    const all = (await q('SELECT id FROM audit_log ORDER BY id DESC')).rows.map((r) => Number(r.id));
    const seen: number[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await search({ limit: '4', ...(cursor ? { cursor } : {}) });
      seen.push(...page.entries.map((e) => e.id));
      if (page.next_cursor === null) break;
      cursor = String(page.next_cursor);
    }
    expect(seen).toEqual(all);
    const byMember = await search({ member: 'pam', limit: '200' });
    expect(byMember.entries.map((e) => e.id)).toEqual(all);
    // One past month by its dates: its three entries, newest first.
    const month = await search({ from: dayText(monthOf(-6)), to: dayText(at(-6, 28)) });
    expect(month.entries.map((e) => (e.after as { day: number }).day)).toEqual([27, 15, 3]);
    expect(month.entries.every((e) => (e.after as { month: number }).month === -6)).toBe(true);
  });

  it('refuses a change and a truncation on the table and on a partition named directly', async () => {
    const month = partOf(monthOf(-5));
    for (const table of ['audit_log', month]) {
      await expect(q(`UPDATE ${table} SET reason = 'changed'`)).rejects.toThrow(/cannot be changed/);
      await expect(q(`DELETE FROM ${table}`)).rejects.toThrow(/cannot be changed/);
    }
    for (const table of ['audit_log', month, 'audit_log_default'])
      await expect(q(`TRUNCATE ${table}`)).rejects.toThrow(/cannot be changed/);
    // The app role reaches the entries through the table only.
    await expect(app.pool.query(`SELECT count(*) FROM ${month}`)).rejects.toThrow(/permission denied/);
    await expect(app.pool.query('UPDATE audit_log SET reason = $1', ['x'])).rejects.toThrow(
      /cannot be changed/,
    );
    expect((await q(`SELECT count(*)::int AS n FROM ${month}`)).rows[0].n).toBe(3);
  });

  it('keeps an entry of a month with no partition in the DEFAULT partition, and moves it when its month is made', async () => {
    const far = monthOf(40);
    await q(
      `INSERT INTO audit_log (actor_id, action, entity, entity_id, created_at)
       VALUES ($1, 'member.update', 'user', $2, $3)`,
      [admin, member, new Date(far.getTime() + 86_400_000)],
    );
    expect((await q('SELECT count(*)::int AS n FROM audit_log_default')).rows[0].n).toBe(1);
    const made = await q("SELECT month_partition_create('audit_log', $1) AS made", [far]);
    expect(made.rows[0].made).toBe(true);
    expect((await q('SELECT count(*)::int AS n FROM audit_log_default')).rows[0].n).toBe(0);
    const moved = await q(`SELECT member_id FROM ${partOf(far)}`);
    expect(moved.rows.map((r) => String(r.member_id))).toEqual([member]);
    await expect(q(`DELETE FROM ${partOf(far)}`)).rejects.toThrow(/cannot be changed/);
    await expect(q(`TRUNCATE ${partOf(far)}`)).rejects.toThrow(/cannot be changed/);
    expect((await q("SELECT month_partition_create('audit_log', $1) AS made", [far])).rows[0].made).toBe(
      false,
    );
    // The DEFAULT partition's guards are back after the move.
    await q(
      `INSERT INTO audit_log (actor_id, action, entity, entity_id, created_at)
       VALUES ($1, 'member.update', 'user', $2, $3)`,
      [admin, member, monthOf(60)],
    );
    await expect(q('DELETE FROM audit_log_default')).rejects.toThrow(/cannot be changed/);
    // Only a partitioned table is made months of, and only by the owner.
    await expect(q("SELECT month_partition_create('users', $1)", [far])).rejects.toThrow(/not a partitioned/);
    await expect(
      app.pool.query("SELECT month_partition_create('audit_log', $1)", [monthOf(50)]),
    ).rejects.toThrow(/permission denied/);
  });

  it('the daily job makes the months ahead, once, as the app role', async () => {
    const job = jobs.find((j) => j.name === 'audit-partitions-daily');
    if (!job) throw new Error('the audit partitions job is not registered');
    await q(`DROP TABLE ${partOf(monthOf(3))}`);
    const run = () =>
      job.run({ db: app.db } as unknown as Deps, {}, new Date()) as Promise<{ made: string[] }>;
    expect(await run()).toEqual({ made: [partOf(monthOf(3))] });
    expect(await run()).toEqual({ made: [] });
    await expect(q(`TRUNCATE ${partOf(monthOf(3))}`)).rejects.toThrow(/cannot be changed/);
    // Two instances at once: the month is made once, neither fails.
    await q(`DROP TABLE ${partOf(monthOf(3))}`);
    const database = connect(old.url, 2);
    try {
      const both = await Promise.all([run(), createAuditMonthsAhead(database.db)]);
      expect(both.flatMap((b) => b.made)).toEqual([partOf(monthOf(3))]);
    } finally {
      await database.close();
    }
  });

  it('detaches an old month for archive, never a recent one; its period is refused by the search, in words', async () => {
    for (const k of [0, -1, -2, 2])
      await expect(q('SELECT audit_partition_detach($1, $2)', [monthOf(k), admin])).rejects.toThrow(
        /may not be detached/,
      );
    await expect(app.pool.query('SELECT audit_partition_detach($1)', [monthOf(-6)])).rejects.toThrow(
      /permission denied/,
    );
    const month = partOf(monthOf(-6));
    expect((await q('SELECT audit_partition_detach($1, $2) AS t', [at(-6), admin])).rows[0].t).toBe(month);
    expect(await partitions()).not.toContain(month);
    expect((await q(`SELECT count(*)::int AS n FROM ${month}`)).rows[0].n).toBe(3);
    for (const change of [
      `UPDATE ${month} SET reason = 'x'`,
      `DELETE FROM ${month}`,
      `TRUNCATE ${month}`,
      `INSERT INTO ${month} SELECT * FROM ${month}`,
    ])
      await expect(q(change)).rejects.toThrow(/cannot be changed/);
    expect((await q('SELECT table_name, entries FROM audit_archived_months')).rows).toEqual([
      { table_name: month, entries: 3n },
    ]);
    await expect(q('DELETE FROM audit_archived_months')).rejects.toThrow(/cannot be changed/);
    const said = await search({ kind: 'audit.month_detached' });
    expect(said.entries.map((e) => [e.actor_id, e.entity_id])).toEqual([[Number(admin), month]]);
    await expect(q('SELECT audit_partition_detach($1)', [monthOf(-6)])).rejects.toThrow(/no partition/);
    // A period reaching into the archived month is refused; one around it is not; no period lists what is live.
    const archivedMonth = monthOf(-6).toISOString().slice(0, 7);
    const periods: Record<string, string>[] = [
      { from: dayText(at(-6, 10)), to: dayText(at(-6, 20)) },
      { from: dayText(monthOf(-7)) },
      { from: dayText(monthOf(-8)), to: dayText(monthOf(-6)) },
    ];
    for (const period of periods)
      await expect(search(period)).rejects.toThrow(
        `This period reaches into ${archivedMonth}, a month moved to the archive: its entries are kept there.`,
      );
    const after = await search({ from: dayText(monthOf(-5)), to: dayText(at(-5, 28)) });
    expect(after.entries).toHaveLength(3);
    const before = await search({ from: dayText(monthOf(-8)), to: dayText(at(-7, 28)) });
    expect(before.entries).toHaveLength(6);
    const live = await search({ member: 'pam', limit: '200' });
    expect(live.entries.some((e) => (e.after as { month?: number } | null)?.month === -6)).toBe(false);
    expect(live.entries.filter((e) => (e.after as { month?: number } | null)?.month === -5)).toHaveLength(3);
  });
});
