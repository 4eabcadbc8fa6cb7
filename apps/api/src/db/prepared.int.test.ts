import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { SessionStore } from '../modules/auth/sessions';
import { connect, type Database } from './index';

/**
 * The hottest statements carry `/* prepare:name *\/` and go to PostgreSQL as named prepared statements (planned
 * once per connection, decision 0047); every other statement stays unnamed, so a connection never gathers an
 * unbounded number of them.
 */
describe('marked statements are prepared once per connection', () => {
  let database: Database;
  beforeAll(async () => {
    database = connect(await createTestDatabase(), 1);
  });
  afterAll(() => database.close());

  const prepared = () =>
    sql<{ name: string; calls: string }>`
      SELECT name, (generic_plans + custom_plans)::text AS calls FROM pg_prepared_statements ORDER BY name`
      .execute(database.db)
      .then((r) => r.rows.map((x) => x.name));

  it('names a marked statement, reuses it with other values, and leaves unmarked ones unnamed', async () => {
    expect(await prepared()).toEqual([]);
    for (const n of [1, 2, 3]) {
      const { rows } = await sql<{ n: number }>`/* prepare:test_double */ SELECT ${n}::int * 2 AS n`.execute(
        database.db,
      );
      expect(rows[0]?.n).toBe(n * 2);
    }
    await sql`SELECT ${4}::int + 1 AS unmarked`.execute(database.db);
    expect(await prepared()).toEqual(['test_double']);
    const { rows } = await sql<{ plans: string }>`
      SELECT (generic_plans + custom_plans)::text AS plans FROM pg_prepared_statements WHERE name = 'test_double'`.execute(
      database.db,
    );
    expect(Number(rows[0]?.plans)).toBe(3);
  });

  it('prepares the session check of every signed-in request', async () => {
    const sessions = new SessionStore(database.db, 60_000);
    expect(await sessions.resolve('no such token')).toBeNull();
    expect(await prepared()).toContain('session_lookup');
  });
});
