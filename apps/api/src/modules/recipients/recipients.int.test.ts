import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { LOOKUPS_PER_WINDOW, NO_SUCH_MEMBER, SELF_MESSAGES } from './recipients.service';

let t: TestApp;
type Member = Built & { token: string; username: string };
let me: Member;
let jane: Member;

const lookup = (token: string | null, query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/members/lookup?${query}`,
    headers: token ? bearer(token) : {},
  });
const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;

async function member(fullname: string): Promise<Member> {
  const m = await buildMember(t.deps);
  const row = await t.deps.db
    .updateTable('users')
    .set({ fullname })
    .where('id', '=', m.id)
    .returning('username')
    .executeTakeFirstOrThrow();
  return { ...m, username: row.username, token: await tokenFor(t.app, m) };
}

beforeAll(async () => {
  t = await buildTestApp();
  me = await member('Sender Person');
  jane = await member('Jane Doe');
});
afterAll(async () => {
  await t.close();
});

describe('GET /members/lookup', () => {
  const janeFound = () => ({ id: Number(jane.id), name: 'Jane Doe', username: jane.username });

  it('finds a member by username, referral code or e-mail, in any letter case, and says only who they are', async () => {
    for (const text of [
      jane.username,
      jane.username.toLowerCase(),
      ` ${jane.username} `,
      jane.code,
      jane.code.toLowerCase(),
      jane.email,
      jane.email.toUpperCase(),
    ]) {
      const res = await lookup(me.token, q(text));
      expect(res.statusCode, text).toBe(200);
      // Exactly these keys: no e-mail, phone, code or anything else about the member.
      expect(res.json(), text).toStrictEqual(janeFound());
      expect(res.body).not.toContain(jane.email);
      expect(res.body).not.toContain(jane.code);
    }
  });

  it('answers 404 with a clear message for anything else, a partial match included', async () => {
    for (const text of [
      'SGX000000000',
      jane.username.slice(0, -1),
      jane.email.split('@')[0] ?? 'x',
      `${jane.code}X`,
      '%',
      jane.email.replace('@', '_'),
    ]) {
      const res = await lookup(me.token, q(text));
      expect(res.statusCode, text).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: NO_SUCH_MEMBER });
    }
    const empty = await lookup(me.token, q('  '));
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Enter the member's username, referral code or e-mail.");
  });

  it('does not find admins or deleted members', async () => {
    const admin = await buildAdmin(t.deps);
    expect((await lookup(me.token, q(admin.email))).statusCode).toBe(404);
    const gone = await member('Gone Member');
    expect((await lookup(me.token, q(gone.username))).statusCode).toBe(200);
    await t.deps.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    for (const text of [gone.username, gone.email, gone.code]) {
      expect((await lookup(me.token, q(text))).statusCode, text).toBe(404);
    }
  });

  it('refuses to look up oneself, with the words of the form that asks', async () => {
    const transfer = await lookup(me.token, q(me.username));
    expect(transfer.statusCode).toBe(422);
    expect(transfer.json()).toMatchObject({ code: 'BUSINESS_RULE', message: SELF_MESSAGES.transfer });
    const friend = await lookup(me.token, q(me.email.toUpperCase(), '&for=friend'));
    expect(friend.statusCode).toBe(422);
    expect(friend.json().message).toBe('Visit Membership Plan to topup self account');
  });

  it('prefers a referral code as written when two differ only in letter case, and refuses to guess otherwise', async () => {
    const upper = await member('Upper Code');
    const lower = await member('Lower Code');
    await t.deps.db
      .updateTable('users')
      .set({ refferal_code: 'MIXCASE9' })
      .where('id', '=', upper.id)
      .execute();
    await t.deps.db
      .updateTable('users')
      .set({ refferal_code: 'mixcase9' })
      .where('id', '=', lower.id)
      .execute();
    expect((await lookup(me.token, q('MIXCASE9'))).json().name).toBe('Upper Code');
    expect((await lookup(me.token, q('mixcase9'))).json().name).toBe('Lower Code');
    const unsure = await lookup(me.token, q('MixCase9'));
    expect(unsure.statusCode).toBe(409);
    expect(unsure.json().message).toContain('type it exactly as written');
  });

  it('is for signed-in members only', async () => {
    const anonymous = await lookup(null, q(jane.username));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Jane');
    const adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    expect((await lookup(adminToken, q(jane.username))).statusCode).toBe(403);
  });

  it('is rate limited per member, misses and finds alike', async () => {
    const prober = await member('Prober');
    const answers: number[] = [];
    for (let i = 0; i < LOOKUPS_PER_WINDOW; i++) {
      answers.push(
        (await lookup(prober.token, q(i % 2 === 0 ? `guess${i}@example.com` : jane.username))).statusCode,
      );
    }
    expect(answers.filter((s) => s === 429)).toEqual([]);
    const refused = await lookup(prober.token, q(jane.username));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another member's lookups are not affected.
    expect((await lookup(me.token, q(jane.username))).statusCode).toBe(200);
  });
});

describe('the web resolves the name to the id the transfer sends', () => {
  it('a transfer to the id of the looked-up username reaches that member', async () => {
    const found = (await lookup(me.token, q(jane.username.toLowerCase()))).json();
    const admin = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tr/create',
      headers: bearer(admin),
      payload: {
        user_id: Number(me.id),
        amount: '30',
        direction: 'credit',
        wallet: 'deposit',
        reason: 'lookup test',
      },
    });
    expect(credit.statusCode).toBeLessThan(300);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfer/touser',
      headers: { ...bearer(me.token), 'idempotency-key': 'lookup-transfer-1' },
      payload: { user_id: Number(me.id), userto_id: found.id, amount: '25' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().transfer).toMatchObject({
      userto_id: Number(jane.id),
      userto: jane.username,
      userto_fullname: 'Jane Doe',
    });
  });
});
