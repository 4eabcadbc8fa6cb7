import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';

/**
 * ledger_post_many (db/functions/ledger_post_many.sql) is the one writer of the ledger; one posting takes its
 * short statements (a transaction by INSERT ... VALUES, a few UPDATEs in id order) and many its set-based ones
 * (decision 0065). Proven equal here on generated postings: the same postings, one call each in one set of
 * accounts and a call per round in another, leave the same transactions, entries and balances and answer the
 * same (keys repeated across rounds answer their first transaction and post nothing).
 */
let url: string;
let pool: pg.Pool;
beforeAll(async () => {
  url = await createTestDatabase();
  pool = new pg.Pool({ connectionString: url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
});

// Six members, two wallets each: a round can move more than the 8 member accounts the few-accounts path takes.
const MEMBERS = 6;
type Side = { member: number; kind: 'deposit' | 'working' } | { platform: 'adjustments' | 'cash' };
type Leg = { side: Side; amount: number };
type Posting = { key: number; legs: Leg[] };

/**
 * A posting touches each account once (one entry per account and transaction): one to three member accounts,
 * balanced by one platform account. Member money leaves only deposit wallets, funded well beyond what a run
 * moves: nothing overdraws.
 */
const memberLeg: fc.Arbitrary<Leg> = fc.oneof(
  fc.record({
    side: fc.record({
      member: fc.integer({ min: 0, max: MEMBERS - 1 }),
      kind: fc.constant('deposit' as const),
    }),
    amount: fc.integer({ min: -500, max: 500 }).filter((a) => a !== 0),
  }),
  fc.record({
    side: fc.record({
      member: fc.integer({ min: 0, max: MEMBERS - 1 }),
      kind: fc.constant('working' as const),
    }),
    amount: fc.integer({ min: 1, max: 500 }),
  }),
);
const posting: fc.Arbitrary<Posting> = fc
  .record({
    key: fc.integer({ min: 0, max: 11 }),
    legs: fc.uniqueArray(memberLeg, {
      minLength: 1,
      maxLength: 3,
      selector: (l) => ('member' in l.side ? `${l.side.member}:${l.side.kind}` : ''),
    }),
    platform: fc.constantFrom('adjustments' as const, 'cash' as const),
  })
  .filter((p) => p.legs.reduce((sum, l) => sum + l.amount, 0) !== 0)
  .map((p) => ({
    key: p.key,
    legs: [
      ...p.legs,
      { side: { platform: p.platform }, amount: -p.legs.reduce((sum, l) => sum + l.amount, 0) },
    ],
  }));
/** Rounds of postings with distinct keys inside a round (keys repeat across rounds). */
const rounds = fc.array(fc.uniqueArray(posting, { minLength: 1, maxLength: 7, selector: (p) => p.key }), {
  minLength: 1,
  maxLength: 4,
});

let run = 0;
/** Rounds that moved more than 8 member accounts: the batch path (all locked in id order, one UPDATE). */
let batchRounds = 0;
async function members(prefix: string): Promise<bigint[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO users (username, email, password_hash, fullname, refferal_code)
     SELECT $1 || i, $1 || i || '@example.test', 'x', 'Member ' || i, $1 || i FROM generate_series(1, $2::int) AS i
     RETURNING id`,
    [prefix, MEMBERS],
  );
  const ids = rows.map((r) => BigInt(r.id));
  // Funded once, the same way on both sides.
  await postRound(
    `${prefix}:fund`,
    ids,
    ids.map((_id, i) => ({
      key: 1000 + i,
      legs: [
        { side: { member: i, kind: 'deposit' }, amount: 1_000_000 },
        { side: { platform: 'adjustments' }, amount: -1_000_000 },
      ],
    })),
  );
  return ids;
}

/** One call of ledger_post_many with the round's postings. */
async function postRound(
  prefix: string,
  ids: bigint[],
  ps: Posting[],
): Promise<{ key: number; created: boolean }[]> {
  const owner = (s: Side) => ('member' in s ? String(ids[s.member]) : null);
  const kind = (s: Side) => ('member' in s ? s.kind : s.platform);
  const entries = ps.flatMap((p, i) =>
    p.legs.map((l) => ({ p: i + 1, owner: owner(l.side), kind: kind(l.side), amount: String(l.amount) })),
  );
  const { rows } = await pool.query<{ posting: number; created: boolean }>(
    `SELECT posting, created FROM ledger_post_many($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[],
       $6::jsonb[], NULL, $7::integer[], $8::bigint[], $9::text[], $10::text[], $11::bigint[]) ORDER BY posting`,
    [
      ps.map((p) => `${prefix}:${p.key}`),
      ps.map(() => 'adjustment'),
      ps.map(() => null),
      ps.map(() => null),
      ps.map((p) => `posting ${p.key}`),
      ps.map((p) => JSON.stringify({ key: p.key })),
      entries.map((e) => e.p),
      entries.map((e) => e.owner),
      entries.map((e) => e.kind),
      entries.map(() => 'USD'),
      entries.map((e) => e.amount),
    ],
  );
  return rows.map((r) => ({ key: (ps[r.posting - 1] as Posting).key, created: r.created }));
}

/** What a side's postings left: each transaction's entries and each member account's balance, by member index. */
async function state(prefix: string, ids: bigint[]) {
  const index = new Map(ids.map((id, i) => [String(id), i]));
  const { rows: entries } = await pool.query<{
    key: string;
    owner: string | null;
    kind: string;
    amount: string;
  }>(
    `SELECT substr(t.idempotency_key, length($1) + 2) AS key, a.owner_id AS owner, a.kind, e.amount::text AS amount
     FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.idempotency_key LIKE $1 || ':%' AND t.idempotency_key NOT LIKE $1 || ':fund:%'
     ORDER BY 1, 2 NULLS FIRST, 3, 4`,
    [prefix],
  );
  const { rows: balances } = await pool.query<{ owner: string; kind: string; balance: string }>(
    `SELECT owner_id AS owner, kind, balance::text AS balance FROM ledger_accounts
     WHERE owner_id = ANY ($1::bigint[]) ORDER BY owner_id, kind`,
    [ids.map(String)],
  );
  return {
    entries: entries.map((e) => ({ ...e, owner: e.owner === null ? null : index.get(String(e.owner)) })),
    balances: balances.map((b) => ({ ...b, owner: index.get(String(b.owner)) })),
  };
}

describe('the one writer of the ledger: one posting and many agree', () => {
  it('posting one at a time and a round at once leave the same ledger and answer the same', async () => {
    await fc.assert(
      fc.asyncProperty(rounds, async (rs) => {
        run += 1;
        const [one, many] = [`one${run}-`, `many${run}-`];
        const [oneIds, manyIds] = [await members(one), await members(many)];
        const answersOne: { key: number; created: boolean }[] = [];
        const answersMany: { key: number; created: boolean }[] = [];
        for (const r of rs) {
          const accounts = new Set(
            r.flatMap((p) =>
              p.legs.flatMap((l) => ('member' in l.side ? [`${l.side.member}:${l.side.kind}`] : [])),
            ),
          );
          if (accounts.size > 8) batchRounds += 1;
          for (const p of r) answersOne.push(...(await postRound(one, oneIds, [p])));
          answersMany.push(...(await postRound(many, manyIds, r)));
        }
        expect(answersMany).toEqual(answersOne);
        expect(await state(many, manyIds)).toEqual(await state(one, oneIds));
      }),
      { numRuns: 40 },
    );
    // Both paths of the function ran: the property compared the batch path with one posting at a time too.
    expect(batchRounds).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a round in which one posting overdraws, and posts none of it; alone, the others post', async () => {
    const ids = await members('over-');
    const ok: Posting = {
      key: 1,
      legs: [
        { side: { member: 0, kind: 'deposit' }, amount: -5 },
        { side: { platform: 'cash' }, amount: 5 },
      ],
    };
    const over: Posting = {
      key: 2,
      legs: [
        { side: { member: 1, kind: 'deposit' }, amount: -1_000_001 },
        { side: { platform: 'cash' }, amount: 1_000_001 },
      ],
    };
    for (const round of [
      [ok, over],
      // With more than 8 member accounts (the batch path): each member's deposit pays their working wallet.
      [
        over,
        ok,
        ...Array.from({ length: MEMBERS }, (_v, i) => ({
          key: 10 + i,
          legs: [
            { side: { member: i, kind: 'deposit' as const }, amount: -5 },
            { side: { member: i, kind: 'working' as const }, amount: 5 },
          ],
        })),
      ],
    ]) {
      await expect(postRound('over-', ids, round)).rejects.toMatchObject({ code: 'SX001' });
      const { rows } =
        await pool.query(`SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE 'over-:_%'
        AND idempotency_key NOT LIKE 'over-:fund:%'`);
      expect(rows).toEqual([]);
    }
    await expect(postRound('over-', ids, [over])).rejects.toMatchObject({ code: 'SX001' });
    expect(await postRound('over-', ids, [ok])).toEqual([{ key: 1, created: true }]);
    expect(
      (await state('over-', ids)).balances.find((b) => b.owner === 0 && b.kind === 'deposit')?.balance,
    ).toBe('999995');
  });

  it('refuses a call whose arrays disagree or whose entry names no posting of the call, posting nothing', async () => {
    const ids = await members('bad-');
    const call = (keys: string[], entryOf: number[], owners: (string | null)[], amounts: string[]) =>
      pool.query(
        `SELECT * FROM ledger_post_many($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::jsonb[],
           NULL, $7::integer[], $8::bigint[], $9::text[], $10::text[], $11::bigint[])`,
        [
          keys,
          keys.map(() => 'adjustment'),
          keys.map(() => null),
          keys.map(() => null),
          keys.map(() => null),
          keys.map(() => null),
          entryOf,
          owners,
          owners.map((o) => (o === null ? 'cash' : 'deposit')),
          owners.map(() => 'USD'),
          amounts,
        ],
      );
    const m = String(ids[0]);
    // One posting: an owner missing; an entry of a second posting that is not there.
    await expect(call(['bad-:1'], [1, 1], [m], ['5', '-5'])).rejects.toMatchObject({ code: 'SX002' });
    await expect(call(['bad-:2'], [1, 2], [m, null], ['5', '-5'])).rejects.toMatchObject({ code: 'SX002' });
    // Many postings: an entry of posting 3 of 2.
    await expect(
      call(['bad-:3', 'bad-:4'], [1, 1, 2, 3], [m, null, m, null], ['5', '-5', '6', '-6']),
    ).rejects.toMatchObject({ code: 'SX002' });
    // Entries without postings.
    await expect(call([], [1, 1], [m, null], ['5', '-5'])).rejects.toMatchObject({ code: 'SX002' });
    const { rows } = await pool.query(
      "SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE 'bad-:_'",
    );
    expect(rows).toEqual([]);
  });
});
