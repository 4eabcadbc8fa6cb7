import { DEV_ACCOUNTS, type DevChain, mine, mintTestStablecoin, startAnvil } from '@sgx/chain/dev';
import { parseUnits as parsePlatform } from '@sgx/money';
import { sql } from 'kysely';
import { type Address, createPublicClient, createTestClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminPair, configureChain } from '../../../test/chain-config';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { randomHash, walletsOf } from '../../../test/money';
import { riskFixture } from '../risk/risk.fixture';
import { type ChainMember, CONFIRMATIONS, depositFixture, usd } from './deposit.fixture';

/**
 * Decision 0027: transaction hashes are public, so a report claims nothing. A deposit belongs to the member whose
 * linked wallet the chain shows sent it (decision 0027), on a real anvil and the real PostgreSQL.
 */
let chain: DevChain;
let t: TestApp;
let usdt: Address;
let adminToken: string;
let admins: AdminPair;
let bob: ChainMember; // the real sender, wallet 2
let carol: ChainMember; // another real sender, wallet 3
let mallory: ChainMember; // reports other members' hashes; her own wallet is 4

const f = depositFixture(
  () => t,
  () => chain,
);
const { api, report, depositRow } = f;
const send = (from: number, amount: string) => f.send(usdt, from, usd(amount));
const risk = riskFixture(
  () => t,
  () => adminToken,
);

const depositOf = (m: ChainMember) => walletsOf(t.app, m.token, m.id).then((w) => parsePlatform(w.deposit));
/** The admin's record of deposit `id` of member `m` (staff fields included). */
async function adminRecord(m: ChainMember, id: number) {
  const res = await api('GET', `/deposite/by/${m.id}?limit=100`, adminToken);
  const found = res.json().deposits.find((d: { id: number }) => d.id === id);
  if (!found) throw new Error(`deposit ${id} not listed`);
  return found;
}
const creditsOf = async (hash: string) =>
  (
    await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1', [
      `deposit:%${hash.slice(2).toLowerCase()}%`,
    ])
  ).rows[0]?.n;

beforeAll(async () => {
  chain = await startAnvil({ chainId: 56 });
  t = await buildTestApp({ CHAIN_RPC_URL_56: chain.url });
  const set = await f.setUp([2, 3, 4]);
  usdt = set.usdt;
  adminToken = set.admins.tokenA;
  admins = set.admins;
  bob = await f.chainMember(2);
  carol = await f.chainMember(3);
  mallory = await f.chainMember(4);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe('a hash reported first by another member', () => {
  it("accepts and credits the real sender's report; the squatter's is refused as another account's", async () => {
    const before = await depositOf(bob);
    const hash = await send(2, '12');
    // Mallory front-runs Bob's report of his own transfer.
    const squat = await report(mallory, hash, '12');
    expect(squat.statusCode).toBe(201);
    const own = await report(bob, hash, '12');
    expect(own.statusCode).toBe(201);
    const bobsId = own.json().deposit.id as number;
    const mallorysId = squat.json().deposit.id as number;

    await mine(chain.url, CONFIRMATIONS);
    await t.deps.verifier.verifyOpen();
    expect(await depositRow(bobsId)).toMatchObject({
      status: 'complete',
      chain_status: 'credited',
      log_index: 0,
    });
    const refused = await depositRow(mallorysId);
    expect(refused).toMatchObject({
      status: 'pending',
      chain_status: 'refused',
      log_index: null,
      sender_id: bob.id,
    });
    expect(refused?.chain_reason).toMatch(
      /a wallet linked to another account: this deposit belongs to that account/,
    );
    expect(refused?.chain_reason).not.toMatch(/approve it by hand/);
    expect((await depositOf(bob)) - before).toBe(parsePlatform('12'));
    expect(await depositOf(mallory)).toBe(0n);
    expect(await creditsOf(hash)).toBe(1);

    // The admin sees who the chain says sent it, and that another member reported the same hash.
    expect(await adminRecord(mallory, mallorysId)).toMatchObject({
      chain_sender_username: (await adminRecord(bob, bobsId)).username,
      sender_is_member: false,
      other_reports: 1,
    });
    expect(await adminRecord(bob, bobsId)).toMatchObject({ sender_is_member: true, other_reports: 1 });
    // No admin can credit it to Mallory now: a hash is credited once, ever.
    const byHand = await api('PUT', `/deposite/${mallorysId}`, adminToken, {
      status: 'complete',
      user_id: Number(mallory.id),
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().message).toMatch(new RegExp(`already credited with deposit #${bobsId}`));
    // Members see none of the staff fields.
    const mine_ = (await api('GET', '/deposite/list', mallory.token)).json().deposits;
    expect(mine_.find((d: { id: number }) => d.id === mallorysId)).toMatchObject({
      chain_sender_username: null,
      sender_is_member: null,
      other_reports: null,
    });
    expect(await depositOf(mallory)).toBe(0n);
  });

  it('lets the scan credit the real sender though a squatter reported the hash first', async () => {
    await t.deps.verifier.scan(56); // catch up with everything above
    const before = await depositOf(carol);
    const hash = await send(3, '8');
    const squat = (await report(mallory, hash, '8')).json().deposit.id as number;
    await mine(chain.url, CONFIRMATIONS);
    expect(await t.deps.verifier.scan(56)).toMatchObject({ found: 1, credited: 1 });
    const { rows } = await sqlOn(
      t.url,
      'SELECT user_id, source, status, chain_status FROM deposits WHERE hash = $1 ORDER BY id',
      [hash.slice(2).toLowerCase()],
    );
    expect(rows).toEqual([
      { user_id: mallory.id, source: 'member', status: 'pending', chain_status: 'waiting' },
      { user_id: carol.id, source: 'scan', status: 'complete', chain_status: 'credited' },
    ]);
    expect((await depositOf(carol)) - before).toBe(parsePlatform('8'));
    // Mallory's own check refuses hers, and it is never credited however often it is checked.
    expect(await t.deps.verifier.verify(BigInt(squat))).toMatchObject({ status: 'refused' });
    await t.deps.verifier.verifyOpen();
    expect(await depositRow(squat)).toMatchObject({
      status: 'pending',
      chain_status: 'refused',
      sender_id: carol.id,
    });
    expect((await depositRow(squat))?.chain_reason).toMatch(/belongs to that account/);
    expect(await depositOf(mallory)).toBe(0n);
    expect(await creditsOf(hash)).toBe(1);
    // Carol reporting it late gets the scan's deposit back.
    const late = await report(carol, hash, '8');
    expect(late.statusCode).toBe(201);
    expect(late.json().deposit).toMatchObject({ source: 'scan', status: 'complete' });
  });

  it('frees nothing when a squatter cancels a report that never held the hash', async () => {
    const before = await depositOf(bob);
    const hash = await send(2, '5');
    const squat = (await report(mallory, hash, '5')).json().deposit.id as number;
    await mine(chain.url, CONFIRMATIONS);
    expect(await t.deps.verifier.verify(BigInt(squat))).toMatchObject({ status: 'refused' });
    expect((await api('DELETE', `/deposite/${squat}`, mallory.token)).statusCode).toBe(200);
    // Refused or cancelled, it never stood in Bob's way: he reports and is credited once.
    const own = await report(bob, hash, '5');
    expect(own.statusCode).toBe(201);
    expect(await t.deps.verifier.verify(BigInt(own.json().deposit.id))).toMatchObject({ status: 'credited' });
    expect((await depositOf(bob)) - before).toBe(parsePlatform('5'));
    // Reporting it again after the credit: refused at once, for anyone.
    const again = await report(mallory, hash, '5');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This transaction hash has already been credited.');
    expect(await creditsOf(hash)).toBe(1);
    expect(await depositOf(mallory)).toBe(0n);
  });

  it("warns the admin who would credit by hand a transfer the chain shows came from another member's wallet", async () => {
    const hash = await send(3, '3');
    const squat = (await report(mallory, hash, '3')).json().deposit.id as number;
    await mine(chain.url, CONFIRMATIONS);
    expect(await t.deps.verifier.verify(BigInt(squat))).toMatchObject({ status: 'refused' });
    const rec = await adminRecord(mallory, squat);
    expect(rec).toMatchObject({ sender_is_member: false, other_reports: 0, chain_status: 'refused' });
    expect(rec.chain_sender_username).toBe(
      (await api('GET', `/users/${carol.id}`, carol.token)).json().singleuser.username,
    );
    expect(rec.from_address?.toLowerCase()).toBe((await walletOf(carol)).toLowerCase());
  });
});

describe('a reorganisation before the credit', () => {
  it('still credits a report bound while confirming when the transfer is mined again at another log', async () => {
    const erin = await f.chainMember(6);
    for (const i of [6, 7])
      await mintTestStablecoin(chain.url, usdt, DEV_ACCOUNTS[i]?.address as Address, usd('50'));
    const deposit = await f.signed(usdt, 6, usd('9'));
    const other = await f.signed(usdt, 7, usd('1'), DEV_ACCOUNTS[8]?.address as Address);
    const node = createTestClient({ mode: 'anvil', transport: http(chain.url) });
    const snapshot = await node.snapshot();
    const hash = await f.sendRaw(deposit);
    await mine(chain.url, 2);
    const id = (await report(erin, hash, '9')).json().deposit.id as number;
    expect(await t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'confirming' });
    expect(await depositRow(id)).toMatchObject({ log_index: 0 });
    // The block is reorganised away; the same transaction is mined again after another one, in one block.
    await node.revert({ id: snapshot });
    await node.setAutomine(false);
    await f.sendRaw(other);
    await f.sendRaw(deposit);
    await mine(chain.url, 1);
    await node.setAutomine(true);
    const receipt = await createPublicClient({ transport: http(chain.url) }).getTransactionReceipt({ hash });
    expect(receipt.logs.map((l) => l.logIndex)).toEqual([1]);
    await mine(chain.url, CONFIRMATIONS);
    expect(await t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'credited' });
    expect(await depositRow(id)).toMatchObject({ status: 'complete', log_index: 1 });
    expect(await depositOf(erin)).toBe(parsePlatform('9'));
    expect(await creditsOf(hash)).toBe(1);
  });
});

describe('a report its member cancels after the chain bound it', () => {
  it('holds nothing: reported again, it is credited once', async () => {
    const frank = await f.chainMember(7);
    await mintTestStablecoin(chain.url, usdt, DEV_ACCOUNTS[7]?.address as Address, usd('50'));
    const bsc = {
      token_address: usdt,
      token_symbol: 'USDT',
      token_decimals: 18,
      confirmations: CONFIRMATIONS,
    };
    const hash = await send(7, '6');
    const first = (await report(frank, hash, '6')).json().deposit.id as number;
    expect(await t.deps.verifier.verify(BigInt(first))).toMatchObject({ status: 'confirming' });
    expect(await depositRow(first)).toMatchObject({ log_index: 0 });
    // The chain is switched off meanwhile: the report is left to an admin, and Frank cancels it.
    await configureChain(t.app, admins, 56, { enabled: false, ...bsc });
    expect(await t.deps.verifier.verify(BigInt(first))).toMatchObject({ status: 'manual' });
    expect((await api('DELETE', `/deposite/${first}`, frank.token)).statusCode).toBe(200);
    await configureChain(t.app, admins, 56, { enabled: true, ...bsc });
    await mine(chain.url, CONFIRMATIONS);
    const again = await report(frank, hash, '6');
    expect(again.statusCode).toBe(201);
    expect(await t.deps.verifier.verify(BigInt(again.json().deposit.id))).toMatchObject({
      status: 'credited',
    });
    expect(await depositOf(frank)).toBe(parsePlatform('6'));
    expect(await creditsOf(hash)).toBe(1);
  });
});

describe('hashes no node verifies', () => {
  it('lets several members report one hash; the admin sees the others and can credit only one', async () => {
    const hash = randomHash();
    const a = (await report(bob, hash, '2', 137)).json().deposit;
    const b = (await report(mallory, hash, '2', 137)).json().deposit;
    expect([a.chain_status, b.chain_status]).toEqual(['manual', 'manual']);
    expect(await adminRecord(bob, a.id)).toMatchObject({
      other_reports: 1,
      sender_is_member: null,
      chain_sender_username: null,
    });
    // Two admins completing both at the same moment: one credit.
    const results = await Promise.all([
      api('PUT', `/deposite/${a.id}`, adminToken, { status: 'complete', user_id: Number(bob.id) }),
      api('PUT', `/deposite/${b.id}`, adminToken, { status: 'complete', user_id: Number(mallory.id) }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toMatch(
      /already credited with deposit #/,
    );
    expect(await creditsOf(hash)).toBe(1);
  });
});

describe('the risk signal', () => {
  it('tells the planner withdrawal_risk returns its nine signals, not the default thousand rows', async () => {
    const { rows } = await sql<{ rows: number }>`SELECT prorows::int AS rows FROM pg_proc
      WHERE proname = 'withdrawal_risk'`.execute(t.deps.db);
    expect(rows).toEqual([{ rows: 9 }]);
  });

  it('counts such reports through an index', async () => {
    const plan = await t.deps.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(DISTINCT lower(d.hash)) FROM deposits d
        WHERE d.user_id = ${mallory.id} AND d.sender_id <> d.user_id`.execute(tx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('deposits_foreign_sender_idx');
  });

  it("flags a member who reported 2 hashes the chain shows were sent by other members' wallets", async () => {
    // Mallory's refused reports above name Bob's and Carol's transfers: more than 2 distinct hashes.
    await risk.setPayout(mallory.id, `0x${'4'.repeat(40)}`);
    const id = await risk.withdraw(mallory, '20', '100');
    const s = await risk.signal(id, 'foreign_hash_reports');
    expect(s.flagged).toBe(true);
    expect(s.sentence).toMatch(
      /^Reported \d+ transaction hashes that the chain shows were sent by other members' wallets\.$/,
    );
    // A member with one such report is told of it, not flagged; Bob (none) reads so.
    await risk.setPayout(bob.id, `0x${'2'.repeat(40)}`);
    const clean = await risk.signal(await risk.withdraw(bob, '20', '100'), 'foreign_hash_reports');
    expect(clean).toEqual({
      flagged: false,
      sentence: "Reported no transaction hash sent by another member's wallet.",
    });
    const dave = await f.chainMember(5, false);
    const hash = await send(2, '1');
    const one = (await report(dave, hash, '1')).json().deposit.id as number;
    await mine(chain.url, CONFIRMATIONS);
    expect(await t.deps.verifier.verify(BigInt(one))).toMatchObject({ status: 'refused' });
    await risk.setPayout(dave.id, `0x${'5'.repeat(40)}`);
    expect(await risk.signal(await risk.withdraw(dave, '20', '100'), 'foreign_hash_reports')).toEqual({
      flagged: false,
      sentence: "Reported 1 transaction hash that the chain shows was sent by another member's wallet.",
    });
  });
});

async function walletOf(m: ChainMember): Promise<string> {
  const { rows } = await sqlOn(t.url, 'SELECT address FROM member_wallets WHERE user_id = $1', [m.id]);
  return rows[0]?.address;
}
