import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { APP_ROLE, connect, type Database } from '../db';
import { locally, serially } from './listing';

// One connection, so that what a read leaves behind would be seen by the next one.
let one: Database;
beforeAll(async () => {
  one = connect(await createTestDatabase(), 1, APP_ROLE);
});
afterAll(async () => {
  await one.close();
});

const settings = (db: Database['db']) =>
  sql<{ seq: string; bitmap: string; workers: string }>`
    SELECT current_setting('enable_seqscan') AS seq, current_setting('enable_bitmapscan') AS bitmap,
           current_setting('max_parallel_workers_per_gather') AS workers`
    .execute(db)
    .then((r) => r.rows[0]);

describe('planner settings for one read', () => {
  it('hold inside the read and are gone from the connection after it, also when the read fails', async () => {
    const before = await settings(one.db);
    expect(before).toEqual({ seq: 'on', bitmap: 'on', workers: expect.not.stringMatching(/^0$/) });

    const inside = await locally(one.db, { enable_seqscan: 'off', enable_bitmapscan: 'off' }, settings);
    expect(inside).toEqual({ ...before, seq: 'off', bitmap: 'off' });
    expect(await settings(one.db)).toEqual(before);

    expect(await serially(one.db, settings)).toEqual({ ...before, workers: '0' });
    expect(await settings(one.db)).toEqual(before);

    await expect(
      locally(one.db, { enable_seqscan: 'off' }, async (trx) => {
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await settings(one.db)).toEqual(before);
  });
});
