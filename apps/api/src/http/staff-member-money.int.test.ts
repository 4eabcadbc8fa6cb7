import type { StaffRole } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { fundDeposit, launchToken } from '../../test/money';

/**
 * Decision 0054 (decision 0042): staff read members' transfers, token holdings and who traded only where their
 * role reads money (owner, finance, compliance); support and content do not, whichever number they try. A member
 * still reads their own transfer, and the price history stays open to every role without the traders' identities.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await launchToken(t.deps, parseUnits('100000000'));
});
afterAll(() => t.close());

const ROLE_REFUSAL = 'Your staff role does not allow this.';
const get = (token: string, url: string) => t.app.inject({ url: `/api/v1${url}`, headers: bearer(token) });

async function staff(...roles: StaffRole[]): Promise<string> {
  const admin = await buildAdmin(t.deps);
  await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [admin.id, roles]);
  return tokenFor(t.app, admin, 'admin');
}

async function member(fullname: string) {
  const m = await buildMember(t.deps);
  const { rows } = await sqlOn(t.url, 'UPDATE users SET fullname = $1 WHERE id = $2 RETURNING username', [
    fullname,
    m.id,
  ]);
  await fundDeposit(t.deps, m.id, '100');
  return { ...m, fullname, username: String(rows[0]?.username), token: await tokenFor(t.app, m) };
}

const readers = ['owner', 'finance', 'compliance'] as const;
const outsiders = ['support', 'content'] as const;

describe("staff and members' money records", () => {
  it('a transfer by its number: its two members and the roles that read money; support and content are refused', async () => {
    const from = await member('Ana Sender');
    const to = await member('Ben Receiver');
    const other = await member('Cy Outsider');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfer/touser',
      headers: bearer(from.token),
      payload: { user_id: Number(from.id), userto_id: Number(to.id), amount: '10' },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().transfer.id as number;

    for (const who of [from, to]) expect((await get(who.token, `/transfer/byid/${id}`)).statusCode).toBe(200);
    expect((await get(other.token, `/transfer/byid/${id}`)).statusCode).toBe(403);
    for (const role of readers) {
      const res = await get(await staff(role), `/transfer/byid/${id}`);
      expect(res.statusCode, role).toBe(200);
      expect(res.json().transfer).toMatchObject({ user_id: Number(from.id), userto_id: Number(to.id) });
    }
    for (const role of outsiders) {
      const token = await staff(role);
      // Refused before anything is read: a number that exists and one that does not answer alike.
      for (const n of [id, id + 100_000]) {
        const res = await get(token, `/transfer/byid/${n}`);
        expect(res.statusCode, `${role} #${n}`).toBe(403);
        expect(res.json().message).toBe(ROLE_REFUSAL);
        expect(res.body).not.toContain(from.fullname);
      }
    }
  });

  it("a member's token holding by wallet address: the roles that read money only", async () => {
    const m = await member('Dee Holder');
    const address = `0x${'5e'.repeat(20)}`;
    await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, address]);
    for (const role of readers)
      expect((await get(await staff(role), `/social-genx/balance/${address}`)).statusCode, role).toBe(200);
    for (const role of outsiders) {
      const res = await get(await staff(role), `/social-genx/balance/${address}`);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(ROLE_REFUSAL);
    }
  });

  it('the price history names the traders to the roles that read money only; the others see prices alone', async () => {
    const trader = await member('Eve Trader');
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/v1/social-genx/buy',
      headers: bearer(trader.token),
      payload: { token_id: 1, amount: '1000', user_id: Number(trader.id) },
    });
    expect(buy.statusCode).toBe(200);
    const trade = buy.json().transaction.id as number;
    const history = async (token: string) => {
      const res = await get(token, '/social-genx/price-history?limit=100');
      expect(res.statusCode).toBe(200);
      return res.json().data as Record<string, unknown>[];
    };
    for (const role of readers) {
      expect(
        (await history(await staff(role))).find((p) => p.transaction_id === trade),
        role,
      ).toMatchObject({
        user_id: Number(trader.id),
        username: trader.username,
        fullname: trader.fullname,
      });
    }
    for (const role of outsiders) {
      const seen = await history(await staff(role));
      expect(seen.filter((p) => p.change_reason === 'buy').length, role).toBeGreaterThanOrEqual(1);
      for (const point of seen)
        expect(point, role).toMatchObject({
          user_id: null,
          transaction_id: null,
          username: null,
          fullname: null,
        });
      expect(JSON.stringify(seen)).not.toContain(trader.fullname);
    }
  });
});
