import { randomInt } from 'node:crypto';
import type { ProofMeResponse, ProofResponse } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { type SumProof, verifyProof } from '@sgx/money/merkle-sum';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { jobs } from '../../jobs/jobs';
import { reconcile } from '../ledger/ledger.service';
import { ProofService, sha256, utcDay } from './proof.service';

/**
 * Proof of liabilities (decision 0044) on a random ledger of 10,000 members: the tree's totals are the
 * ledger's member liabilities, every member's proof verifies with the library the browser uses, a day gets one
 * tree however often and concurrently it is built, and the published figures need no session.
 */
const MEMBERS = 10_000;
let t: TestApp;
let proofs: ProofService;
let signedIn: { who: Built; token: string }[];
/** Every member's expected balances in units: [USD, SGX]. */
const expected = new Map<string, [bigint, bigint]>();

const job = jobs.find((j) => j.name === 'proof-of-liabilities-daily');
const runJob = () => {
  if (!job) throw new Error('no proof job');
  return job.run(t.deps, {}, new Date()) as Promise<{ built: boolean; root: string }>;
};
const getProof = async (token?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: token ? '/api/v1/proof/me' : '/api/v1/proof',
    headers: token ? bearer(token) : {},
  });
  return res;
};

/**
 * Random balances for every member in a few set-based statements: one balanced ledger transaction per funded
 * member (deposit, working, compound and SGX against the platform's cash and token treasury), the member
 * accounts' balances set to their entries (reconcile checks both).
 */
async function fund(ids: bigint[]): Promise<void> {
  const rows = ids.map((id, i) => {
    // One member in ten holds nothing: still a leaf, with zero balances.
    const zero = i % 10 === 3;
    const amounts = [0, 1, 2, 3].map(() => (zero ? 0n : BigInt(randomInt(1, 2 ** 40))));
    const [a = 0n, b = 0n, c = 0n, s = 0n] = amounts;
    expected.set(String(id), [a + b + c, s]);
    return { id, a, b, c, s, zero };
  });
  const funded = rows.filter((r) => !r.zero);
  const column = (pick: (r: (typeof funded)[number]) => bigint) => funded.map((r) => String(pick(r)));
  await sqlOn(
    t.url,
    `WITH x AS (
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) AS x (m, a, b, c, s)
     ), platform AS (
       INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
       VALUES (NULL, 'cash', 'USD', true), (NULL, 'token_treasury', 'SGX', true) ON CONFLICT DO NOTHING
     ), e AS (
       SELECT x.m, k.kind, k.asset, k.amount FROM x CROSS JOIN LATERAL (
         VALUES ('deposit', 'USD', x.a), ('working', 'USD', x.b), ('compound', 'USD', x.c), ('token', 'SGX', x.s)
       ) AS k (kind, asset, amount)
     )
     INSERT INTO ledger_accounts (owner_id, kind, asset, balance) SELECT m, kind, asset, amount FROM e`,
    [column((r) => r.id), column((r) => r.a), column((r) => r.b), column((r) => r.c), column((r) => r.s)],
  );
  await sqlOn(
    t.url,
    `WITH tx AS (
       INSERT INTO ledger_transactions (idempotency_key, kind, member_id)
       SELECT 'proof-seed:' || m, 'adjustment', m FROM unnest($1::bigint[]) AS m RETURNING id, member_id
     )
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, a.balance FROM tx JOIN ledger_accounts a ON a.owner_id = tx.member_id
     UNION ALL
     SELECT tx.id, p.id, -sum(a.balance) FROM tx JOIN ledger_accounts a ON a.owner_id = tx.member_id
       JOIN ledger_accounts p ON p.owner_id IS NULL AND p.kind = CASE a.asset WHEN 'USD' THEN 'cash' ELSE 'token_treasury' END
       GROUP BY tx.id, p.id`,
    [column((r) => r.id)],
  );
}

async function liabilities(): Promise<[bigint, bigint]> {
  const { rows } = await sqlOn(
    t.url,
    `SELECT coalesce(sum(balance) FILTER (WHERE asset = 'USD'), 0)::text AS usd,
            coalesce(sum(balance) FILTER (WHERE asset = 'SGX'), 0)::text AS sgx
     FROM ledger_balances WHERE owner_id IS NOT NULL OR kind = 'pending_withdrawals'`,
  );
  return [BigInt(rows[0].usd), BigInt(rows[0].sgx)];
}

beforeAll(async () => {
  t = await buildTestApp();
  proofs = new ProofService(t.deps.db);
  const { rows } = await sqlOn(
    t.url,
    `INSERT INTO users (username, email, password_hash, role, fullname, refferal_code)
     SELECT 'PRF' || g, 'proof-' || g || '@test.example', 'x', 'user', 'Proof Member', 'PRC' || g
     FROM generate_series(1, $1::int) g RETURNING id`,
    [MEMBERS - 3],
  );
  const built = await Promise.all([0, 1, 2].map(() => buildMember(t.deps)));
  signedIn = await Promise.all(built.map(async (who) => ({ who, token: await tokenFor(t.app, who) })));
  await fund([...built.map((b) => b.id), ...rows.map((r) => BigInt(r.id))]);
}, 120_000);
afterAll(() => t.close());

describe('proof of liabilities', () => {
  it('publishes nothing before the first tree, without a session', async () => {
    const res = await getProof();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ root: null, day: null, leaf_count: 0, history: [], reserves: [] });
    const me = await getProof(signedIn[0]?.token);
    expect(me.statusCode).toBe(404);
    expect(me.json().message).toMatch(/not in a published proof yet/);
  });

  it('builds one tree a day: the job twice and the admin route give the same tree', async () => {
    const first = await runJob();
    const second = await runJob();
    expect(first.built).toBe(true);
    expect(second).toEqual({ ...first, built: false });
    const admin = await buildAdmin(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/proof/build',
      headers: bearer(await tokenFor(t.app, admin, 'admin')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ built: false, tree: { root: first.root, day: utcDay(new Date()) } });
    const { rows } = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM proof_trees');
    expect(rows[0].n).toBe(1);
    // A member without a session cannot read a proof; the published figures need none.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/proof/me' })).statusCode).toBe(401);
  }, 120_000);

  it("the tree's totals are the ledger's member liabilities to the unit, also after later postings", async () => {
    const published: ProofResponse = (await getProof()).json();
    const [usd, sgx] = await liabilities();
    expect(published.totals).toEqual({ USD: formatUnits(usd), SGX: formatUnits(sgx) });
    expect(published.leaf_count).toBeGreaterThanOrEqual(MEMBERS);
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([]);

    // Money that moves after the cut-off changes the ledger, not the tree: reconcile still agrees.
    const someone = signedIn[1]?.who.id;
    await sqlOn(
      t.url,
      `SELECT ledger_post_many(ARRAY['proof-later'], ARRAY['adjustment']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL, ARRAY[1, 1], ARRAY[$1::bigint, NULL], ARRAY['deposit', 'cash'], ARRAY['USD', 'USD'], ARRAY[123456789, -123456789]::bigint[])`,
      [String(someone)],
    );
    expect((await liabilities())[0]).toBe(usd + 123_456_789n);
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([]);

    // A published total one unit off is found.
    await sqlOn(t.url, 'UPDATE proof_trees SET total_usd = total_usd + 1');
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([
      expect.stringMatching(/^proof \d{4}-\d\d-\d\d USD: tree \d+ units, ledger \d+ units at the cut-off$/),
    ]);
    await sqlOn(t.url, 'UPDATE proof_trees SET total_usd = total_usd - 1');
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([]);
  });

  it("every member's proof verifies against the published root, with the member's own balances", async () => {
    const published: ProofResponse = (await getProof()).json();
    const root = published.root ?? '';
    const totals = [published.totals.USD, published.totals.SGX];
    const check = async (memberId: string, proof: SumProof, balances: { USD: string; SGX: string }) => {
      const want = expected.get(memberId) ?? [0n, 0n];
      expect(balances).toEqual({ USD: formatUnits(want[0]), SGX: formatUnits(want[1]) });
      expect(proof.member?.id).toBe(memberId);
      const result = await verifyProof(proof, root, totals, sha256);
      if (!result.ok) throw new Error(`member ${memberId}: ${result.reason} ${result.detail}`);
    };
    // A sample through HTTP, as members download it.
    for (const { who, token } of signedIn) {
      const res = await getProof(token);
      expect(res.statusCode).toBe(200);
      const body: ProofMeResponse = res.json();
      expect(body).toMatchObject({
        root,
        totals: published.totals,
        day: published.day,
        cutoff: published.cutoff,
      });
      await check(String(who.id), body.proof as SumProof, body.balances);
    }
    // Every other member from the service, a few at a time.
    // (How fast a proof is served is not asserted: no test asserts wall-clock time, decision 0060.)
    const ids = [...expected.keys()];
    for (let i = 0; i < ids.length; i += 8) {
      await Promise.all(
        ids.slice(i, i + 8).map(async (id) => {
          const r = await proofs.proofOf(BigInt(id));
          await check(id, r.proof, r.balances);
        }),
      );
    }
    expect(ids.length).toBe(MEMBERS);
    // A leaf of zero balances is in the tree like any other.
    const zero = ids.find((id) => expected.get(id)?.[0] === 0n);
    expect(zero).toBeDefined();
    const z = await proofs.proofOf(BigInt(zero ?? '0'));
    expect(z.balances).toEqual({ USD: '0.00000000', SGX: '0.00000000' });
  }, 300_000);

  it('a tampered proof fails: a changed balance, a changed sibling sum, a negative sum', async () => {
    const published: ProofResponse = (await getProof()).json();
    const totals = [published.totals.USD, published.totals.SGX];
    const body: ProofMeResponse = (await getProof(signedIn[0]?.token)).json();
    const verify = (p: SumProof) => verifyProof(p, published.root ?? '', totals, sha256);
    const original = body.proof as SumProof;
    expect(await verify(original)).toEqual({ ok: true });
    const balance = structuredClone(original);
    balance.leaf.balances[0] = '999999.00000000';
    expect(await verify(balance)).toMatchObject({ ok: false, reason: 'root' });
    const sibling = structuredClone(original);
    if (sibling.path[0]) sibling.path[0].sums[1] = '1.00000000';
    expect(await verify(sibling)).toMatchObject({ ok: false });
    const negative = structuredClone(original);
    if (negative.path[1]) negative.path[1].sums[0] = '-5.00000000';
    expect(await verify(negative)).toMatchObject({ ok: false, reason: 'negative' });
  });

  it('concurrent builds of one day build one tree; an admin build is audited', async () => {
    const results = await Promise.all([1, 2, 3].map(() => proofs.buildDay('2000-01-01')));
    expect(results.filter((r) => r.built)).toHaveLength(1);
    expect(new Set(results.map((r) => r.tree.root)).size).toBe(1);
    const { rows } = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM proof_trees WHERE day = '2000-01-01'",
    );
    expect(rows[0].n).toBe(1);
    const audit = await sqlOn(t.url, "SELECT count(*)::int AS n FROM audit_log WHERE action = 'proof.build'");
    // The admin's call found today's tree built by the job: nothing built, nothing audited.
    expect(audit.rows[0].n).toBe(0);
    const admin = await buildAdmin(t.deps);
    const again = await proofs.buildDay('2000-01-02', admin.id);
    expect(again.built).toBe(true);
    const audited = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'proof.build'",
    );
    expect(audited.rows[0].n).toBe(1);
  }, 120_000);

  it('a ledger transaction open across the cut-off counts wholly after it, so reconcile still agrees', async () => {
    // A posting started (as the app role, like every request) and not committed while the tree is built.
    const open = new pg.Client({ connectionString: t.appUrl });
    await open.connect();
    try {
      await open.query('BEGIN');
      await open.query(
        `SELECT ledger_post_many(ARRAY['proof-open'], ARRAY['adjustment']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL, ARRAY[1, 1], ARRAY[$1::bigint, NULL], ARRAY['deposit', 'cash'], ARRAY['USD', 'USD'], ARRAY[555, -555]::bigint[])`,
        [String(signedIn[2]?.who.id)],
      );
      const started = (await open.query('SELECT now() AS at')).rows[0].at as Date;
      // The latest tree from now on (a day after every other one).
      const built = await proofs.buildDay('2099-01-01');
      expect(built.built).toBe(true);
      expect(new Date(built.tree.cutoff).getTime()).toBeLessThanOrEqual(started.getTime());
      await open.query('COMMIT');
    } finally {
      await open.end();
    }
    // The ledger now holds the posting; the tree, cut off before it started, does not.
    const [usd] = await liabilities();
    const published: ProofResponse = (await getProof()).json();
    expect(published.day).toBe('2099-01-01');
    expect(parseUnits(published.totals.USD)).toBe(usd - 555n);
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([]);
  });

  it('money held for a pending withdrawal is still owed to the member: in their leaf and the total', async () => {
    const who = signedIn[0];
    if (!who) throw new Error('no member');
    const before = expected.get(String(who.who.id)) ?? [0n, 0n];
    // A withdrawal request as the app makes it: the row and the hold from the deposit wallet, in one statement.
    const hold = (key: string, amount: bigint) =>
      sqlOn(
        t.url,
        `WITH w AS (
           INSERT INTO withdrawals (user_id, kind, amount, fee, net, currency, address, request_key)
           VALUES ($1::bigint, 'working', $2::bigint, 100, $2::bigint - 100, 'BEP20', '0xabc', $3) RETURNING id
         )
         SELECT w.id, ledger_post_many(ARRAY['withdrawal-hold:' || w.id], ARRAY['withdrawal_hold']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL,
           ARRAY[1, 1], ARRAY[$1::bigint, NULL], ARRAY['deposit', 'pending_withdrawals'], ARRAY['USD', 'USD'], ARRAY[-$2::bigint, $2::bigint]) FROM w`,
        [String(who.who.id), String(amount), key],
      );
    const held = await hold('proof-pending-1', 70_000n);
    const built = await proofs.buildDay('2100-01-01');
    expect(built.built).toBe(true);
    // Held after the cut-off: in neither the leaf nor the total.
    await hold('proof-pending-2', 1_000n);
    const mine = await proofs.proofOf(who.who.id);
    expect(mine.tree.day).toBe('2100-01-01');
    // The hold moved 70,000 units out of the member's wallet before the cut-off: the leaf still holds them all.
    expect(parseUnits(mine.balances.USD)).toBe(before[0]);
    const [usd] = await liabilities();
    const published: ProofResponse = (await getProof()).json();
    // A hold moves owed money from a wallet to pending_withdrawals: the liabilities stay what they were.
    expect(parseUnits(published.totals.USD)).toBe(usd);
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([]);
    // Declined after the cut-off (the money goes back): the tree and the ledger still agree.
    const id = String(held.rows[0].id);
    await sqlOn(
      t.url,
      `SELECT ledger_post_many(ARRAY['withdrawal-decline:' || $2], ARRAY['withdrawal_release']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL,
         ARRAY[1, 1], ARRAY[NULL, $1::bigint], ARRAY['pending_withdrawals', 'deposit'], ARRAY['USD', 'USD'], ARRAY[-70000, 70000]::bigint[])`,
      [String(who.who.id), id],
    );
    await sqlOn(t.url, "UPDATE withdrawals SET status = 'decline' WHERE id = $1::bigint", [id]);
    expect((await reconcile(t.deps.db)).proof_mismatches).toEqual([]);
  });
});
