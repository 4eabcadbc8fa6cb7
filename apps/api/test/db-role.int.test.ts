import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../src/db';
import { buildMember } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { fundDeposit } from './money';

// The app's pool signs in as the app role itself (decision 0031): nothing it runs, RESET ROLE or SET
// ROLE included, can reach the owner's or a superuser's rights.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The SQL error of `text` run through the app's own pool, or undefined when it succeeded. */
const refusal = async (text: string): Promise<string | undefined> =>
  t.database.db.connection().execute(async (db) => {
    try {
      await sql.raw(text).execute(db);
      return undefined;
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    } finally {
      await sql
        .raw('RESET ROLE')
        .execute(db)
        .catch(() => undefined);
    }
  });

describe('the database role of the app', () => {
  it('is a login role without superuser, role or database creation rights', async () => {
    const { rows } = await sql<{
      user: string;
      rolsuper: boolean;
      rolcreaterole: boolean;
      rolcreatedb: boolean;
      rolbypassrls: boolean;
    }>`SELECT session_user AS user, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls
         FROM pg_roles WHERE rolname = session_user`.execute(t.database.db);
    expect(rows).toEqual([
      { user: APP_ROLE, rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false },
    ]);
    const member = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_auth_members m
      JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = session_user`.execute(t.database.db);
    expect(member.rows[0]?.n).toBe(0);
  });

  it('cannot leave its rights by RESET ROLE or SET ROLE, nor change the schema', async () => {
    expect(await refusal('RESET ROLE; CREATE TABLE role_escape (x int)')).toBe('42501');
    expect(await refusal('SET ROLE postgres')).toBe('42501');
    expect(await refusal('SET SESSION AUTHORIZATION postgres')).toBe('42501');
    expect(await refusal('RESET ROLE; ALTER TABLE ledger_entries DISABLE TRIGGER USER')).toBe('42501');
    expect(await refusal('RESET ROLE; DROP TABLE users')).toBe('42501');
    expect(await refusal('CREATE ROLE role_escape')).toBe('42501');
  });

  it('cannot change or remove ledger entries and transactions', async () => {
    const m = await buildMember(t.deps);
    await fundDeposit(t.deps, m.id, '10');
    for (const text of [
      'RESET ROLE; UPDATE ledger_entries SET amount = amount',
      'RESET ROLE; DELETE FROM ledger_entries',
      'RESET ROLE; UPDATE ledger_transactions SET kind = kind',
      'RESET ROLE; DELETE FROM ledger_transactions',
      'RESET ROLE; TRUNCATE ledger_entries',
    ]) {
      expect(await refusal(text), text).toBe('42501');
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_entries`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
