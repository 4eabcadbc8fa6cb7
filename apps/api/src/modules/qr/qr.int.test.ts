import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, approveWaiting, twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
let secondToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  const admins = await twoAdmins(t.app, t.deps);
  admin = admins.adminA;
  adminToken = admins.tokenA;
  secondToken = admins.tokenB;
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
/** The first admin asks (202), the second approves: the change is in force afterwards. */
const asTwoAdmins = async (method: Method, url: string, payload?: unknown) => {
  const asked = await asAdmin(method, url, payload);
  await approveWaiting(t.app, asked, secondToken);
  return asked;
};

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
  it('saves a checksummed BEP20 address and a TRC20 address once a second admin approves, shown to members', async () => {
    const bep = await asTwoAdmins('POST', '/qr/add', {
      currency: 'BEP20',
      address: CHECKSUMMED,
      label: 'main wallet',
      reason: 'first setup',
    });
    expect(bep.statusCode).toBe(202);
    expect(bep.json().approval).toMatchObject({
      kind: 'deposit_address',
      status: 'pending',
      summary:
        "Set the EVM (Ethereum, BNB Smart Chain, Polygon, Arbitrum One) receiving address: members' deposits go there.",
      changes: [
        { field: 'Address', before: '', after: CHECKSUMMED },
        { field: 'Label', before: '', after: 'main wallet' },
      ],
      reason: 'first setup',
    });
    await asTwoAdmins('POST', '/qr/add', { currency: 'TRC20', address: TRON, reason: 'first setup' });
    expect(await live()).toMatchObject([
      { currency: 'BEP20', address: CHECKSUMMED, label: 'main wallet' },
      { currency: 'TRC20', address: TRON, label: null },
    ]);
    expect(await live(adminToken)).toEqual(await live());
    expect((await call(null, 'GET', '/qr')).statusCode).toBe(401);
    // The same address again asks for nothing.
    const again = await asAdmin('POST', '/qr/add', { currency: 'TRC20', address: TRON, reason: 'again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().addresses).toEqual(await live());
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
    await asTwoAdmins('POST', '/qr/add', {
      currency: 'BEP20',
      address: OTHER_EVM.toLowerCase(),
      reason: 'wallet rotated',
    });
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

  it('keeps one live address per chain when second admins approve several changes at the same moment: one applies, the rest are stale', async () => {
    const asked = [];
    for (const address of [CHECKSUMMED, OTHER_EVM, CHECKSUMMED])
      asked.push(await asAdmin('POST', '/qr/add', { currency: 'BEP20', address, reason: 'race' }));
    // The live address is OTHER_EVM: asking for it again asks nothing; the other three wait.
    expect(asked.map((r) => r.statusCode)).toEqual([202, 200, 202]);
    const ids = asked.filter((r) => r.statusCode === 202).map((r) => r.json().approval.id as number);
    const results = await Promise.all(
      ids.map((id) =>
        call(secondToken, 'POST', `/admin/approvals/${id}/approve`, {}).then((r) => r.statusCode),
      ),
    );
    expect(results.sort()).toEqual([200, 409]);
    const bep = (await live()).filter((a) => a.currency === 'BEP20');
    expect(bep.map((a) => a.address)).toEqual([CHECKSUMMED]);
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
    expect(del.statusCode).toBe(202);
    expect(del.json().approval).toMatchObject({
      kind: 'deposit_address',
      subject_id: trc.id,
      summary: 'Remove the TRON (TRC20) receiving address.',
      changes: [{ field: 'Address', before: TRON, after: '' }],
    });
    // Still live until a second admin approves; the one who asked cannot.
    expect(
      (await call(adminToken, 'POST', `/admin/approvals/${del.json().approval.id}/approve`, {})).statusCode,
    ).toBe(403);
    expect((await live()).find((a) => a.currency === 'TRC20')).toEqual(trc);
    await approve(t.app, secondToken, del.json().approval.id);
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
    const approvedBy = await sqlOn(
      t.url,
      "SELECT approved_by FROM audit_log WHERE action = 'deposit_address.delete'",
    );
    expect(approvedBy.rows[0]?.approved_by).not.toBeNull();
  });
});
