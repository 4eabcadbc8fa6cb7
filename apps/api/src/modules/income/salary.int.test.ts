import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';
import { creditIncome } from './income.service';
import { runSalary } from './salary.job';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function leader(opts: { directs: number; plan: string; status?: 'block' | 'unblock' }) {
  const m = await buildMember(t.deps);
  await sqlOn(
    t.url,
    "UPDATE users SET active_directs = $2, active_plan = $3, is_active = 'active', status = $4 WHERE id = $1",
    [m.id, opts.directs, parseUnits(opts.plan), opts.status ?? 'unblock'],
  );
  return m;
}

const working = async (id: bigint) =>
  (await sqlOn(t.url, "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'working'", [id]))
    .rows[0]?.balance ?? 0n;

describe('monthly salary job', () => {
  it('pays each qualified member their tier once a month, under the cap, and records why others were not paid', async () => {
    const full = await leader({ directs: 12, plan: '1000' }); // tier 10 directs: 60
    const capped = await leader({ directs: 5, plan: '100' }); // tier 5: 25, cap 300
    await t.deps.db.transaction().execute((tx) =>
      creditIncome(tx, t.deps.settings, {
        userId: capped.id,
        type: 'direct_income',
        amount: parseUnits('290'),
        causeKey: `seed:${capped.id}`,
        wallet: 'working',
        feature: 'direct',
        why: {},
      }),
    );
    const blocked = await leader({ directs: 7, plan: '1000', status: 'block' });
    const few = await leader({ directs: 4, plan: '1000' });

    const first = await runSalary(t.deps.db, t.deps.settings, '2025-11');
    expect(first).toMatchObject({ month: '2025-11', qualified: 2, paid: 2, total: parseUnits('70') });
    expect(await working(full.id)).toBe(parseUnits('60'));
    expect(await working(capped.id)).toBe(parseUnits('300'));
    expect(await working(few.id)).toBe(0n);
    const skips = await sqlOn(
      t.url,
      "SELECT user_id, amount, reason FROM income_skips WHERE income_type = 'salary' ORDER BY user_id",
    );
    expect(skips.rows).toEqual([
      { user_id: capped.id, amount: parseUnits('15'), reason: 'cut at the earning cap' },
      { user_id: blocked.id, amount: 0n, reason: 'member is blocked' },
    ]);
    const statuses = await sqlOn(t.url, 'SELECT roi_status, level_status FROM users WHERE id = $1', [
      capped.id,
    ]);
    expect(statuses.rows[0]).toEqual({ roi_status: 'close', level_status: 'close' });
    const tx = await sqlOn(t.url, 'SELECT details FROM ledger_transactions WHERE idempotency_key = $1', [
      `salary:${full.id}:2025-11`,
    ]);
    expect(tx.rows[0]?.details).toMatchObject({
      rule: 'monthly salary',
      month: '2025-11',
      due: String(parseUnits('60')),
    });

    const again = await runSalary(t.deps.db, t.deps.settings, '2025-11');
    expect(again).toMatchObject({ qualified: 0, paid: 0, total: 0n });
    expect(await working(full.id)).toBe(parseUnits('60'));
    expect(await reconcile(t.deps.db)).toMatchObject({
      mismatches: [],
      unbalanced: [],
      earned_mismatches: [],
    });

    const next = await runSalary(t.deps.db, t.deps.settings, '2025-12');
    expect(next).toMatchObject({ paid: 1, total: parseUnits('60') });
    // A month that has not ended (this one, a far one) is not paid: it would be locked out once paid.
    const thisMonth = new Date().toISOString().slice(0, 7);
    await expect(runSalary(t.deps.db, t.deps.settings, thisMonth)).rejects.toThrow(
      `The salary of ${thisMonth} can be paid once the month has ended.`,
    );
    await expect(runSalary(t.deps.db, t.deps.settings, '2099-12')).rejects.toThrow(/has ended/);
    expect(await working(full.id)).toBe(parseUnits('120'));
  });

  it('pays once when two runs of the same month start together', async () => {
    const m = await leader({ directs: 25, plan: '5000' }); // tier 25: 150
    const [a, b] = await Promise.all([
      runSalary(t.deps.db, t.deps.settings, '2026-01'),
      runSalary(t.deps.db, t.deps.settings, '2026-01'),
    ]);
    expect(a.total + b.total).toBe(parseUnits('150') + parseUnits('60'));
    expect(await working(m.id)).toBe(parseUnits('150'));
    expect(await reconcile(t.deps.db)).toMatchObject({
      mismatches: [],
      unbalanced: [],
      earned_mismatches: [],
    });
  });

  it('applies the cap to the member as locked: a credit committing during the run is counted (0049)', async () => {
    const m = await leader({ directs: 5, plan: '100' }); // tier 5: 25, cap 300
    let run: Promise<unknown> | undefined;
    let waited = false;
    await t.deps.db.transaction().execute(async (tx) => {
      await creditIncome(tx, t.deps.settings, {
        userId: m.id,
        type: 'direct_income',
        amount: parseUnits('290'),
        causeKey: `held:${m.id}`,
        wallet: 'working',
        feature: 'direct',
        why: {},
      });
      // The run starts while this credit holds the member's row, and waits for it at the pay.
      run = runSalary(t.deps.db, t.deps.settings, '2026-02');
      for (let i = 0; i < 200; i++) {
        const waiting = await sqlOn(
          t.url,
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE OF u%'",
        );
        waited = (waiting.rows[0]?.n ?? 0) > 0;
        if (waited) break;
        await new Promise((r) => setTimeout(r, 25));
      }
    });
    await run;
    expect(waited).toBe(true);
    // 290 earned before, so only 10 of the 25 fit under the cap.
    expect(await working(m.id)).toBe(parseUnits('300'));
    const row = await sqlOn(
      t.url,
      "SELECT paid FROM salary_payments WHERE user_id = $1 AND month = '2026-02'",
      [m.id],
    );
    expect(row.rows[0]?.paid).toBe(parseUnits('10'));
    const earned = await sqlOn(t.url, 'SELECT total_earned, roi_status FROM users WHERE id = $1', [m.id]);
    expect(earned.rows[0]).toEqual({ total_earned: parseUnits('300'), roi_status: 'close' });
    expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], earned_mismatches: [] });
  });
});
