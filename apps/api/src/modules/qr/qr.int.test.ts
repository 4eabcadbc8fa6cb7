import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  memberToken = await tokenFor(t.app, await buildMember(t.deps));
});
afterAll(async () => {
  const recon = await asAdmin('GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(adminToken, method, url, payload);

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const FLIPPED = CHECKSUMMED.replace('a', 'A'); // one letter's case changed: the checksum fails
const OTHER_EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

type Address = { id: number; currency: string; address: string; label: string | null };
const live = async (token = memberToken): Promise<Address[]> => {
  const res = await call(token, 'GET', '/qr');
  expect(res.statusCode).toBe(200);
  return res.json().addresses;
};
const auditOf = async (action: string) =>
  (
    await sqlOn(
      t.url,
      'SELECT actor_id, entity_id, before, after, reason FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    )
  ).rows;

describe('deposit addresses', () => {
  it('saves a checksummed BEP20 address and a TRC20 address, shown to members', async () => {
    const bep = await asAdmin('POST', '/qr/add', {
      currency: 'BEP20',
      address: CHECKSUMMED,
      label: 'main wallet',
      reason: 'first setup',
    });
    expect(bep.statusCode).toBe(201);
    expect(bep.json().message).toBe('BEP20 deposit address saved');
    const trc = await asAdmin('POST', '/qr/add', { currency: 'TRC20', address: TRON, reason: 'first setup' });
    expect(trc.statusCode).toBe(201);
    expect(trc.json().addresses).toMatchObject([
      { currency: 'BEP20', address: CHECKSUMMED, label: 'main wallet' },
      { currency: 'TRC20', address: TRON, label: null },
    ]);
    expect(await live()).toEqual(trc.json().addresses);
    expect((await call(null, 'GET', '/qr')).statusCode).toBe(401);
  });

  it('refuses a bad checksum, a bad Tron address, a chain mix-up and a missing reason with 400', async () => {
    const before = await live();
    const cases: [Record<string, unknown>, string][] = [
      [{ currency: 'BEP20', address: FLIPPED, reason: 'typo' }, 'address'],
      [{ currency: 'BEP20', address: `${CHECKSUMMED}0`, reason: 'too long' }, 'address'],
      [{ currency: 'TRC20', address: `${TRON.slice(0, -1)}8`, reason: 'typo' }, 'address'],
      [{ currency: 'TRC20', address: CHECKSUMMED, reason: 'wrong chain' }, 'address'],
      [{ currency: 'BEP20', address: TRON, reason: 'wrong chain' }, 'address'],
      [{ currency: 'BEP20', address: CHECKSUMMED }, 'reason'],
      [{ currency: 'ERC20', address: CHECKSUMMED, reason: 'other chain' }, 'currency'],
    ];
    for (const [body, field] of cases) {
      const res = await asAdmin('POST', '/qr/add', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().details), JSON.stringify(body)).toContain(field);
    }
    expect(await live()).toEqual(before);
  });

  it('replaces the live address of that chain only, keeps the old row, and audits the change with its reason', async () => {
    const before = await live();
    const oldBep = before.find((a) => a.currency === 'BEP20');
    const res = await asAdmin('POST', '/qr/add', {
      currency: 'BEP20',
      address: OTHER_EVM.toLowerCase(),
      reason: 'wallet rotated',
    });
    expect(res.statusCode).toBe(201);
    const now = await live();
    expect(now.map((a) => [a.currency, a.address])).toEqual([
      ['BEP20', OTHER_EVM],
      ['TRC20', TRON],
    ]);
    expect(now.find((a) => a.currency === 'TRC20')).toEqual(before.find((a) => a.currency === 'TRC20'));
    const old = await sqlOn(t.url, 'SELECT deleted_at FROM deposit_addresses WHERE id = $1', [oldBep?.id]);
    expect(old.rows[0]?.deleted_at).toBeInstanceOf(Date);
    const audit = (await auditOf('deposit_address.set')).at(-1);
    expect(audit).toMatchObject({
      actor_id: admin.id,
      entity_id: String(now[0]?.id),
      before: { id: String(oldBep?.id), address: CHECKSUMMED },
      after: { currency: 'BEP20', address: OTHER_EVM },
      reason: 'wallet rotated',
    });
  });

  it('keeps one live address per chain when two admins save at the same moment', async () => {
    const results = await Promise.all(
      [CHECKSUMMED, OTHER_EVM, CHECKSUMMED, OTHER_EVM, CHECKSUMMED].map((address) =>
        asAdmin('POST', '/qr/add', { currency: 'BEP20', address, reason: 'race' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bep = (await live()).filter((a) => a.currency === 'BEP20');
    expect(bep).toHaveLength(1);
  });

  it('removes an address (audited); members can no longer see it; only admins may change addresses', async () => {
    const trc = (await live()).find((a) => a.currency === 'TRC20');
    if (!trc) throw new Error('a TRC20 address expected');
    expect((await call(memberToken, 'DELETE', `/qr/${trc.id}`)).statusCode).toBe(403);
    const memberAdd = await call(memberToken, 'POST', '/qr/add', {
      currency: 'TRC20',
      address: TRON,
      reason: 'mine now',
    });
    expect(memberAdd.statusCode).toBe(403);
    expect((await live()).find((a) => a.currency === 'TRC20')).toEqual(trc);

    const del = await asAdmin('DELETE', `/qr/${trc.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Deposit address removed' });
    expect((await live()).map((a) => a.currency)).toEqual(['BEP20']);
    expect((await asAdmin('DELETE', `/qr/${trc.id}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/qr/999999')).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/qr/abc')).statusCode).toBe(400);
    const audit = await auditOf('deposit_address.delete');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      entity_id: String(trc.id),
      before: { currency: 'TRC20', address: TRON },
    });
  });
});
