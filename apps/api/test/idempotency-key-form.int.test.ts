import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildMember, tokenFor } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { fundDeposit, moneyOf } from './money';

// Decision 0032: an Idempotency-Key is 1 to 255 printable ASCII characters; any other key sent is a 400
// naming the header (never silently replaced by a fresh key, which would let a retry move money twice).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (token: string, url: string, payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload,
  });

async function member(): Promise<Built & { token: string }> {
  const m = await buildMember(t.deps);
  await fundDeposit(t.deps, m.id, '100');
  return { ...m, token: await tokenFor(t.app, m) };
}

const money = (id: bigint) => moneyOf(t.url, id);

describe('the form of an Idempotency-Key (decision 0032)', () => {
  const KEY_RULE = 'Send an Idempotency-Key of 1 to 255 printable ASCII characters (no spaces).';

  it('takes a key of 255 printable ASCII characters: a retry returns the first transfer and moves nothing', async () => {
    const a = await member();
    const b = await member();
    const key = `k!~:/"${'x'.repeat(243)}${randomUUID().slice(0, 6)}`;
    expect(key).toHaveLength(255);
    const send = () =>
      call(a.token, '/transfer/touser', { user_id: Number(a.id), userto_id: Number(b.id), amount: '3' }, key);
    const first = await send();
    expect(first.statusCode).toBe(201);
    const after = await money(a.id);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await money(a.id)).toEqual(after);
  });

  it('refuses a longer key, or one with spaces, controls or other characters, with a 400 naming the header', async () => {
    const a = await member();
    const b = await member();
    const before = await money(a.id);
    for (const key of ['k'.repeat(256), 'k'.repeat(300), 'key with space', 'key\twith-tab', 'clé-12345678']) {
      const res = await call(
        a.token,
        '/transfer/touser',
        { user_id: Number(a.id), userto_id: Number(b.id), amount: '3' },
        key,
      );
      expect({ key: key.slice(0, 20), status: res.statusCode, body: res.json() }).toEqual({
        key: key.slice(0, 20),
        status: 400,
        body: { message: KEY_RULE, code: 'VALIDATION_FAILED', details: { 'Idempotency-Key': [KEY_RULE] } },
      });
    }
    const empty = await call(
      a.token,
      '/transfer/touser',
      { user_id: Number(a.id), userto_id: Number(b.id), amount: '3' },
      '',
    );
    expect(empty.statusCode).toBe(400);
    // Nothing moved by any of them, though the member has the money.
    expect(await money(a.id)).toEqual(before);
  });
});
