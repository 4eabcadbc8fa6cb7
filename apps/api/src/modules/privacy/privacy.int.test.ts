import { randomBytes, randomInt } from 'node:crypto';
import type { ProofMeResponse, ProofResponse } from '@sgx/contracts';
import { type SumProof, verifyProof } from '@sgx/money/merkle-sum';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  bearer,
  buildAdmin,
  buildMember,
  enrolTwoFactor,
  stepNow,
  tokenFor,
  totpCode,
} from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, randomHash } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';
import { checkTeamCounters } from '../members/counters';
import { ProofService, sha256 } from '../proof/proof.service';
import { baseColumns, TEXT_TYPES } from './catalog';
import { MEMBER_DATA, personColumns } from './member-data';

/**
 * Members' data rights (decision 0077) through HTTP on a real database: two members with activity between them;
 * the copy holds the member's rows of every table and none of the other member's; closing is refused while money
 * is owed, then erases: no text column of any table holds the old name, e-mail or phone (but the one exception
 * the decision names), the books reconcile, and a proof built before still verifies the member's leaf.
 */

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const api = (method: Method, url: string, token: string | null, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

type Person = Built & { token: string; fullname: string; phone: string; username: string };

/** A member with a name, phone and e-mail found nowhere else in the database. */
async function person(label: string): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const m = await buildMember(t.deps, { email: `${label}.${tag}@privacy.example` });
  const fullname = `${label} Quillfeather ${tag}`;
  const phone = `7${String(randomInt(100_000_000, 999_999_999))}`;
  await sqlOn(t.url, 'UPDATE users SET fullname = $2, phone = $3, bep20 = $4 WHERE id = $1', [
    m.id,
    fullname,
    phone,
    `0x${randomBytes(20).toString('hex')}`,
  ]);
  const { rows } = await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [m.id]);
  return { ...m, token: await tokenFor(t.app, m), fullname, phone, username: rows[0]?.username };
}

const transfer = async (from: Person, to: Person, amount: string) => {
  const res = await api(
    'POST',
    '/transfer/touser',
    from.token,
    { user_id: Number(from.id), userto_id: Number(to.id), amount },
    { 'idempotency-key': randomBytes(8).toString('hex') },
  );
  expect(res.statusCode, res.body).toBe(201);
};

const unzip = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
};
const rowsIn = (files: Record<string, string>, table: string) =>
  JSON.parse(files[`${table}.json`] ?? 'null') as Record<string, unknown>[];

/** Every (table.column) of text, varchar, jsonb (and inet, arrays) whose text holds any of `needles`. */
async function scan(needles: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    const hits: string[] = [];
    for (const c of await baseColumns((q) => client.query(q))) {
      if (!TEXT_TYPES.has(c.type)) continue;
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM ${client.escapeIdentifier(c.table)}
         WHERE ${client.escapeIdentifier(c.column)}::text ILIKE ANY ($1)`,
        [needles.map((n) => `%${n.replace(/[%_\\]/g, '\\$&')}%`)],
      );
      if ((rows[0]?.n ?? 0) > 0) hits.push(`${c.table}.${c.column}`);
    }
    return hits;
  } finally {
    await client.end();
  }
}

describe("members' data rights", () => {
  let alice: Person;
  let bob: Person;
  let proofBefore: ProofMeResponse;
  let published: ProofResponse;
  let aliceTicket: string;
  let oldName: string;

  beforeAll(async () => {
    alice = await person('Alice');
    bob = await person('Bob');
    // Alice deposits (approved by staff), Bob is funded; they send each other money.
    const dep = await api('POST', '/deposite/add', alice.token, {
      user_id: Number(alice.id),
      amount: '120',
      currency: 'BEP20',
      hash: randomHash(),
    });
    expect(dep.statusCode, dep.body).toBe(201);
    const ok = await api('PUT', `/deposite/${dep.json().deposit.id}`, adminToken, {
      status: 'complete',
      user_id: Number(alice.id),
      note: 'seen on chain',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await fundDeposit(t.deps, bob.id, '50');
    // Alice renames herself once: the audit trail records the change (decision 0077: kept, immutable).
    oldName = alice.fullname;
    alice.fullname = `${oldName} Renamed`;
    const renamed = await api('PUT', `/users/${alice.id}`, alice.token, { fullname: alice.fullname });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await transfer(alice, bob, '20');
    await transfer(bob, alice, '5');
    // Tickets: Alice's (with her phone in it, answered by staff) and Bob's.
    const ticket = await api('POST', '/tickets', alice.token, {
      subject: 'Where is my deposit',
      message: `Please call me on ${alice.phone}, ${alice.fullname}`,
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    aliceTicket = String(ticket.json().ticket.id);
    await api('POST', `/tickets/${ticket.json().ticket.id}/responses`, adminToken, {
      message: `Hello ${alice.fullname}, it is credited.`,
    });
    const bobs = await api('POST', '/tickets', bob.token, {
      subject: 'Bob asks about levels',
      message: 'How?',
    });
    expect(bobs.statusCode).toBe(201);
    // A notice to both.
    const notice = await api('POST', '/notifications', adminToken, {
      title: 'Maintenance',
      message: 'Tonight at 22:00 UTC',
      users: false,
      type: 'notification',
      recipients: [Number(alice.id), Number(bob.id)],
    });
    expect(notice.statusCode, notice.body).toBeLessThan(300);
    // An event for the operator's webhooks names her (as member.registered does when an endpoint wants it).
    await sqlOn(t.url, 'INSERT INTO webhook_events (type, data) VALUES ($1, $2)', [
      'member.registered',
      { member_id: String(alice.id), fullname: alice.fullname, email: alice.email },
    ]);
    // Her approved identity (level 1): the legal name she typed and her date of birth (decision 0074).
    await sqlOn(
      t.url,
      `INSERT INTO identity_submissions (member_id, level, state, legal_name, date_of_birth, country, decided_at)
       VALUES ($1, 1, 'approved', $2, '1990-04-12', 'DE', now())`,
      [alice.id, alice.fullname],
    );
    // Yesterday's proof, as members downloaded it before Alice leaves.
    const built = await api('POST', '/admin/proof/build', adminToken);
    expect(built.statusCode, built.body).toBe(200);
    published = (await api('GET', '/proof', null)).json();
    const mine = await api('GET', '/proof/me', alice.token);
    expect(mine.statusCode, mine.body).toBe(200);
    proofBefore = mine.json();
  });

  it('asks for the password again before preparing a copy', async () => {
    expect((await api('GET', '/privacy/export', alice.token)).json()).toMatchObject({
      status: 'none',
      files: [],
    });
    const none = await api('POST', '/privacy/export', alice.token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().details.password).toBeDefined();
    const wrong = await api('POST', '/privacy/export', alice.token, { password: 'not-her-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your password is not correct.');
    expect((await api('GET', '/privacy/export/download', alice.token)).statusCode).toBe(404);
    expect((await api('POST', '/privacy/export', adminToken, { password: 'x' })).statusCode).toBe(403);
  });

  it("gives the member every table's rows of theirs, and nothing of the other member", async () => {
    const started = await api('POST', '/privacy/export', alice.token, { password: alice.password });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'ready' });
    const state = (await api('GET', '/privacy/export', alice.token)).json();
    expect(state.status).toBe('ready');
    const res = await api('GET', '/privacy/export/download', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(state.files);
    for (const table of [
      'profile',
      'ledger_accounts',
      'ledger_transactions',
      'ledger_entries',
      'deposits',
      'withdrawals',
      'transfers',
      'tickets',
      'ticket_responses',
      'notifications',
      'member_events',
      'sessions',
      'proof_leaves',
    ]) {
      expect(files[`${table}.json`], table).toBeDefined();
      expect(files[`${table}.csv`], table).toBeDefined();
    }
    const me = String(alice.id);
    const [profile] = rowsIn(files, 'profile');
    expect(profile).toMatchObject({
      id: me,
      email: alice.email,
      fullname: alice.fullname,
      phone: alice.phone,
    });
    expect(profile).not.toHaveProperty('password_hash');
    expect(rowsIn(files, 'deposits')).toMatchObject([
      { user_id: me, amount: '120.00000000', status: 'complete' },
    ]);
    // Transfers she sent and received are hers; the other side is blanked.
    const transfers = rowsIn(files, 'transfers');
    expect(transfers.map((r) => [r.user_id, r.userto_id, r.amount])).toEqual([
      [me, null, '20.00000000'],
      [null, me, '5.00000000'],
    ]);
    // Her ledger entries only, never the other side's; money as decimal text.
    const accounts = new Set(rowsIn(files, 'ledger_accounts').map((a) => a.id));
    const entries = rowsIn(files, 'ledger_entries');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const e of entries) {
      expect(accounts.has(e.account_id)).toBe(true);
      expect(e.amount).toMatch(/^-?\d+\.\d{8}$/);
    }
    expect(rowsIn(files, 'tickets').map((r) => r.subject)).toEqual(['Where is my deposit']);
    const responses = rowsIn(files, 'ticket_responses');
    expect(responses).toHaveLength(2);
    // The staff member who answered is not named.
    expect(responses.map((r) => r.author_id)).toEqual([me, null]);
    expect(rowsIn(files, 'notifications').map((n) => n.title)).toEqual(['Maintenance']);
    expect(rowsIn(files, 'sessions').every((s) => s.user_id === me && !('token_hash' in s))).toBe(true);
    expect(files['profile.csv']).toContain(alice.email);
    // Nothing of Bob: not his e-mail, name, phone, username, code or ticket, anywhere in the copy.
    const all = Object.values(files).join('\n');
    for (const secret of [
      bob.email,
      bob.fullname,
      bob.phone,
      bob.username,
      bob.code,
      'Bob asks about levels',
    ]) {
      expect(all.includes(secret), secret).toBe(false);
    }
    // Nor any row of his in a table of rows that name a member.
    for (const [name, text] of Object.entries(files)) {
      if (!name.endsWith('.json')) continue;
      const table = name === 'profile.json' ? 'users' : name.slice(0, -'.json'.length);
      const people = personColumns(MEMBER_DATA[table] ?? {});
      for (const row of JSON.parse(text) as Record<string, unknown>[]) {
        for (const [k, v] of Object.entries(row)) {
          if (people.includes(k)) expect(v === null || v === me, `${name} ${k}`).toBe(true);
          if (v && typeof v === 'object' && !Array.isArray(v)) {
            for (const [jk, jv] of Object.entries(v)) {
              if (['from', 'to', 'member_id'].includes(jk))
                expect(jv === null || jv === me, `${name} ${k}.${jk}`).toBe(true);
            }
          }
        }
      }
    }
    const audit = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'privacy.export' AND actor_id = $1",
      [alice.id],
    );
    expect(audit.rows[0]?.n).toBe(1);
  });

  it('refuses to close the account while money is owed, and says what is left', async () => {
    const state = (await api('GET', '/privacy/close', alice.token)).json();
    expect(state.blockers).toEqual(
      expect.arrayContaining([
        { kind: 'balance', wallet: 'deposit', asset: 'USD', amount: '105.00000000' },
        { kind: 'ticket', count: 1 },
      ]),
    );
    const typo = await api('POST', '/privacy/close', alice.token, {
      password: alice.password,
      confirmation: 'close',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().details.confirmation).toBeDefined();
    const refused = await api('POST', '/privacy/close', alice.token, {
      password: alice.password,
      confirmation: 'CLOSE MY ACCOUNT',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.blockers).toEqual(
      expect.arrayContaining(['balance:deposit:USD:105.00000000', 'ticket:1']),
    );
    // Still there, still signed in.
    expect((await api('GET', '/privacy/export', alice.token)).statusCode).toBe(200);
  });

  it('closes and erases once nothing is owed: no trace of her name, e-mail or phone but the kept audit record of a change', async () => {
    // Nothing owed either way: she sends the rest to Bob, staff close her ticket.
    await transfer(alice, bob, '105');
    expect(
      (await api('PUT', `/tickets/${aliceTicket}/status`, adminToken, { status: 'closed' })).statusCode,
    ).toBe(200);
    expect((await api('GET', '/privacy/close', alice.token)).json()).toEqual({ blockers: [] });
    const wrong = await api('POST', '/privacy/close', alice.token, {
      password: 'nope',
      confirmation: 'CLOSE MY ACCOUNT',
    });
    expect(wrong.statusCode).toBe(400);
    const closed = await api('POST', '/privacy/close', alice.token, {
      password: alice.password,
      confirmation: 'close my account',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // Signed out everywhere.
    expect((await api('GET', '/privacy/export', alice.token)).statusCode).toBe(401);

    // The profile is a pseudonym; the account deleted as staff deletion marks it.
    const { rows } = await sqlOn(
      t.url,
      'SELECT username, email, fullname, phone, bep20, deleted_at FROM users WHERE id = $1',
      [alice.id],
    );
    expect(rows[0]).toMatchObject({ phone: null, bep20: null, deleted_at: expect.any(Date) });
    expect(rows[0]?.username).toMatch(/^erased-[0-9a-f]{16}$/);
    expect(rows[0]?.email).toBe(`${rows[0]?.username}@erased.invalid`);
    expect(rows[0]?.fullname).toBe(rows[0]?.username);

    // Her identity decision is kept (level, country, dates); the name and the date of birth she typed are erased.
    const identity = await sqlOn(
      t.url,
      'SELECT level, state, country, legal_name, date_of_birth, decided_at FROM identity_submissions WHERE member_id = $1',
      [alice.id],
    );
    expect(identity.rows).toEqual([
      {
        level: 1,
        state: 'approved',
        country: 'DE',
        legal_name: '[erased]',
        date_of_birth: null,
        decided_at: expect.any(Date),
      },
    ]);

    // Every text, varchar and jsonb column of every table: none holds her old name, e-mail or phone.
    // The one exception (decision 0077): the immutable audit trail's record of her own profile change, which
    // names the values changed. Nothing else.
    const hits = await scan([oldName, alice.fullname, alice.email, alice.phone]);
    expect(hits).toEqual(['audit_log.before', 'audit_log.after']);
    const kept = await sqlOn(
      t.url,
      `SELECT action, entity_id, before, after FROM audit_log
       WHERE before::text ILIKE '%' || $1 || '%' OR after::text ILIKE '%' || $1 || '%'`,
      [oldName],
    );
    expect(kept.rows).toEqual([
      {
        action: 'member.self_update',
        entity_id: String(alice.id),
        before: { fullname: oldName },
        after: { fullname: alice.fullname },
      },
    ]);
    // She cannot sign in again (the attempt, typed with her old e-mail, is counted under it for the limiter's
    // window: a counter of attempts, swept when the window ends, decision 0077).
    const signin = await api('POST', '/auth/signin', null, { email: alice.email, password: alice.password });
    expect(signin.statusCode).toBe(401);
    // Bob's data is untouched.
    expect((await scan([bob.fullname, bob.email, bob.phone])).length).toBeGreaterThan(0);

    // The books still reconcile.
    const recon = await api('GET', '/ledger/reconciliation', adminToken);
    expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });

    // The proof built before still verifies her leaf, as she downloaded it and as the service serves it.
    const totals = [published.totals.USD, published.totals.SGX];
    expect(await verifyProof(proofBefore.proof as SumProof, published.root ?? '', totals, sha256)).toEqual({
      ok: true,
    });
    const again = await new ProofService(t.deps.db).proofOf(alice.id);
    expect(again.balances).toEqual(proofBefore.balances);
    expect(await verifyProof(again.proof, published.root ?? '', totals, sha256)).toEqual({ ok: true });
    expect((await api('GET', '/proof', null)).json().root).toBe(published.root);

    // Audited without her personal data; a second close is refused.
    const audit = await sqlOn(
      t.url,
      "SELECT after FROM audit_log WHERE action = 'privacy.close' AND actor_id = $1",
      [alice.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.after.pseudonym).toBe(rows[0]?.username);
  });
});

describe('closing an account with two-factor on', () => {
  it('is refused without the authenticator code or with a wrong one, and goes through with the right one', async () => {
    const sponsor = await buildMember(t.deps);
    const m = await buildMember(t.deps, { sponsorId: sponsor.id });
    const token = await enrolTwoFactor(t.app, m, await tokenFor(t.app, m));
    const secret = m.twoFactor?.secret ?? '';
    expect(secret).not.toBe('');
    const close = (extra: object) =>
      api('POST', '/privacy/close', token, {
        password: m.password,
        confirmation: 'CLOSE MY ACCOUNT',
        ...extra,
      });
    const stillOpen = async () =>
      (await sqlOn(t.url, 'SELECT deleted_at FROM users WHERE id = $1', [m.id])).rows[0]?.deleted_at;

    // The password alone is not enough.
    const noCode = await close({});
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details.code).toEqual(['Enter the code from your authenticator app.']);
    expect(await stillOpen()).toBeNull();

    // A code of no step the server accepts now (current +/- 1, and the ones next to them).
    const now = stepNow();
    const near = new Set([-2, -1, 0, 1, 2].map((d) => totpCode(secret, now + d)));
    let wrong = 0;
    while (near.has(String(wrong).padStart(6, '0'))) wrong++;
    const wrongCode = await close({ code: String(wrong).padStart(6, '0') });
    expect(wrongCode.statusCode).toBe(422);
    expect(await stillOpen()).toBeNull();

    // The right code with a wrong password: refused, and the code is not spent on it.
    const { rows } = await sqlOn(t.url, 'SELECT last_step FROM two_factors WHERE user_id = $1', [m.id]);
    const step = Number(rows[0]?.last_step) + 1;
    const right = totpCode(secret, step);
    const badPassword = await api('POST', '/privacy/close', token, {
      password: 'not-the-password',
      code: right,
      confirmation: 'CLOSE MY ACCOUNT',
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().details.password).toBeDefined();
    expect(await stillOpen()).toBeNull();

    // The right code (a step after the one taken at enrolment) and the password: closed and erased.
    const closed = await close({ code: right });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await stillOpen()).toEqual(expect.any(Date));
    const after = await sqlOn(
      t.url,
      'SELECT u.email, (SELECT count(*)::int FROM two_factors f WHERE f.user_id = u.id) AS factors FROM users u WHERE u.id = $1',
      [m.id],
    );
    expect(after.rows[0]).toMatchObject({ factors: 0, email: expect.stringMatching(/@erased\.invalid$/) });
    expect((await api('GET', '/privacy/close', token)).statusCode).toBe(401);
    // Deleted as staff deletion marks a member: out of the sponsor's team, every team counter still right.
    const team = await sqlOn(t.url, 'SELECT total_team FROM users WHERE id = $1', [sponsor.id]);
    expect(team.rows[0]?.total_team).toBe(0);
    expect((await checkTeamCounters(t.deps.db)).mismatches).toEqual([]);
  });
});
