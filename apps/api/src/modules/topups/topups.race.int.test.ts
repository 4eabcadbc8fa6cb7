import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';
import { checkTeamCounters } from '../members/counters';

let t: TestApp;
let adminToken: string;
let bronze: number;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Bronze', monthly_price: '10', ROI_day: '0.5', Sponser_bonus: '5', plan_period: 365 },
  });
  expect(res.statusCode).toBe(201);
  bronze = res.json().plan.id;
});
afterAll(async () => {
  await t.close();
});

type Member = Built & { token: string };

const topup = (as: Member, to: Member, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/topup/add',
    headers: { ...bearer(as.token), 'idempotency-key': `race-${randomUUID()}` },
    payload: { id: bronze, userby_id: Number(as.id), userto_id: Number(to.id), amount },
  });

describe('concurrent top-ups on one sponsor chain', () => {
  // A top-up changes its receiver's row, every upline's team counters and the sponsor's income. Before
  // the receiver and its uplines were locked together in id order, a top-up of a member and one of its
  // upline at the same moment each held a row the other needed: PostgreSQL 40P01, a 409 to the member.
  it('tops up members, their uplines and their sponsors at once without a deadlock; counters stay right', async () => {
    const chain: Member[] = [];
    for (let i = 0; i < 7; i++) {
      const m = await buildMember(t.deps, { sponsorId: chain[i - 1]?.id ?? null });
      await fundDeposit(t.deps, m.id, '1000');
      chain.push({ ...m, token: await tokenFor(t.app, m) });
    }
    // A second leg under the root's direct, so two chains share their uplines.
    const side: Member[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await buildMember(t.deps, { sponsorId: side[i - 1]?.id ?? chain[1]?.id ?? null });
      await fundDeposit(t.deps, m.id, '1000');
      side.push({ ...m, token: await tokenFor(t.app, m) });
    }
    const everyone = [...chain, ...side];
    const requests: Promise<{ statusCode: number; body: string }>[] = [];
    for (let round = 0; round < 2; round++) {
      // Each member tops itself up; each also tops up its sponsor (payer below, receiver above).
      for (const [i, m] of everyone.entries()) {
        requests.push(topup(m, m, '10'));
        const sponsor = i < chain.length ? chain[i - 1] : (side[i - chain.length - 1] ?? chain[1]);
        if (sponsor) requests.push(topup(m, sponsor, '10'));
      }
    }
    const results = await Promise.all(requests);
    const failed = results.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`);
    expect(failed).toEqual([]);

    const plans = await sqlOn(t.url, 'SELECT id, active_plan FROM users WHERE id = ANY($1::bigint[])', [
      everyone.map((m) => m.id),
    ]);
    const paid = plans.rows.reduce((sum, r) => sum + BigInt(r.active_plan), 0n);
    expect(paid).toBe(parseUnits('10') * BigInt(requests.length));
    expect(await checkTeamCounters(t.deps.db)).toMatchObject({ mismatches: [] });
    const root = chain[0];
    if (!root) throw new Error('no chain');
    const team = await sqlOn(
      t.url,
      'SELECT total_team, team_business, active_directs FROM users WHERE id = $1',
      [root.id],
    );
    const rootPlan = BigInt(plans.rows.find((r) => BigInt(r.id) === root.id)?.active_plan ?? 0);
    expect(team.rows[0]).toEqual({
      total_team: everyone.length - 1,
      team_business: paid - rootPlan,
      active_directs: 1,
    });
    const r = await reconcile(t.deps.db);
    expect(r).toMatchObject({ mismatches: [], unbalanced: [], earned_mismatches: [] });
  });
});
