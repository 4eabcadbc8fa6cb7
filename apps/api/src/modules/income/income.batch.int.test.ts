import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';
import { postIncomeFrom } from './income.batch';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({
    mismatches: [],
    unbalanced: [],
    derived_mismatches: [],
  });
  await t.close();
});

const accounts = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      "SELECT id, balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'non_working'",
      [id],
    )
  ).rows;

const credit = (ids: bigint[], amount: string, tag: string) =>
  t.deps.db.transaction().execute((tx) =>
    postIncomeFrom(
      tx,
      'cto',
      'non_working',
      sql`SELECT id AS user_id, ${parseUnits(amount)}::bigint AS amount, ${tag} || ':' || id AS key,
                 '{}'::jsonb AS details
          FROM unnest(${ids}::bigint[]) AS id`,
    ),
  );

describe('batch income postings (decision 0049)', () => {
  it('credits members with and without an account, each once per key, by key lookups', async () => {
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    await credit([a.id], '1', 'first');
    expect(await accounts(b.id)).toEqual([]);
    expect(await credit([a.id, b.id], '2', 'second')).toBe(2);
    expect(await credit([a.id, b.id], '2', 'second')).toBe(0);
    expect((await accounts(a.id))[0]?.balance).toBe(parseUnits('3'));
    expect((await accounts(b.id))[0]?.balance).toBe(parseUnits('2'));
  });

  it("uses the account another writer created while the batch ran (that writer's insert won)", async () => {
    const m = await buildMember(t.deps);
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        "INSERT INTO ledger_accounts (owner_id, kind, asset) VALUES ($1, 'non_working', 'USD')",
        [m.id],
      );
      const batch = credit([m.id], '5', 'raced');
      let waited = false;
      for (let i = 0; i < 200 && !waited; i++) {
        const r = await sqlOn(
          t.url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%ledger_post_many%'",
        );
        waited = (r.rows[0]?.n ?? 0) > 0;
        if (!waited) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waited).toBe(true);
      await other.query('COMMIT');
      expect(await batch).toBe(1);
    } finally {
      await other.end();
    }
    const rows = await accounts(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.balance).toBe(parseUnits('5'));
  });
});
