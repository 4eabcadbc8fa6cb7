import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { payoutFixture, payoutSuite } from '../chain-payouts/payouts.fixture';
import { reconcile } from '../ledger/ledger.service';

/**
 * A payout to an address listed after the withdrawal was approved (decision 0075): preparing its batch holds it
 * ('sanctions_held', never 'held', the reorganisation's), flags the member and audits the list and its date; the
 * batch refuses it. Releasing it takes two admins (the same admin is refused as the second), and then it is
 * prepared as any other. Real anvil (BSC and the TRON stand-in), real PostgreSQL.
 */
const s = payoutSuite();
const f = payoutFixture(s);

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  s.t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

const statusOf = async (id: number) =>
  (await sqlOn(s.t.url, 'SELECT status FROM payouts WHERE withdrawal_id = $1', [id])).rows[0]?.status;

describe('a payout to a listed address', () => {
  it.each([
    ['EVM', 'bsc'],
    ['TRON', 'tron'],
  ] as const)(
    'is held when prepared, and prepared again only after two admins release it (%s)',
    async (network, chain) => {
      const c = s.chains[chain];
      const w = await f.approvedWithdrawal('25', network);
      const clean = await f.approvedWithdrawal('25', network);
      // The list learns the address after the withdrawal was approved.
      const listed = await api(s.admins.tokenA, 'POST', '/admin/sanctions/operator', {
        address: w.address,
        reason: 'Court order 7',
      });
      expect(listed.statusCode, listed.body).toBe(201);

      const refused = await api(s.admins.tokenA, 'POST', '/payouts/batches', {
        chain_id: c.id,
        withdrawal_ids: [w.id, clean.id],
        code: s.admins.adminA.twoFactor?.recoveryCodes.shift(),
        payer: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toContain(`#${w.id} is sanctions_held`);
      expect(await statusOf(w.id)).toBe('sanctions_held');
      expect(await statusOf(clean.id)).toBe('approved');
      const today = new Date().toISOString().slice(0, 10);
      const { rows: hits } = await sqlOn(
        s.t.url,
        "SELECT id, kind, status, list_source, to_char(list_date, 'YYYY-MM-DD') AS list_date, flag_id FROM sanctions_hits WHERE withdrawal_id = $1",
        [w.id],
      );
      expect(hits).toEqual([
        expect.objectContaining({
          kind: 'payout',
          status: 'held',
          list_source: 'operator',
          list_date: today,
        }),
      ]);
      const hit = hits[0] as { id: string; flag_id: string };
      const audit = await sqlOn(
        s.t.url,
        "SELECT after->>'list_date' AS date, after->>'list_source' AS source FROM audit_log WHERE action = 'sanctions.hold' AND entity_id = $1",
        [hit.id],
      );
      expect(audit.rows).toEqual([{ date: today, source: 'operator' }]);
      // The clean payout is prepared alone; the held one is not taken again.
      await f.prepare(c.id, [clean.id]);

      // Releasing: always a second admin; the one who asked cannot be it.
      const asked = await api(s.admins.tokenA, 'POST', `/admin/sanctions/hits/${hit.id}/release`, {
        reason: 'False positive: a different wallet',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const approvalId = asked.json().approval.id;
      const self = await api(s.admins.tokenA, 'POST', `/admin/approvals/${approvalId}/approve`, {});
      expect(self.statusCode).toBe(403);
      expect(await statusOf(w.id)).toBe('sanctions_held');
      const second = await api(s.admins.tokenB, 'POST', `/admin/approvals/${approvalId}/approve`, {});
      expect(second.statusCode, second.body).toBe(200);
      expect(await statusOf(w.id)).toBe('approved');
      const after = await sqlOn(
        s.t.url,
        'SELECT h.status, h.decision_reason, f.cleared_at IS NOT NULL AS cleared FROM sanctions_hits h JOIN member_flags f ON f.id = h.flag_id WHERE h.id = $1',
        [hit.id],
      );
      expect(after.rows).toEqual([
        { status: 'released', decision_reason: 'False positive: a different wallet', cleared: true },
      ]);
      // Released for this address: prepared like any payout, not held again.
      const batch = await f.prepare(c.id, [w.id]);
      expect(batch.status).toBe('prepared');
      expect(await statusOf(w.id)).toBe('sending');
      expect((await reconcile(s.t.deps.db)).mismatches).toEqual([]);
    },
  );
});
