import { DEV_ACCOUNTS, deployTestStablecoin, mintTestStablecoin } from '@sgx/chain/dev';
import { hexToTron, tronToHex } from '@sgx/contracts';
import { parseUnits as parsePlatform } from '@sgx/money';
import { type Address, createTestClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import { creditOwnAddressDeposits } from '../deposits/deposits.credit';
import { DepositReorgService } from '../deposits/deposits.reorg';
import type { DepositsService } from '../deposits/deposits.service';
import { ownAddressFixture, ownAddressSuite, STRANGER } from './own-address.fixture';
import { readHead, readTokenTransfers } from './reader';
import { ReorgRecheck } from './recheck';
import { creditAddressDeposits, recordAddressDeposits } from './scan.match';

/**
 * Decision 0033: every member has deposit addresses of their own (CREATE2 forwarders), and whatever
 * reaches them is credited by itself, from any sender, once, only past the confirmations: on two EVM chain ids and
 * the TRON stand-in, on real anvil nodes and the real PostgreSQL.
 */
const s = ownAddressSuite();
const f = ownAddressFixture(s);

describe('own deposit addresses', () => {
  it('gives a member one EVM address for every EVM chain and a TRON one, the same on every read, and no key', async () => {
    const m = await f.member();
    expect(m.addresses.map((a) => [a.network, a.chain_ids])).toEqual([
      ['EVM', [137, 56]],
      ['TRON', [728126428]],
    ]);
    expect(m.evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(m.tron).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const again = await f.api('GET', '/wallets/deposit-addresses', m.token);
    expect(again.json().addresses).toEqual(m.addresses);
    const other = await f.member();
    expect(other.evm).not.toBe(m.evm);
    // What the server keeps of a member address: the address, the factory and a salt; nothing that can sign.
    const { rows } = await sqlOn(
      s.t.url,
      `SELECT column_name FROM information_schema.columns
       WHERE table_name IN ('member_deposit_addresses', 'member_deposit_salts') ORDER BY 1`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(
      expect.not.arrayContaining(['private_key', 'key', 'secret', 'mnemonic']),
    );
    expect(m.addresses[0]).toMatchObject({ token: { symbol: 'USDT' } });
    expect(m.addresses[0]?.chain_ids).toHaveLength(2);
    const members = await f.api('GET', '/wallets/deposit-addresses', '');
    expect(members.statusCode).toBe(401);
  });

  it.each(['bsc', 'polygon', 'tron'] as const)(
    'credits a transfer from a wallet no member linked, once, only past the confirmations (%s)',
    async (name) => {
      const c = s.chains[name];
      const m = await f.member();
      const to = (name === 'tron' ? tronToHex(m.tron) : m.evm) as Address;
      const before = await f.balance(m);
      const hash = await f.pay(c, to, '25.5');
      await f.scan(c);
      const [waiting] = await f.depositsOf(hash);
      expect(waiting).toMatchObject({ status: 'pending', chain_status: 'confirming', source: 'address' });
      expect(waiting?.confirmations).toBeLessThan(c.confirmations);
      expect(await f.balance(m)).toBe(before);
      // The member sees it confirming in their history, with the network and an explorer link.
      const history = await f.api('GET', `/deposite/by/${m.id}`, m.token);
      const shown = history
        .json()
        .deposits.find((d: { hash: string }) => d.hash.replace(/^0x/, '') === hash.slice(2));
      expect(shown).toMatchObject({ chain_id: c.id, chain_status: 'confirming', source: 'address' });
      expect(shown.explorer_url).toContain(hash.slice(2));
      expect(shown.to_address).toBe(name === 'tron' ? m.tron : m.evm);
      // Reporting it anyway gives the member the deposit the scan recorded, not a second one.
      const again = await f.api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: '25.5',
        currency: name === 'tron' ? 'TRC20' : 'BEP20',
        hash,
        ...(name === 'tron' ? {} : { chain_id: c.id }),
      });
      expect(again.json().deposit?.id).toBe(Number(waiting?.id));

      await f.confirm(c);
      const scanned = await f.scan(c);
      expect(scanned.credited).toBeGreaterThanOrEqual(1);
      expect(await f.balance(m)).toBe(before + parsePlatform('25.5'));
      await f.scan(c);
      await s.t.deps.verifier.verifyOpen();
      expect(await f.balance(m)).toBe(before + parsePlatform('25.5'));
      expect(await f.creditsOf(hash)).toBe(1);
      const [credited] = await f.depositsOf(hash);
      expect(credited).toMatchObject({ status: 'complete', chain_status: 'credited' });
      const notice = await f.api('GET', '/notifications/events', m.token);
      expect(notice.body).toContain('Deposit credited');
    },
  );

  it('records a transfer below the minimum without crediting it, and ignores a look-alike token', async () => {
    const c = s.chains.polygon;
    const m = await f.member();
    const before = await f.balance(m);
    const small = await f.pay(c, m.evm, '0.5');
    const fake = await deployTestStablecoin(c.node.url, { decimals: 6, symbol: 'USDT' });
    await mintTestStablecoin(c.node.url, fake, DEV_ACCOUNTS[STRANGER]?.address as Address, 10n ** 12n);
    const lookAlike = await f.pay(c, m.evm, '40', STRANGER, fake);
    await f.confirm(c);
    await f.scan(c);
    const [below] = await f.depositsOf(small);
    expect(below).toMatchObject({ status: 'decline', chain_status: 'below_minimum', amount: '50000000' });
    expect(await f.depositsOf(lookAlike)).toEqual([]);
    expect(await f.balance(m)).toBe(before);
    const history = await f.api('GET', `/deposite/by/${m.id}`, m.token);
    const shown = history.json().deposits.find((d: { hash: string }) => d.hash === small);
    expect(shown.chain_reason).toMatch(
      /^0\.5 USDT is below the minimum deposit of 1\.00 USDT on Polygon: it is recorded, not credited/,
    );
    // Received, not credited: booked apart, so what the ledger says sits at member addresses matches the chain.
    const overview = (await f.api('GET', '/sweeps/overview?chain_id=137', s.admins.tokenA)).json();
    expect(overview.at_member_addresses_ledger).toBe(overview.at_member_addresses_on_chain);
    const uncredited = await sqlOn(
      s.t.url,
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1`,
      [`below-minimum:137:${small.slice(2)}:0`],
    );
    expect(uncredited.rows[0]?.n).toBe(1);
  });

  it('never credits a transfer a reorganisation removed, and rereads the blocks of a replaced cursor', async () => {
    const c = s.chains.bsc;
    const m = await f.member();
    const before = await f.balance(m);
    const test = createTestClient({ mode: 'anvil', transport: http(c.node.url) });
    await f.confirm(c, 2);
    await f.scan(c);
    const snapshot = await test.snapshot();
    const gone = await f.pay(c, m.evm, '70');
    // Past the confirmations, so the scan's cursor stands on a block the reorganisation replaces.
    await f.confirm(c, c.confirmations + 3);
    const credited = await f.scan(c);
    expect(credited.credited).toBe(1);
    expect(await f.balance(m)).toBe(before + parsePlatform('70'));
    await test.revert({ id: snapshot });
    // The chain goes on without that transfer; another one is paid meanwhile.
    const kept = await f.pay(c, m.evm, '5');
    await f.confirm(c, c.confirmations + 3);
    const after = await f.scan(c);
    expect(after.rewound).toBeGreaterThan(0);
    expect(await f.creditsOf(kept)).toBe(1);
    // The removed transfer was credited once, never twice; the re-check after credit holds it (decision 0028) and
    // leaves the one the chain still shows to its member address alone.
    expect(await f.creditsOf(gone)).toBe(1);
    const { db, chains } = s.t.deps;
    await new ReorgRecheck(db, chains, new DepositReorgService(db, chains)).run();
    const states = await sqlOn(
      s.t.url,
      `SELECT hash, reorg_status FROM deposits WHERE hash = ANY($1::text[])`,
      [[gone.slice(2), kept.slice(2)]],
    );
    expect(Object.fromEntries(states.rows.map((r) => [`0x${r.hash}`, r.reorg_status]))).toEqual({
      [gone]: 'held',
      [kept]: null,
    });
    expect(await f.balance(m)).toBe(before + parsePlatform('5'));

    // Within the confirmations: recorded as confirming, and never credited once it is gone.
    const snap2 = await test.snapshot();
    const vanished = await f.pay(c, m.evm, '9');
    await f.confirm(c, 2);
    await f.scan(c);
    expect((await f.depositsOf(vanished))[0]).toMatchObject({ chain_status: 'confirming' });
    await test.revert({ id: snap2 });
    await f.confirm(c, c.confirmations + 3);
    await f.scan(c);
    await s.t.deps.verifier.verifyOpen();
    expect(await f.creditsOf(vanished)).toBe(0);
    expect((await f.depositsOf(vanished))[0]?.status).toBe('pending');
  });

  it('credits nothing twice after a restart in the middle of a range, or with two scans at once', async () => {
    const c = s.chains.tron;
    const m = await f.member();
    const before = await f.balance(m);
    const to = tronToHex(m.tron) as Address;
    const hashes = [await f.pay(c, to, '3'), await f.pay(c, to, '4'), await f.pay(c, to, '6')];
    await f.confirm(c);
    // A scan that died after recording the first transfer and before crediting it, its cursor not moved.
    const settings = await s.t.deps.chains.settings(c.id);
    const [first] = await f.depositsOf(hashes[0] as string);
    expect(first).toBeUndefined();
    const client = s.t.deps.chains.client(c.id);
    if (!client) throw new Error('no client');
    const head = await readHead(client);
    const logs = await readTokenTransfers(client, c.usdt, head - 40n, head);
    const died = logs.find((l) => `0x${l.hash}` === hashes[0]);
    if (!died) throw new Error('transfer not read');
    await recordAddressDeposits(s.t.deps.db, c.id, settings, [{ userId: m.id, transfer: died }], head, true);
    expect((await f.depositsOf(hashes[0] as string))[0]).toMatchObject({
      status: 'pending',
      chain_status: 'confirming',
    });
    // Two instances scanning the same range at the same moment.
    await Promise.all([f.scan(c), f.scan(c), s.t.deps.verifier.verifyOpen()]);
    await Promise.all([f.scan(c), f.scan(c)]);
    expect(await f.balance(m)).toBe(before + parsePlatform('13'));
    for (const h of hashes) expect(await f.creditsOf(h)).toBe(1);
    // The TRON address people read is the same 20 bytes the node speaks.
    expect(hexToTron(to.toLowerCase())).toBe(m.tron);
  });

  it('verifies a reported TRC20 hash on TRON like a BEP20 one, and the scan then credits nothing more', async () => {
    const c = s.chains.tron;
    const m = await f.member();
    const before = await f.balance(m);
    const hash = await f.pay(c, tronToHex(m.tron) as Address, '12.25');
    const reported = await f.api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount: '12.25',
      currency: 'TRC20',
      hash: hash.slice(2),
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json().deposit).toMatchObject({
      chain_id: 728126428,
      chain_status: 'waiting',
      currency: 'TRC20',
    });
    await s.t.deps.verifier.verifyOpen();
    expect(await f.balance(m)).toBe(before);
    await f.confirm(c);
    await s.t.deps.verifier.verifyOpen();
    await f.scan(c);
    await f.scan(c);
    expect(await f.balance(m)).toBe(before + parsePlatform('12.25'));
    expect(await f.creditsOf(hash)).toBe(1);
    const rows = await f.depositsOf(hash);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'complete', chain_status: 'credited', source: 'member' });
    expect(rows[0]?.to_address).toBe(tronToHex(m.tron));
  });

  it('credits every log of one transaction paying one member twice (an exchange batch), each once', async () => {
    const c = s.chains.polygon;
    const [a, b] = [await f.member(), await f.member()];
    const [before, beforeB] = [await f.balance(a), await f.balance(b)];
    const hash = await f.payBatch(c, [
      [a.evm, '3'],
      [a.evm, '4.25'],
      [b.evm, '5'],
    ]);
    await f.scan(c);
    const waiting = (await f.depositsOf(hash)).filter((d) => d.source === 'address');
    expect(waiting.map((d) => [String(d.user_id), d.amount, d.chain_status])).toEqual([
      [String(a.id), '300000000', 'confirming'],
      [String(a.id), '425000000', 'confirming'],
      [String(b.id), '500000000', 'confirming'],
    ]);
    await f.confirm(c);
    await f.scan(c);
    await f.scan(c);
    expect(await f.balance(a)).toBe(before + parsePlatform('7.25'));
    expect(await f.balance(b)).toBe(beforeB + parsePlatform('5'));
    expect(await f.creditsOf(hash)).toBe(3);
    // The member reporting the hash gets one of the scan's deposits back, never a fourth.
    const again = await f.api('POST', '/deposite/add', a.token, {
      user_id: Number(a.id),
      amount: '3',
      currency: 'BEP20',
      hash,
      chain_id: c.id,
    });
    expect(waiting.map((d) => Number(d.id))).toContain(again.json().deposit?.id);
    expect(await f.depositsOf(hash)).toHaveLength(3);
    expect(await f.balance(a)).toBe(before + parsePlatform('7.25'));
  });

  it('credits a range in one transaction, once, and leaves a hash credited by hand to a refusal', async () => {
    const c = s.chains.polygon;
    const [a, b] = [await f.member(), await f.member()];
    const [before, beforeB] = [await f.balance(a), await f.balance(b)];
    const paid = [await f.pay(c, a.evm, '11'), await f.pay(c, b.evm, '12')];
    // The same transaction hash already credited by hand (to the shared address): the chain's credit is refused.
    const handHash = await f.pay(c, b.evm, '13');
    await sqlOn(
      s.t.url,
      `INSERT INTO deposits (user_id, amount, currency, hash, status, credited_amount, verified_by)
       VALUES ($1, 1300000000, 'BEP20', $2, 'complete', 1300000000, 'admin')`,
      [a.id, handHash.slice(2)],
    );
    await f.confirm(c);
    const client = s.t.deps.chains.client(c.id);
    if (!client) throw new Error('no client');
    const head = await readHead(client);
    const settings = await s.t.deps.chains.settings(c.id);
    const logs = (await readTokenTransfers(client, c.usdt, head - 200n, head)).filter((l) =>
      [...paid, handHash].includes(`0x${l.hash}`),
    );
    const matched = logs.map((l) => ({ transfer: l, userId: l.to === a.evm.toLowerCase() ? a.id : b.id }));
    await recordAddressDeposits(s.t.deps.db, c.id, settings, matched, head, true);
    const ids = (await Promise.all([...paid, handHash].map((h) => f.depositsOf(h)))).map((r) =>
      BigInt(r.at(-1)?.id ?? 0),
    );
    const credited = await s.t.deps.db
      .transaction()
      .execute((tx) => creditOwnAddressDeposits(tx, ids, () => 'test'));
    expect(credited.sort()).toEqual(ids.slice(0, 2).sort());
    expect(
      await s.t.deps.db.transaction().execute((tx) => creditOwnAddressDeposits(tx, ids, () => 'test')),
    ).toEqual([]);
    expect(await f.balance(a)).toBe(before + parsePlatform('11'));
    expect(await f.balance(b)).toBe(beforeB + parsePlatform('12'));
    for (const h of paid) expect(await f.creditsOf(h)).toBe(1);
    // The scan's one-by-one path closes the one credited by hand with the reason; the scan goes on.
    await f.scan(c);
    const [refused] = (await f.depositsOf(handHash)).filter((d) => d.source === 'address');
    expect(refused).toMatchObject({ status: 'pending', chain_status: 'refused' });
    expect(await f.balance(b)).toBe(beforeB + parsePlatform('12'));
  });

  it('credits one by one when the range credit fails, and says why in the log (decision 0061)', async () => {
    const c = s.chains.polygon;
    const a = await f.member();
    const before = await f.balance(a);
    const hash = await f.pay(c, a.evm, '14');
    await f.confirm(c);
    const client = s.t.deps.chains.client(c.id);
    if (!client) throw new Error('no client');
    const head = await readHead(client);
    const settings = await s.t.deps.chains.settings(c.id);
    const matched = (await readTokenTransfers(client, c.usdt, head - 200n, head))
      .filter((l) => `0x${l.hash}` === hash)
      .map((l) => ({ transfer: l, userId: a.id }));
    expect(matched).toHaveLength(1);
    await recordAddressDeposits(s.t.deps.db, c.id, settings, matched, head, true);
    // The real deposits service, but its range credit fails (as a deadlock with another instance would).
    const deposits = Object.create(s.t.deps.deposits) as DepositsService;
    deposits.creditOwnAddress = () => Promise.reject(new Error('deadlock detected'));
    const warned: string[] = [];
    const credited = await creditAddressDeposits(
      { db: s.t.deps.db, deposits, warn: (_facts, message) => warned.push(message) },
      c.id,
      matched,
    );
    expect(warned).toEqual(['the range credit failed: crediting its deposits one by one instead']);
    expect(credited).toBe(1);
    expect(await f.balance(a)).toBe(before + parsePlatform('14'));
    expect(await f.creditsOf(hash)).toBe(1);
  });
});
