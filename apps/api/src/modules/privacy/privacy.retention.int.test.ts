import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { randomHash } from '../../../test/money';
import { jobs } from '../../jobs/jobs';
import { reconcile } from '../ledger/ledger.service';

/**
 * The end of the retention period of a closed member's kept records (decision 0077), on a real database: two
 * members with the records anti-money-laundering law keeps (a deposit from a chain address, a linked wallet, risk
 * signals of their sign-ins, a country, a cleared compliance flag and a released sanctions hit) close their
 * accounts; one closed more than five years ago, one a little less. The daily job reduces the first one's records
 * and leaves the second one's; a second run changes nothing; the ledger is untouched and the books reconcile.
 */

let t: TestApp;
let adminToken: string;
let sink: Built;
let listId: number;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  sink = await buildMember(t.deps);
  // The operator's own list (one current list per source).
  const list = await sqlOn(
    t.url,
    "SELECT id FROM sanctions_lists WHERE source = 'operator' AND replaced_at IS NULL",
  );
  listId = list.rows[0]?.id;
  expect(listId).toBeDefined();
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

const WALLET_REASON = 'Name match with a listed person, documents checked';

type Closed = Built & { wallet: string };

/** A member with kept records who sends their money away and closes the account. */
async function closedMember(): Promise<Closed> {
  const m = await buildMember(t.deps);
  const token = await tokenFor(t.app, m);
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const dep = await api('POST', '/deposite/add', token, {
    user_id: Number(m.id),
    amount: '10',
    currency: 'BEP20',
    hash: randomHash(),
  });
  expect(dep.statusCode, dep.body).toBe(201);
  const ok = await api('PUT', `/deposite/${dep.json().deposit.id}`, adminToken, {
    status: 'complete',
    user_id: Number(m.id),
    note: 'seen on chain',
  });
  expect(ok.statusCode, ok.body).toBe(200);
  await sqlOn(t.url, 'UPDATE deposits SET from_address = $2 WHERE user_id = $1', [m.id, wallet]);
  await sqlOn(t.url, 'INSERT INTO member_wallets (address, user_id, chain_id) VALUES ($1, $2, 56)', [
    wallet,
    m.id,
  ]);
  await sqlOn(t.url, "UPDATE users SET country = 'DE' WHERE id = $1", [m.id]);
  const flag = await sqlOn(
    t.url,
    `INSERT INTO member_flags (member_id, source, reason, details, cleared_at, clear_reason)
     VALUES ($1, 'sanctions', $2, $3, now(), 'Not the listed person: passport checked') RETURNING id`,
    [m.id, `Wallet ${wallet} on the operator's list`, { address: wallet }],
  );
  await sqlOn(
    t.url,
    `INSERT INTO sanctions_hits (kind, member_id, address, list_id, list_source, list_date, flag_id, status,
       decided_at, decision_reason)
     VALUES ('wallet', $1, $2, $3, 'operator', current_date, $4, 'released', now(), $5)`,
    [m.id, wallet, listId, flag.rows[0]?.id, WALLET_REASON],
  );
  const sent = await api(
    'POST',
    '/transfer/touser',
    token,
    { user_id: Number(m.id), userto_id: Number(sink.id), amount: '10' },
    { 'idempotency-key': randomBytes(8).toString('hex') },
  );
  expect(sent.statusCode, sent.body).toBe(201);
  const closed = await api('POST', '/privacy/close', token, {
    password: m.password,
    confirmation: 'CLOSE MY ACCOUNT',
  });
  expect(closed.statusCode, closed.body).toBe(200);
  return { ...m, wallet };
}

/** What is kept of a member: the records the retention end is about, and their ledger. */
async function keptOf(id: bigint) {
  const { rows } = await sqlOn(
    t.url,
    `SELECT
       (SELECT count(*)::int FROM access_ips WHERE user_id = $1) AS access_ips,
       (SELECT count(*)::int FROM member_wallets WHERE user_id = $1) AS wallets,
       (SELECT array_agg(from_address) FROM deposits WHERE user_id = $1) AS deposit_senders,
       (SELECT array_agg(hash IS NOT NULL) FROM deposits WHERE user_id = $1) AS deposit_hashes,
       (SELECT country FROM users WHERE id = $1) AS country,
       (SELECT json_agg(json_build_object('reason', reason, 'details', details, 'clear_reason', clear_reason,
          'source', source, 'cleared', cleared_at IS NOT NULL)) FROM member_flags WHERE member_id = $1) AS flags,
       (SELECT json_agg(json_build_object('address', address, 'decision_reason', decision_reason,
          'status', status)) FROM sanctions_hits WHERE member_id = $1) AS hits,
       (SELECT count(*)::int FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.owner_id = $1) AS ledger_entries`,
    [id],
  );
  return rows[0];
}

const retentionJob = () => {
  const job = jobs.find((j) => j.name === 'privacy-retention-daily');
  if (!job) throw new Error('the privacy retention job is not registered');
  return job.run(t.deps, {}, new Date());
};

describe("the end of closed members' retention period", () => {
  it('reduces the kept records of a member closed over five years ago, keeps a newer one, and the books still reconcile', async () => {
    const old = await closedMember();
    const recent = await closedMember();
    const before = { old: await keptOf(old.id), recent: await keptOf(recent.id) };
    // Both have what the law keeps after closing.
    for (const kept of [before.old, before.recent]) {
      expect(kept?.access_ips).toBeGreaterThan(0);
      expect(kept).toMatchObject({ wallets: 1, country: 'DE', deposit_hashes: [true] });
      expect(kept?.ledger_entries).toBeGreaterThan(0);
    }
    expect(before.old?.deposit_senders).toEqual([old.wallet]);
    expect(before.old?.hits).toEqual([
      { address: old.wallet, decision_reason: WALLET_REASON, status: 'released' },
    ]);
    // One closed 1826 days ago (past the period), one 1800 days ago (within it).
    await sqlOn(t.url, "UPDATE users SET deleted_at = now() - interval '1826 days' WHERE id = $1", [old.id]);
    await sqlOn(t.url, "UPDATE users SET deleted_at = now() - interval '1800 days' WHERE id = $1", [
      recent.id,
    ]);

    const run = await retentionJob();
    expect(run).toMatchObject({ members: 1 });

    // The older one's personal remainder is gone; the ledger and the deposit's chain record stay.
    const after = await keptOf(old.id);
    expect(after).toEqual({
      access_ips: 0,
      wallets: 0,
      deposit_senders: [null],
      deposit_hashes: [true],
      country: null,
      flags: [
        { reason: '[erased]', details: {}, clear_reason: '[erased]', source: 'sanctions', cleared: true },
      ],
      hits: [{ address: '[erased]', decision_reason: null, status: 'released' }],
      ledger_entries: before.old?.ledger_entries,
    });
    // The newer one keeps everything.
    expect(await keptOf(recent.id)).toEqual(before.recent);

    // Audited once, as the marker that the member is done; a second run finds nobody.
    expect(await retentionJob()).toEqual({ members: 0, touched: {} });
    const audit = await sqlOn(
      t.url,
      "SELECT entity_id, after FROM audit_log WHERE action = 'privacy.retention_end' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      {
        entity_id: String(old.id),
        after: expect.objectContaining({ access_ips: before.old?.access_ips, member_wallets: 1, users: 1 }),
      },
    ]);

    // The books still reconcile, and through the API too.
    const r = await reconcile(t.deps.db);
    expect(r.mismatches).toEqual([]);
    expect(r.unbalanced).toEqual([]);
    const recon = await api('GET', '/ledger/reconciliation', adminToken);
    expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  });
});
