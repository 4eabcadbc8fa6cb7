import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEV_ACCOUNTS } from '@sgx/chain/dev';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { payoutConfirmation } from '../../../test/payout';
import { ensureSanctionsList, screenAddress } from './sanctions.lists';
import { updateSanctionsList } from './sanctions.update';

/**
 * Sanctions screening (decision 0075) on the real PostgreSQL: the shipped snapshot loaded on first run, a publication
 * replacing the OFAC list whole, the operator's own list through the compliance routes, and the refusals of a listed
 * payout address and a listed wallet, each flagging the member and audited with the list's date.
 */
let t: TestApp;
let owner: string;
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** On the shipped snapshot (ofac-sdn-eth.txt), in mixed case as published. */
const LISTED_ETH = '0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1';
const LISTED_TRX = 'TA3rH2A7iHnm6pKH8gr9cK1EZnShnmZdFg';
const CLEAN = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  await t.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const ofacLists = async () =>
  (
    await sqlOn(
      t.url,
      "SELECT id, to_char(published_on, 'YYYY-MM-DD') AS published_on, entry_count, replaced_at FROM sanctions_lists WHERE source = 'ofac_sdn' ORDER BY id",
    )
  ).rows;

describe('the lists', () => {
  it('loads the shipped snapshot once on first run, and checks any letter case of an EVM address', async () => {
    expect(await ensureSanctionsList(t.deps.db)).toBe(true);
    expect(await ensureSanctionsList(t.deps.db)).toBe(false);
    const [list] = await ofacLists();
    const manifest = JSON.parse(
      await readFile(path.join(import.meta.dirname, 'snapshot', 'manifest.json'), 'utf8'),
    );
    expect(list).toMatchObject({
      published_on: manifest.published_on,
      entry_count: 147 + 184,
      replaced_at: null,
    });
    const hit = await screenAddress(t.deps.db, LISTED_ETH.toUpperCase().replace('0X', '0x'));
    expect(hit).toMatchObject({ hit: true, source: 'ofac_sdn', listDate: manifest.published_on });
    expect(await screenAddress(t.deps.db, LISTED_TRX)).toMatchObject({ hit: true, family: 'tron' });
    expect(await screenAddress(t.deps.db, CLEAN)).toMatchObject({ hit: false });
    const seen = await call(owner, 'GET', '/admin/sanctions');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().lists).toEqual([
      expect.objectContaining({ source: 'ofac_sdn', entry_count: 331, published_on: manifest.published_on }),
      expect.objectContaining({ source: 'operator', entry_count: 0, published_on: null }),
    ]);
  });

  it('replaces the OFAC list whole with a publication, its date kept; a file without addresses changes nothing', async () => {
    const r = await updateSanctionsList(t.deps.db, { file: fixture('sdn_advanced.xml') });
    expect(r).toMatchObject({ publishedOn: '2024-03-07', entries: 3, evm: 2, tron: 1, skipped: 1 });
    const lists = await ofacLists();
    expect(lists.filter((l) => l.replaced_at === null)).toEqual([
      expect.objectContaining({ published_on: '2024-03-07', entry_count: 3 }),
    ]);
    // The snapshot's other addresses are gone with it; the publication's are in force, under its date.
    expect(await screenAddress(t.deps.db, '0x03893a7c7463AE47D46bc7f091665f1893656003')).toMatchObject({
      hit: false,
    });
    expect(await screenAddress(t.deps.db, LISTED_ETH)).toMatchObject({ hit: true, listDate: '2024-03-07' });
    const { rows } = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM sanctioned_addresses');
    expect(rows[0]?.n).toBe(3);

    // The CSV says no date: it is refused without one, loaded with it.
    await expect(updateSanctionsList(t.deps.db, { file: fixture('sdn.csv') })).rejects.toThrow(/--published/);
    const csv = await updateSanctionsList(t.deps.db, { file: fixture('sdn.csv'), published: '2024-03-08' });
    expect(csv).toMatchObject({ publishedOn: '2024-03-08', entries: 3 });
    const empty = path.join(tmpdir(), `sdn-empty-${process.pid}.csv`);
    await writeFile(
      empty,
      '1,"X","-0- ","CYBER2","Digital Currency Address - XBT 12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h"\n',
    );
    await expect(updateSanctionsList(t.deps.db, { file: empty, published: '2024-03-09' })).rejects.toThrow(
      /No EVM or TRON/,
    );
    expect(await screenAddress(t.deps.db, LISTED_ETH)).toMatchObject({ hit: true, listDate: '2024-03-08' });
    // Back to the snapshot for the rest of the file.
    const back = await updateSanctionsList(t.deps.db, {});
    expect(back.entries).toBe(331);
  });

  it('keeps the operator’s own list: compliance adds and removes with a reason, audited; other roles are refused', async () => {
    const support = await buildAdmin(t.deps);
    await sqlOn(t.url, "UPDATE users SET staff_roles = '{support}' WHERE id = $1", [support.id]);
    const supportToken = await tokenFor(t.app, support, 'admin');
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(
      (await call(supportToken, 'POST', '/admin/sanctions/operator', { address, reason: 'x' })).statusCode,
    ).toBe(403);
    expect((await call(supportToken, 'GET', '/admin/sanctions')).statusCode).toBe(403);
    const bad = await call(owner, 'POST', '/admin/sanctions/operator', { address: '0x12', reason: 'typo' });
    expect(bad.statusCode).toBe(400);
    const added = await call(owner, 'POST', '/admin/sanctions/operator', {
      address,
      reason: 'Police request 42',
    });
    expect(added.statusCode, added.body).toBe(201);
    const entry = added.json().entry;
    expect(entry).toMatchObject({ address: address.toLowerCase(), family: 'evm', note: 'Police request 42' });
    expect(
      (await call(owner, 'POST', '/admin/sanctions/operator', { address, reason: 'again' })).statusCode,
    ).toBe(409);
    const checked = await call(owner, 'GET', `/admin/sanctions/check?address=${address}`);
    expect(checked.json()).toMatchObject({ hit: true, list_source: 'operator', note: 'Police request 42' });
    const removed = await call(owner, 'POST', `/admin/sanctions/operator/${entry.id}/remove`, {
      reason: 'Lifted',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(owner, 'GET', `/admin/sanctions/check?address=${address}`)).json().hit).toBe(false);
    const audit = await sqlOn(
      t.url,
      "SELECT action, reason FROM audit_log WHERE action LIKE 'sanctions.operator_%' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      { action: 'sanctions.operator_add', reason: 'Police request 42' },
      { action: 'sanctions.operator_remove', reason: 'Lifted' },
    ]);
  });
});

describe('addresses members ask to use', () => {
  const hitTraces = async (memberId: bigint) => ({
    hits: (
      await sqlOn(
        t.url,
        "SELECT kind, status, address, list_source, to_char(list_date, 'YYYY-MM-DD') AS list_date FROM sanctions_hits WHERE member_id = $1",
        [memberId],
      )
    ).rows,
    flags: (
      await sqlOn(t.url, 'SELECT source FROM member_flags WHERE member_id = $1 AND cleared_at IS NULL', [
        memberId,
      ])
    ).rows,
    audit: (
      await sqlOn(
        t.url,
        "SELECT after->>'list_source' AS source, after->>'list_date' AS date FROM audit_log WHERE action = 'sanctions.refuse' AND after->>'member_id' = $1",
        [String(memberId)],
      )
    ).rows,
  });

  it('refuses a listed payout address with a neutral message, flags the member, audits the list and its date', async () => {
    const [list] = (await ofacLists()).filter((l) => l.replaced_at === null);
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const res = await call(token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: LISTED_ETH,
      ...(await payoutConfirmation(t, { ...m, token })),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      'This address cannot be used for payouts. Our compliance team will contact you about it.',
    );
    expect((await call(token, 'GET', '/users/payout-address')).json().bep20).toBeNull();
    expect(await hitTraces(m.id)).toEqual({
      hits: [
        {
          kind: 'payout_address',
          status: 'refused',
          address: LISTED_ETH.toLowerCase(),
          list_source: 'ofac_sdn',
          list_date: list?.published_on,
        },
      ],
      flags: [{ source: 'sanctions' }],
      audit: [{ source: 'ofac_sdn', date: list?.published_on }],
    });
    // The compliance alert is open.
    const alerts = await sqlOn(
      t.url,
      "SELECT 1 FROM staff_alerts WHERE kind = 'compliance' AND resolved_at IS NULL",
    );
    expect(alerts.rowCount).toBeGreaterThan(0);
    // A clean address goes through as before.
    const ok = await call(token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: CLEAN,
      ...(await payoutConfirmation(t, { ...m, token })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses to link a listed wallet (the operator’s list) and flags the member', async () => {
    const account = privateKeyToAccount(DEV_ACCOUNTS[3]?.privateKey as Hex);
    const added = await call(owner, 'POST', '/admin/sanctions/operator', {
      address: account.address,
      reason: 'Known scam wallet',
    });
    expect(added.statusCode, added.body).toBe(201);
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const challenge = await call(token, 'POST', '/wallets/challenge', {
      address: account.address,
      chainId: 56,
    });
    expect(challenge.statusCode, challenge.body).toBe(200);
    const { message } = challenge.json();
    const linked = await call(token, 'POST', '/wallets/link', {
      message,
      signature: await account.signMessage({ message }),
    });
    expect(linked.statusCode, linked.body).toBe(422);
    expect(linked.json().message).toBe(
      'This wallet cannot be linked. Our compliance team will contact you about it.',
    );
    expect((await call(token, 'GET', '/wallets')).json().wallets).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await hitTraces(m.id)).toMatchObject({
      hits: [{ kind: 'wallet', status: 'refused', list_source: 'operator', list_date: today }],
      flags: [{ source: 'sanctions' }],
    });
  });
});
