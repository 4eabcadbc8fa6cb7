import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type Grant,
  grantFor,
  keyAreas,
  type StaffArea,
  type StaffRole,
} from '@sgx/contracts';
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
import { fundDeposit } from '../../../test/money';
import { buildApp, buildDeps } from '../../app';
import { connect } from '../../db';
import { KEY_READ_ONLY, KEY_ROUTE_REFUSAL, KEY_SCOPE_REFUSAL } from '../../http/access';
import { SAME_ADMIN_MESSAGE } from '../approvals/approvals.service';
import { hashSecret, KEY_CREATOR_GONE, KEY_EXPIRED, KEY_NETWORK, KEY_REVOKED } from './api-keys.door';

/**
 * API keys (decision 0071): made with the creator's code, the secret shown once and kept as a hash; each scope
 * against every route of the route table; refusals (expired, revoked, networks, the creator gone or their role
 * changed); a revocation seen by a second instance; the two-admin rule; the per-key limit; the audit trail.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROLE_REFUSAL = 'Your staff role does not allow this.';
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' || /Id$/.test(name) ? '999999' : 'x'));
const call = (token: string, method: string, url: string, payload?: object, headers: object = {}) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...bearer(token), ...headers },
    payload: payload ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
  });

/** A signed-in staff account holding `roles` (two-factor on, as every admin's). */
async function staff(...roles: StaffRole[]): Promise<{ who: Built; token: string }> {
  const who = await buildAdmin(t.deps);
  await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [who.id, roles]);
  return { who, token: await tokenFor(t.app, who, 'admin') };
}

/** A code the server has not taken yet: a later 30-second step in its window, else a recovery code. */
async function freshCode(who: Built): Promise<string> {
  const factor = who.twoFactor;
  if (!factor) throw new Error('no second factor');
  const row = await sqlOn(t.url, 'SELECT last_step FROM two_factors WHERE user_id = $1', [who.id]);
  const last = row.rows[0]?.last_step === null ? null : BigInt(row.rows[0]?.last_step);
  const now = stepNow();
  if (30_000 - (Date.now() % 30_000) > 1_500) {
    const step = [now, now + 1].find((s) => last === null || BigInt(s) > last);
    if (step !== undefined) return totpCode(factor.secret, step);
  }
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) throw new Error('no recovery code left');
  return recovery;
}

/** A key put straight into the table (the scope matrix needs many; making one through the API is tested apart). */
async function insertKey(
  userId: bigint,
  kind: 'staff' | 'member',
  scopes: string[],
  extra: { networks?: string[]; rate_limit?: number; expires_at?: Date } = {},
): Promise<{ id: bigint; secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await sqlOn(
    t.url,
    `INSERT INTO api_keys (user_id, kind, name, prefix, secret_hash, scopes, networks, rate_limit, expires_at)
     VALUES ($1, $2, 'test', $3, $4, $5, $6::inet[], $7, $8) RETURNING id`,
    [
      userId,
      kind,
      secret.slice(0, 12),
      hashSecret(secret),
      scopes,
      extra.networks ?? [],
      extra.rate_limit ?? 6000,
      extra.expires_at ?? null,
    ],
  );
  return { id: BigInt(row.rows[0].id), secret };
}

const ok = (status: number) => status !== 401 && status !== 403 && status !== 429;

describe('making a key', () => {
  it("needs the creator's code; the secret is shown once and only its SHA-256 is kept", async () => {
    const { who, token } = await staff('finance');
    const body = { name: 'accounting', scopes: ['money:read'] };
    const missing = await call(token, 'POST', '/api/v1/admin/api-keys', { ...body, code: '' });
    expect(missing.statusCode).toBe(400);
    const wrong = await call(token, 'POST', '/api/v1/admin/api-keys', { ...body, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const made = await call(token, 'POST', '/api/v1/admin/api-keys', { ...body, code: await freshCode(who) });
    expect(made.statusCode, made.body).toBe(201);
    const { secret, key } = made.json();
    expect(secret).toMatch(/^sgx_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'accounting',
      scopes: ['money:read'],
      prefix: secret.slice(0, 12),
      revoked_at: null,
    });
    const stored = await sqlOn(t.url, 'SELECT * FROM api_keys WHERE id = $1', [key.id]);
    expect(Buffer.from(stored.rows[0].secret_hash).equals(hashSecret(secret))).toBe(true);
    const text = await sqlOn(t.url, 'SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = $1', [
      key.id,
    ]);
    expect(text.rows[0].row).toContain(secret.slice(0, 12));
    expect(text.rows[0].row).not.toContain(secret.slice(12));
    const listed = await call(token, 'GET', '/api/v1/admin/api-keys');
    expect(listed.body).not.toContain(secret.slice(12));
    expect(listed.json().keys.map((k: { id: number }) => k.id)).toEqual([key.id]);
    expect(listed.json().grantable).toEqual([
      'dashboard:read',
      'dashboard:write',
      'money:read',
      'money:write',
      'approvals:read',
      'approvals:write',
      'members:read',
    ]);
    // The key works, and its use is noted.
    const used = await call(secret, 'GET', '/api/v1/deposite/list');
    expect(used.statusCode, used.body).toBe(200);
    const after = await sqlOn(t.url, 'SELECT last_used_at FROM api_keys WHERE id = $1', [key.id]);
    expect(after.rows[0].last_used_at).not.toBeNull();
  });

  it("refuses scopes beyond the creator's roles, and a key making a key", async () => {
    const { who, token } = await staff('support');
    const res = await call(token, 'POST', '/api/v1/admin/api-keys', {
      name: 'x',
      scopes: ['money:read'],
      code: await freshCode(who),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your staff role cannot give a key the scope money:read.');
    const key = await insertKey(who.id, 'staff', ['dashboard:write']);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/api-keys'],
      ['POST', '/api/v1/admin/api-keys'],
      ['POST', '/api/v1/admin/api-keys/1/revoke'],
    ] as const) {
      const r = await call(key.secret, method, url, {
        name: 'y',
        scopes: ['dashboard:read'],
        code: '123456',
      });
      expect(r.statusCode, url).toBe(403);
      expect(r.json()).toMatchObject({ code: 'FORBIDDEN', message: KEY_ROUTE_REFUSAL });
    }
  });

  it('a member makes a read-only key with their code; without two-factor they are told to turn it on', async () => {
    const member = await buildMember(t.deps);
    const token = await tokenFor(t.app, member);
    const refused = await call(token, 'POST', '/api/v1/api-keys', { name: 'tracker', code: '123456' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Turn on two-factor sign-in first: an API key is created with its code.',
    );
    const on = await enrolTwoFactor(t.app, member, token);
    const made = await call(on, 'POST', '/api/v1/api-keys', {
      name: 'tracker',
      code: await freshCode(member),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().key.scopes).toEqual(['account:read']);
    const secret = made.json().secret as string;
    const proof = await call(secret, 'GET', '/api/v1/proof/me');
    expect(ok(proof.statusCode), proof.body).toBe(true);
    // Its own balances, not another member's.
    const mine = await call(secret, 'GET', `/api/v1/tr/wallet/${member.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await buildMember(t.deps);
    const theirs = await call(secret, 'GET', `/api/v1/tr/wallet/${other.id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('You can only see your own records.');
    const write = await call(secret, 'POST', '/api/v1/api-keys', { name: 'x', code: '123456' });
    expect(write.statusCode).toBe(403);
    // Revoked by the member: refused at once.
    const revoked = await call(on, 'POST', `/api/v1/api-keys/${made.json().key.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call(secret, 'GET', '/api/v1/proof/me')).json().message).toBe(KEY_REVOKED);
  });
});

describe('scopes against the route table', () => {
  type Route = TestApp['app']['routeTable'][number];
  /** What a route should answer a key: a refusal's message, 'passes' (not refused for the key), or null: not checked. */
  type Expected = (r: Route, reads: boolean) => string | 'passes' | null;

  /** Every route of the route table (public ones aside) called with the key; the routes answering otherwise. */
  async function mismatches(secret: string, expected: Expected, keyRefusals: string[]): Promise<string[]> {
    const wrong: string[] = [];
    const routes = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && r.access !== 'public' && !r.url.endsWith('/signoutadmin'),
    );
    for (const r of routes) {
      const want = expected(r, grantFor(r.method) === 'read');
      if (want === null) continue;
      const res = await call(secret, r.method, concrete(r.url));
      const got = res.statusCode === 403 ? (res.json().message as string) : undefined;
      const passes = res.statusCode !== 401 && res.statusCode !== 429 && !keyRefusals.includes(got ?? '');
      if (want === 'passes' ? !passes : got !== want)
        wrong.push(
          `${r.method} ${r.url} (${r.access} ${r.permission ?? ''}): ${res.statusCode} ${res.body.slice(0, 80)}`,
        );
    }
    return wrong;
  }

  // Made by an owner (every role), so only the key's scope can refuse an admin route.
  for (const area of keyAreas) {
    for (const grant of ['read', 'write'] as Grant[]) {
      it(`${area}:${grant}: the admin routes of ${area}${grant === 'read' ? ' that read' : ''} and nothing else`, async () => {
        const owner = await buildAdmin(t.deps);
        const key = await insertKey(owner.id, 'staff', [`${area}:${grant}`]);
        const wrong = await mismatches(
          key.secret,
          (r, reads) => {
            if (r.keyless || (r.access === 'signed-in' && !reads)) return KEY_ROUTE_REFUSAL;
            if (r.access === 'member') return 'This is for members only.';
            if (r.access === 'signed-in') return null; // the route's own check (below, for members' records)
            return r.permission === (area as StaffArea) && (grant === 'write' || reads)
              ? 'passes'
              : KEY_SCOPE_REFUSAL;
          },
          [KEY_ROUTE_REFUSAL, KEY_SCOPE_REFUSAL, ROLE_REFUSAL],
        );
        expect(wrong).toEqual([]);
      });
    }
  }

  it("a staff key reads a member's records on the shared routes only with members:read or money:read", async () => {
    const owner = await buildAdmin(t.deps);
    const member = await buildMember(t.deps);
    for (const [scope, status] of [
      ['money:read', 200],
      ['members:read', 200],
      ['content:write', 403],
      ['dashboard:write', 403],
    ] as const) {
      const key = await insertKey(owner.id, 'staff', [scope]);
      const res = await call(key.secret, 'GET', `/api/v1/users/${member.id}`);
      expect(res.statusCode, `${scope} ${res.body}`).toBe(status);
    }
  });

  it('a member key reads its member routes and the shared ones, never writes, never an admin route', async () => {
    const member = await buildMember(t.deps);
    const key = await insertKey(member.id, 'member', ['account:read']);
    const wrong = await mismatches(
      key.secret,
      (r, reads) => {
        if (r.keyless || (r.access === 'signed-in' && !reads)) return KEY_ROUTE_REFUSAL;
        if (r.access === 'admin') return 'This is for administrators only.';
        if (r.access === 'member') return reads ? 'passes' : KEY_READ_ONLY;
        return null; // a shared read: the route's own check (another member's record: above)
      },
      [KEY_ROUTE_REFUSAL, KEY_READ_ONLY],
    );
    expect(wrong).toEqual([]);
  });
});

describe('a key that may not be used', () => {
  it('expired, revoked, outside its networks: 401 and 403 in the usual shape', async () => {
    const owner = await buildAdmin(t.deps);
    const expired = await insertKey(owner.id, 'staff', ['money:read'], {
      expires_at: new Date(Date.now() - 1000),
    });
    const res = await call(expired.secret, 'GET', '/api/v1/deposite/list');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: KEY_EXPIRED, code: 'UNAUTHENTICATED' });

    const elsewhere = await insertKey(owner.id, 'staff', ['money:read'], {
      networks: ['203.0.113.0/24', '2001:db8::/32'],
    });
    const far = await call(elsewhere.secret, 'GET', '/api/v1/deposite/list');
    expect(far.statusCode).toBe(403);
    expect(far.json()).toEqual({ message: KEY_NETWORK, code: 'FORBIDDEN' });
    const here = await insertKey(owner.id, 'staff', ['money:read'], { networks: ['127.0.0.0/8', '::1/128'] });
    expect((await call(here.secret, 'GET', '/api/v1/deposite/list')).statusCode).toBe(200);

    const unknown = await call(
      `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`,
      'GET',
      '/api/v1/deposite/list',
    );
    expect(unknown.statusCode).toBe(401);
  });

  it('dies when its creator is suspended or loses the role it was made with', async () => {
    const { who } = await staff('finance', 'support');
    const key = await insertKey(who.id, 'staff', ['money:read']);
    expect((await call(key.secret, 'GET', '/api/v1/deposite/list')).statusCode).toBe(200);
    await sqlOn(t.url, "UPDATE users SET staff_roles = '{support}' WHERE id = $1", [who.id]);
    const lost = await call(key.secret, 'GET', '/api/v1/deposite/list');
    expect(lost.statusCode).toBe(401);
    expect(lost.json().message).toBe(KEY_CREATOR_GONE);
    await sqlOn(t.url, "UPDATE users SET staff_roles = '{finance}' WHERE id = $1", [who.id]);
    expect((await call(key.secret, 'GET', '/api/v1/deposite/list')).statusCode).toBe(200);
    await sqlOn(t.url, 'UPDATE users SET suspended_at = now() WHERE id = $1', [who.id]);
    const gone = await call(key.secret, 'GET', '/api/v1/deposite/list');
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(KEY_CREATOR_GONE);
  });

  it('revoked through one instance is refused by a second instance on the same database at once', async () => {
    const { who, token } = await staff('finance');
    const made = await call(token, 'POST', '/api/v1/admin/api-keys', {
      name: 'two',
      scopes: ['money:read'],
      code: await freshCode(who),
    });
    const { secret, key } = made.json();
    const second = connect(t.appUrl, 2);
    const other = await buildApp(buildDeps(t.deps.config, second.db));
    try {
      await other.ready();
      const before = await other.inject({ url: '/api/v1/deposite/list', headers: bearer(secret) });
      expect(before.statusCode).toBe(200);
      const revoked = await call(token, 'POST', `/api/v1/admin/api-keys/${key.id}/revoke`);
      expect(revoked.statusCode, revoked.body).toBe(200);
      const after = await other.inject({ url: '/api/v1/deposite/list', headers: bearer(secret) });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(KEY_REVOKED);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it("an owner revokes any staff key; another staff member cannot revoke someone else's", async () => {
    const finance = await staff('finance');
    const support = await staff('support');
    const owner = await staff('owner');
    const key = await insertKey(finance.who.id, 'staff', ['money:read']);
    const theirs = await call(support.token, 'POST', `/api/v1/admin/api-keys/${key.id}/revoke`);
    expect(theirs.statusCode).toBe(404);
    const listed = await call(owner.token, 'GET', '/api/v1/admin/api-keys');
    expect(listed.json().keys.map((k: { id: number }) => k.id)).toContain(Number(key.id));
    expect((await call(owner.token, 'POST', `/api/v1/admin/api-keys/${key.id}/revoke`)).statusCode).toBe(200);
    expect((await call(key.secret, 'GET', '/api/v1/deposite/list')).statusCode).toBe(401);
  });
});

describe('a key acts as its creator', () => {
  it('a debit asked with a key waits for a second admin, and the key cannot approve it', async () => {
    const { who } = await staff('owner');
    const key = await insertKey(who.id, 'staff', ['money:write', 'approvals:write']);
    const member = await buildMember(t.deps);
    await fundDeposit(t.deps, member.id, '100');
    const asked = await call(
      key.secret,
      'POST',
      '/api/v1/withdrawalrequest/debit',
      { user_id: Number(member.id), amount: '10', wallet: 'deposit', reason: 'chargeback' },
      { 'idempotency-key': 'key-debit-0001' },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().approval.id as number;
    const self = await call(key.secret, 'POST', `/api/v1/admin/approvals/${id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SAME_ADMIN_MESSAGE);
    const second = await staff('finance');
    const done = await call(second.token, 'POST', `/api/v1/admin/approvals/${id}/approve`);
    expect(done.statusCode, done.body).toBe(200);
  });

  it('each key has its own rate limit: past it a 429, while another key goes on', async () => {
    const owner = await buildAdmin(t.deps);
    const small = await insertKey(owner.id, 'staff', ['money:read'], { rate_limit: 3 });
    const other = await insertKey(owner.id, 'staff', ['money:read'], { rate_limit: 3 });
    for (let i = 0; i < 3; i++)
      expect((await call(small.secret, 'GET', '/api/v1/deposite/list')).statusCode).toBe(200);
    const refused = await call(small.secret, 'GET', '/api/v1/deposite/list');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await call(other.secret, 'GET', '/api/v1/deposite/list')).statusCode).toBe(200);
  });

  it('every call is in the audit trail under the key and its creator, refused ones too', async () => {
    const owner = await staff('owner');
    const { who } = await staff('finance');
    const key = await insertKey(who.id, 'staff', ['money:read']);
    await call(key.secret, 'GET', '/api/v1/deposite/list');
    await call(key.secret, 'GET', '/api/v1/admin/audit');
    await call(key.secret, 'POST', '/api/v1/withdrawalrequest/debit', {});
    const res = await call(owner.token, 'GET', `/api/v1/admin/audit?record=api_key:${key.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const calls = res.json().entries.filter((e: { kind: string }) => e.kind === 'api_key.call');
    expect(
      calls
        .map((e: { actor_id: number; after: { method: string; route: string; status: number } }) => [
          e.actor_id,
          e.after.method,
          e.after.route,
          e.after.status,
        ])
        .reverse(),
    ).toEqual([
      [Number(who.id), 'GET', '/api/v1/deposite/list', 200],
      [Number(who.id), 'GET', '/api/v1/admin/audit', 403],
      [Number(who.id), 'POST', '/api/v1/withdrawalrequest/debit', 403],
    ]);
  });
});
