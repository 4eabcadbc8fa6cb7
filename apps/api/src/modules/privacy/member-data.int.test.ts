import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { baseColumns, type Column, PERSON_NAME, TEXT_TYPES, userForeignKeys } from './catalog';
import { MEMBER_DATA, personColumns } from './member-data';

let client: pg.Client;
let columns: Column[];
let fks: { table: string; column: string }[];
beforeAll(async () => {
  client = new pg.Client({ connectionString: await createTestDatabase() });
  await client.connect();
  const query = (text: string) => client.query(text);
  columns = await baseColumns(query);
  fks = await userForeignKeys(query);
});
afterAll(() => client.end());

const key = (t: string, c: string) => `${t}.${c}`;

describe('the classification of member data (decision 0077) against the live schema', () => {
  it('classifies every column that refers to a member, with or without a foreign key', () => {
    const person = new Set(fks.map((f) => key(f.table, f.column)));
    for (const c of columns)
      if (c.type === 'bigint' && PERSON_NAME.test(c.column)) person.add(key(c.table, c.column));
    const classified = new Set(
      Object.entries(MEMBER_DATA).flatMap(([t, r]) => personColumns(r).map((c) => key(t, c))),
    );
    const missing = [...person].filter((p) => !classified.has(p) && p !== 'users.id');
    expect(missing, 'refer to a member: add them to MEMBER_DATA in modules/privacy/member-data.ts').toEqual(
      [],
    );
  });

  it('names only tables and columns that exist', () => {
    const known = new Set(columns.map((c) => key(c.table, c.column)));
    const named = Object.entries(MEMBER_DATA).flatMap(([t, r]) =>
      [
        ...personColumns(r),
        ...Object.keys(r.erase ?? {}),
        ...(r.keep ?? []),
        ...(r.secret ?? []),
        ...(r.revoke ? [r.revoke] : []),
        ...(r.byEmail ? [r.byEmail.column] : []),
      ].map((c) => key(t, c)),
    );
    expect(named.filter((n) => !known.has(n))).toEqual([]);
  });

  it('says for every text column of a member-owned table whether erasure overwrites or keeps it', () => {
    const unclassified: string[] = [];
    for (const c of columns) {
      const r = MEMBER_DATA[c.table];
      if (!r || !(r.own || r.via || r.byEmail) || r.deleteRows || !TEXT_TYPES.has(c.type)) continue;
      if (c.column in (r.erase ?? {}) || r.keep?.includes(c.column)) continue;
      unclassified.push(key(c.table, c.column));
    }
    expect(unclassified, 'erased or kept? classify them in MEMBER_DATA').toEqual([]);
  });

  it('erases or keeps, never both, and erases to NULL only nullable columns', async () => {
    const both = Object.entries(MEMBER_DATA).flatMap(([t, r]) =>
      Object.keys(r.erase ?? {})
        .filter((c) => r.keep?.includes(c))
        .map((c) => key(t, c)),
    );
    expect(both).toEqual([]);
    const { rows } = await client.query(
      `SELECT table_name || '.' || column_name AS k FROM information_schema.columns
       WHERE table_schema = 'public' AND is_nullable = 'NO'`,
    );
    const notNull = new Set(rows.map((r: { k: string }) => r.k));
    const nulled = Object.entries(MEMBER_DATA).flatMap(([t, r]) =>
      Object.entries(r.erase ?? {})
        .filter(([, e]) => e === 'null')
        .map(([c]) => key(t, c)),
    );
    expect(nulled.filter((n) => notNull.has(n))).toEqual([]);
  });
});
