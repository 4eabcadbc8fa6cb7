import { DEV_ACCOUNTS } from '@sgx/chain/dev';
import { hexToTron, tronToHex } from '@sgx/contracts';
import { parseUnits as platform } from '@sgx/money';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { ownAddressFixture, ownAddressSuite, STRANGER } from '../chains/own-address.fixture';
import { reconcile } from '../ledger/ledger.service';

/**
 * A deposit from a listed sender (decision 0075): the chain scan, on real anvil nodes, records the transfer to the
 * member's own address held ('sanctions_held') past its confirmations, never confirming, never credited, however
 * often it scans; the member is flagged and the audit names the list and its date. Two admins release it, and it is
 * credited once, through the one credit path.
 */
const s = ownAddressSuite();
const f = ownAddressFixture(s);
const strangerHex = String(DEV_ACCOUNTS[STRANGER]?.address).toLowerCase();

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('a deposit from a listed sender', () => {
  it.each(['bsc', 'tron'] as const)(
    'is held by the scan, not credited, until two admins release it (%s)',
    async (name) => {
      const c = s.chains[name];
      const listedForm = name === 'tron' ? hexToTron(strangerHex) : strangerHex;
      const added = await api(s.admins.tokenA, 'POST', '/admin/sanctions/operator', {
        address: listedForm,
        reason: 'Exchange hot wallet under sanctions',
      });
      expect([201, 409]).toContain(added.statusCode);
      const m = await f.member();
      const to = (name === 'tron' ? tronToHex(m.tron) : m.evm) as Address;
      const before = await f.balance(m);
      const hash = await f.pay(c, to, '30');
      await f.scan(c);
      // Within its confirmations it is not even shown as confirming.
      expect(await f.depositsOf(hash)).toEqual([]);
      await f.confirm(c);
      await f.scan(c);
      await f.scan(c);
      const [held] = await f.depositsOf(hash);
      expect(held).toMatchObject({ status: 'pending', chain_status: 'sanctions_held', source: 'address' });
      expect(await f.balance(m)).toBe(before);
      expect(await f.creditsOf(hash)).toBe(0);
      const reason = await sqlOn(s.t.url, 'SELECT chain_reason FROM deposits WHERE id = $1', [held?.id]);
      expect(reason.rows[0]?.chain_reason).toBe(
        'This deposit is held for a compliance review. Our compliance team will contact you about it.',
      );
      const today = new Date().toISOString().slice(0, 10);
      const { rows: hits } = await sqlOn(
        s.t.url,
        "SELECT id, status, address, list_source, to_char(list_date, 'YYYY-MM-DD') AS list_date FROM sanctions_hits WHERE deposit_id = $1",
        [held?.id],
      );
      expect(hits).toEqual([
        expect.objectContaining({
          status: 'held',
          address: listedForm,
          list_source: 'operator',
          list_date: today,
        }),
      ]);
      const hitId = (hits[0] as { id: string }).id;
      const audit = await sqlOn(
        s.t.url,
        "SELECT after->>'list_date' AS date FROM audit_log WHERE action = 'sanctions.hold' AND entity_id = $1",
        [hitId],
      );
      expect(audit.rows).toEqual([{ date: today }]);
      const flags = await sqlOn(
        s.t.url,
        "SELECT count(*)::int AS n FROM member_flags WHERE member_id = $1 AND source = 'sanctions' AND cleared_at IS NULL",
        [m.id],
      );
      expect(flags.rows[0]?.n).toBe(1);

      // Two admins release it: credited once, the flag cleared.
      const asked = await api(s.admins.tokenA, 'POST', `/admin/sanctions/hits/${hitId}/release`, {
        reason: 'False positive: the exchange confirmed the customer',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(await f.balance(m)).toBe(before);
      const approved = await api(
        s.admins.tokenB,
        'POST',
        `/admin/approvals/${asked.json().approval.id}/approve`,
        {},
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await f.balance(m)).toBe(before + platform('30'));
      const [credited] = await f.depositsOf(hash);
      expect(credited).toMatchObject({ status: 'complete', chain_status: 'credited' });
      expect(await f.creditsOf(hash)).toBe(1);
      await f.scan(c);
      expect(await f.creditsOf(hash)).toBe(1);
      const again = await api(s.admins.tokenA, 'POST', `/admin/sanctions/hits/${hitId}/release`, {
        reason: 'again',
      });
      expect(again.statusCode).toBe(409);
      const open = await sqlOn(
        s.t.url,
        'SELECT count(*)::int AS n FROM member_flags WHERE member_id = $1 AND cleared_at IS NULL',
        [m.id],
      );
      expect(open.rows[0]?.n).toBe(0);
      expect((await reconcile(s.t.deps.db)).mismatches).toEqual([]);
    },
  );
});
