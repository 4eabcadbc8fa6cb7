import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWaiting, secondAdmin } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import type { Principal } from '../../http/principal';
import { RoiService, WATCH_SECONDS } from '../income/roi.service';

// Rule versions (decision 0070): every set of economic rules in force, numbered, written in the transaction of the
// change that made it, and named by every income credit posted under it.
let t: TestApp;
let admin: Built;
let adminToken: string;
let second: { id: bigint; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  second = await secondAdmin(t.app, t.deps);
  await t.deps.db
    .insertInto('videos')
    .values({ title: 'Daily', url: 'https://example.com/v', description: 'watch' })
    .execute();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const member = (userId: bigint): Principal => ({ userId, role: 'user', sessionId: 0n, secondFactor: 'ok' });

const versions = async () =>
  (
    await sqlOn(
      t.url,
      'SELECT version::int, cause, approval_id::int, rules FROM rule_versions ORDER BY version',
    )
  ).rows as {
    version: number;
    cause: string;
    approval_id: number | null;
    rules: { settings: { levelPercents: string[] }; plans: { id: number; roi_day: string }[] };
  }[];

/** The rule version each income credit of `who` names, with its type and rate, oldest first. */
const creditsOf = async (who: bigint) =>
  (
    await sqlOn(
      t.url,
      `SELECT income_type, details->>'rate_percent' AS rate, (details->>'rule_version')::int AS version
       FROM ledger_transactions WHERE member_id = $1 AND income_type IS NOT NULL ORDER BY id`,
      [who],
    )
  ).rows;

describe('rule versions', () => {
  let now = new Date();
  const roi = () => new RoiService(t.deps.db, t.deps.settings, () => now);
  const claim = async (who: bigint) => {
    await roi().startWatch(member(who));
    now = new Date(now.getTime() + (WATCH_SECONDS + 5) * 1000);
    await roi().claim(member(who), who);
  };

  it('keeps version 1 as the rules before the first change, and a version for each change after', async () => {
    expect(await versions()).toEqual([]);
    await t.deps.settings.change(admin.id, { approvalThreshold: '1000000' }, 'test economy');
    const [first, next] = await versions();
    expect(first).toMatchObject({ version: 1, cause: 'initial' });
    expect(next).toMatchObject({ version: 2, cause: 'settings', approval_id: null });
    // A change that leaves the rules as they were makes no version.
    await t.deps.settings.change(admin.id, { approvalThreshold: '1000000' }, 'same again');
    expect(await versions()).toHaveLength(2);
  });

  it('names the version in force on every income credit, and a new one after an approved plan edit', async () => {
    const made = await call(adminToken, 'POST', '/plans/add', {
      name: 'Versioned',
      monthly_price: '1000',
      ROI_day: '0.5',
      Sponser_bonus: '10',
      plan_period: 365,
    });
    // No member holds a plan yet: made at once (the platform being set up).
    expect(made.statusCode).toBe(201);
    const plan = made.json().plan as { id: number };
    expect((await versions()).at(-1)).toMatchObject({ version: 3, cause: 'plan' });

    const sponsor = await buildMember(t.deps);
    const direct = await buildMember(t.deps, { sponsorId: sponsor.id });
    for (const m of [sponsor, direct]) {
      await fundDeposit(t.deps, m.id, '1000');
      await t.deps.topups.topup(member(m.id), {
        payer: m.id,
        receiver: m.id,
        planId: BigInt(plan.id),
        amount: undefined,
        kind: 'topup',
        requestKey: `plan-${m.id}`,
      });
    }
    await claim(direct.id);
    expect(await creditsOf(direct.id)).toEqual([
      { income_type: 'roi_income', rate: '0.50000000', version: 3 },
    ]);
    expect(await creditsOf(sponsor.id)).toEqual([
      { income_type: 'direct_income', rate: '10.00000000', version: 3 },
      { income_type: 'level_month', rate: '10', version: 3 },
    ]);

    // The daily ROI is an economic rule: the edit waits for a second admin, then makes version 4.
    const edit = await call(adminToken, 'PUT', `/plans/${plan.id}`, { ROI_day: '1', reason: 'promotion' });
    expect(edit.statusCode).toBe(202);
    expect(await versions()).toHaveLength(3);
    const approval = await approveWaiting(t.app, edit, second.token);
    // It was approved with its simulation, made from the approval itself (decision 0069): the ROI doubled.
    const sim = await call(second.token, 'GET', `/admin/approvals/${approval.id}/simulation`);
    expect(sim.statusCode).toBe(200);
    const { proposal, result, status } = sim.json().simulation;
    expect(status).toBe('done');
    expect(proposal.plans).toEqual([{ id: plan.id, roi_day: '1.00000000' }]);
    const roiKind = result.kinds.find((k: { income_type: string }) => k.income_type === 'roi_income');
    expect(roiKind).toMatchObject({
      actual: '5.00000000',
      replayed_current: '5.00000000',
      replayed_proposed: '10.00000000',
    });
    const v4 = (await versions()).at(-1);
    expect(v4).toMatchObject({ version: 4, cause: 'plan', approval_id: approval.id });
    expect(v4?.rules.plans.find((p) => p.id === plan.id)?.roi_day).toBe('1.00000000');

    now = new Date(now.getTime() + 86_400_000);
    await claim(direct.id);
    expect((await creditsOf(direct.id)).at(-1)).toEqual({
      income_type: 'roi_income',
      rate: '1.00000000',
      version: 4,
    });
    // Version 3's credits still say 3: the past keeps the rules it was paid under.
    expect((await creditsOf(direct.id))[0]?.version).toBe(3);
  });

  it('lists the versions newest first with their dates and what each changed; staff only', async () => {
    const levels = ['12', '5', '4', '3', '2', '1', '1', '1', '1', '1'];
    const asked = await call(adminToken, 'POST', '/plans/addinvestlevel', {
      levels,
      reason: 'richer level 1',
    });
    await approveWaiting(t.app, asked, second.token);
    const res = await call(adminToken, 'GET', '/admin/rules/versions');
    expect(res.statusCode).toBe(200);
    const list = res.json().versions as {
      version: number;
      from: string;
      until: string | null;
      cause: string;
      reason: string | null;
      changes: { field: string; from: string | null; to: string | null }[];
    }[];
    expect(list.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(list[0]).toMatchObject({ cause: 'settings', until: null, reason: 'richer level 1' });
    expect(list[0]?.changes).toEqual([{ field: 'Level percents 1', from: '10', to: '12' }]);
    expect(list[1]?.until).toBe(list[0]?.from);
    expect(list[1]?.changes).toEqual([expect.objectContaining({ from: '0.50000000', to: '1.00000000' })]);
    expect(list[1]?.changes[0]?.field).toMatch(/Versioned.*roi/i);
    expect(list[4]).toMatchObject({ cause: 'initial', changes: [] });

    const one = await call(adminToken, 'GET', '/admin/rules/versions/5');
    expect(one.json().rules.settings.levelPercents[0]).toBe('12');
    expect((await call(adminToken, 'GET', '/admin/rules/versions/99')).statusCode).toBe(404);
    const someone = await buildMember(t.deps);
    expect((await call(await tokenFor(t.app, someone), 'GET', '/admin/rules/versions')).statusCode).toBe(403);
  });

  it('never changes or removes a version', async () => {
    await expect(
      sqlOn(t.url, "UPDATE rule_versions SET reason = 'rewritten' WHERE version = 1"),
    ).rejects.toThrow(/append-only/);
    await expect(sqlOn(t.url, 'DELETE FROM rule_versions WHERE version = 1')).rejects.toThrow(/append-only/);
  });
});
