import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { updateSanctionsList } from './sanctions.update';

/**
 * Re-screening (decision 0075) on the real PostgreSQL: when the operator adds an address to their list, or a
 * publication replaces the OFAC list, the payout addresses members already set and the wallets they already linked
 * are screened against it. Each found is a hit held for compliance: the member flagged (the compliance alert open)
 * and an audit record naming the list and its date; once per member and address, however often the list is loaded
 * again.
 */
let t: TestApp;
let owner: string;
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** Clean on every list until the operator adds it. */
const CLEAN = '0x52908400098527886E0F7030069857D2E4169EE7';
/** On the fixture publication sdn_advanced.xml (2024-03-07): two EVM addresses and a TRON one. */
const LISTED_EVM = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1';
const LISTED_EVM_2 = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const LISTED_TRX = 'TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner), ...(payload ? { payload } : {}) });

/** A member whose payout address (users.bep20 / users.trc20) was set before any list named it. */
async function memberWithPayout(column: 'bep20' | 'trc20', address: string) {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, `UPDATE users SET ${column} = $2 WHERE id = $1`, [m.id, address]);
  return m;
}

/** A member who linked `address` (as member_wallets keeps it: lower case) before any list named it. */
async function memberWithWallet(address: string) {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, 'INSERT INTO member_wallets (address, user_id, chain_id) VALUES ($1, $2, 56)', [
    address.toLowerCase(),
    m.id,
  ]);
  return m;
}

const tracesOf = async (memberId: bigint) => ({
  hits: (
    await sqlOn(
      t.url,
      `SELECT kind, status, address, list_source, to_char(list_date, 'YYYY-MM-DD') AS list_date
       FROM sanctions_hits WHERE member_id = $1 ORDER BY id`,
      [memberId],
    )
  ).rows,
  flags: (
    await sqlOn(
      t.url,
      "SELECT source, details->>'list_date' AS list_date FROM member_flags WHERE member_id = $1 AND cleared_at IS NULL",
      [memberId],
    )
  ).rows,
  audit: (
    await sqlOn(
      t.url,
      `SELECT action, after->>'list_source' AS source, after->>'list_date' AS date, reason FROM audit_log
       WHERE action LIKE 'sanctions.%' AND after->>'member_id' = $1 ORDER BY id`,
      [String(memberId)],
    )
  ).rows,
});

const openComplianceAlerts = async () =>
  (await sqlOn(t.url, "SELECT 1 FROM staff_alerts WHERE kind = 'compliance' AND resolved_at IS NULL"))
    .rowCount;

describe('re-screening what members already use', () => {
  it('flags a payout address already set when the operator adds it to their list, once', async () => {
    const m = await memberWithPayout('bep20', CLEAN);
    const bystander = await memberWithPayout('bep20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(await openComplianceAlerts()).toBe(0);
    const added = await call('POST', '/admin/sanctions/operator', {
      address: CLEAN,
      reason: 'Police request 7',
    });
    expect(added.statusCode, added.body).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const found = await tracesOf(m.id);
    expect(found).toEqual({
      hits: [
        {
          kind: 'payout_address',
          status: 'held',
          address: CLEAN.toLowerCase(),
          list_source: 'operator',
          list_date: today,
        },
      ],
      flags: [{ source: 'sanctions', list_date: today }],
      audit: [
        {
          action: 'sanctions.rescreen',
          source: 'operator',
          date: today,
          reason: `Sanctions: payout address ${CLEAN.toLowerCase()}, set before it was listed, found on re-screening; on the operator's own list of ${today}.`,
        },
      ],
    });
    expect(await openComplianceAlerts()).toBeGreaterThan(0);
    expect(await tracesOf(bystander.id)).toEqual({ hits: [], flags: [], audit: [] });
    // Compliance reads it among the hits.
    const overview = await call('GET', '/admin/sanctions');
    expect(overview.json().hits).toContainEqual(
      expect.objectContaining({ kind: 'payout_address', status: 'held', member_id: Number(m.id) }),
    );

    // Removed and added again: the member and address were raised once already.
    const entry = added.json().entry;
    const removed = await call('POST', `/admin/sanctions/operator/${entry.id}/remove`, { reason: 'Typo' });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await call('POST', '/admin/sanctions/operator', {
      address: CLEAN,
      reason: 'Police request 7',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await tracesOf(m.id)).toEqual(found);
  });

  it('flags payout addresses and linked wallets found on a publication loaded, and never twice on reloading it', async () => {
    const evmPayout = await memberWithPayout('bep20', LISTED_EVM);
    const tronPayout = await memberWithPayout('trc20', LISTED_TRX);
    const wallet = await memberWithWallet(LISTED_EVM_2);
    const clean = await memberWithWallet('0x000000000000000000000000000000000000dEaD');

    const r = await updateSanctionsList(t.deps.db, { file: fixture('sdn_advanced.xml') });
    expect(r).toMatchObject({ publishedOn: '2024-03-07', entries: 3, rescreened: 3 });
    const expected = (kind: string, address: string) => ({
      hits: [{ kind, status: 'held', address, list_source: 'ofac_sdn', list_date: '2024-03-07' }],
      flags: [{ source: 'sanctions', list_date: '2024-03-07' }],
      audit: [
        expect.objectContaining({ action: 'sanctions.rescreen', source: 'ofac_sdn', date: '2024-03-07' }),
      ],
    });
    expect(await tracesOf(evmPayout.id)).toEqual(expected('payout_address', LISTED_EVM.toLowerCase()));
    expect(await tracesOf(tronPayout.id)).toEqual(expected('payout_address', LISTED_TRX));
    expect(await tracesOf(wallet.id)).toEqual(expected('wallet', LISTED_EVM_2.toLowerCase()));
    expect(await tracesOf(clean.id)).toEqual({ hits: [], flags: [], audit: [] });
    const [audit] = (await tracesOf(wallet.id)).audit;
    expect(audit?.reason).toBe(
      `Sanctions: linked wallet ${LISTED_EVM_2.toLowerCase()}, set before it was listed, found on re-screening; on the OFAC SDN list of 2024-03-07.`,
    );

    // The same publication again (the daily refresh, a second run by hand): nothing raised twice.
    const count = async () =>
      (await sqlOn(t.url, "SELECT count(*)::int AS n FROM audit_log WHERE action = 'sanctions.rescreen'"))
        .rows[0]?.n;
    const before = await count();
    const again = await updateSanctionsList(t.deps.db, { file: fixture('sdn_advanced.xml') });
    expect(again.rescreened).toBe(0);
    expect(await count()).toBe(before);
    expect(await tracesOf(wallet.id)).toEqual(expected('wallet', LISTED_EVM_2.toLowerCase()));

    // Released by two admins (a false positive), it is not raised again by the next load either.
    const { rows } = await sqlOn(t.url, 'SELECT id FROM sanctions_hits WHERE member_id = $1', [wallet.id]);
    const hitId = rows[0]?.id;
    const asked = await call('POST', `/admin/sanctions/hits/${hitId}/release`, {
      reason: 'Not the same wallet',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const second = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${asked.json().approval.id}/approve`,
      headers: bearer(second),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await tracesOf(wallet.id)).flags).toEqual([]);
    expect((await updateSanctionsList(t.deps.db, { file: fixture('sdn_advanced.xml') })).rescreened).toBe(0);
    expect((await tracesOf(wallet.id)).hits).toEqual([expect.objectContaining({ status: 'released' })]);
    expect((await tracesOf(wallet.id)).flags).toEqual([]);
  });
});
