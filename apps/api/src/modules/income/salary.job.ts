import { parseUnits, UNIT } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { notifyMembersFrom } from '../notifications/events';
import type { SettingsService } from '../settings/settings.service';
import { postIncomeBatch } from './income.batch';
import { assertMonthEnded } from './month';

export type SalaryRun = { month: string; qualified: number; paid: number; total: bigint; skipped: number };

/**
 * Pays the monthly salary (business-rules 5) in set-based SQL, one database transaction, whatever the
 * number of members: each member whose active directs reach a tier is owed that tier's amount once per
 * month (a row in salary_payments), paid to the working wallet under the earning cap. Running it again
 * for the same month pays nobody twice; a member who is blocked or inactive is recorded as skipped.
 */
export async function runSalary(db: Db, settings: SettingsService, month: string): Promise<SalaryRun> {
  assertMonthEnded(month, 'salary');
  const s = await settings.all();
  const tiers = s.salaryTiers.map((t) => ({ directs: t.directs, amount: parseUnits(t.amount).toString() }));
  const minDirects = Math.min(...s.salaryTiers.map((t) => t.directs));
  const capMultiplier = parseUnits(s.earningCapMultiplier);

  return db.transaction().execute(async (tx) => {
    // The income of these members waits for this run (and the reverse), so the cap is never read stale.
    await sql`SELECT id FROM users WHERE role = 'user' AND deleted_at IS NULL AND active_directs >= ${minDirects}::int ORDER BY id FOR UPDATE`.execute(
      tx,
    );
    await sql`CREATE TEMP TABLE salary_run (payment_id bigint, user_id bigint, due bigint, paid bigint, earned bigint, cap bigint) ON COMMIT DROP`.execute(
      tx,
    );
    await sql`
      WITH tiers AS (
        SELECT directs, amount::bigint AS amount FROM jsonb_to_recordset(${JSON.stringify(tiers)}::jsonb) AS t(directs int, amount text)
      ),
      qualified AS (
        SELECT u.id, u.active_directs, u.total_earned,
               -- numeric: plan x multiplier passes the bigint range before the division
               floor(u.active_plan::numeric * ${capMultiplier}::numeric / ${UNIT}::numeric)::bigint AS cap,
               (SELECT t.amount FROM tiers t WHERE t.directs <= u.active_directs ORDER BY t.directs DESC LIMIT 1) AS due
        FROM users u
        WHERE u.role = 'user' AND u.deleted_at IS NULL AND u.status = 'unblock' AND u.is_active = 'active'
          AND u.active_directs >= ${minDirects}::int
      ),
      inserted AS (
        INSERT INTO salary_payments (user_id, month, directs, due, paid)
        SELECT id, ${month}::text, active_directs, due, least(due, greatest(cap - total_earned, 0)) FROM qualified
        ON CONFLICT (user_id, month) DO NOTHING
        RETURNING id, user_id, due, paid
      )
      INSERT INTO salary_run (payment_id, user_id, due, paid, earned, cap)
      SELECT i.id, i.user_id, i.due, i.paid, q.total_earned, q.cap FROM inserted i JOIN qualified q ON q.id = i.user_id`.execute(
      tx,
    );

    // The credits themselves go through the shared batch posting (one transaction per member, no loop).
    const due = await sql<{ user_id: bigint; paid: bigint; due: bigint; cap: bigint; earned: bigint }>`
      SELECT user_id, paid, due, cap, earned FROM salary_run WHERE paid > 0`.execute(tx);
    await postIncomeBatch(
      tx,
      'salary',
      'working',
      due.rows.map((r) => ({
        userId: r.user_id,
        amount: r.paid,
        key: `salary:${r.user_id}:${month}`,
        details: {
          rule: 'monthly salary',
          month,
          due: r.due,
          paid: r.paid,
          cap: r.cap,
          earned_before: r.earned,
        },
      })),
    );
    await sql`
      UPDATE users u SET total_earned = u.total_earned + r.paid,
        roi_status = CASE WHEN u.total_earned + r.paid >= r.cap THEN 'close' ELSE u.roi_status END,
        level_status = CASE WHEN u.total_earned + r.paid >= r.cap THEN 'close' ELSE u.level_status END
      FROM salary_run r WHERE u.id = r.user_id AND r.paid > 0`.execute(tx);
    await sql`
      INSERT INTO income_skips (user_id, income_type, cause_key, amount, reason, details)
      SELECT user_id, 'salary', 'salary:' || user_id || ':' || ${month}::text || CASE WHEN paid > 0 THEN ':over-cap' ELSE '' END, due - paid,
             CASE WHEN paid > 0 THEN 'cut at the earning cap' WHEN cap = 0 THEN 'member has no plan' ELSE 'earning cap reached' END,
             jsonb_build_object('rule', 'monthly salary', 'month', ${month}::text)
      FROM salary_run WHERE paid < due
      ON CONFLICT (cause_key) DO NOTHING`.execute(tx);
    // Members whose directs qualify them but who may not be paid, with the reason.
    await sql`
      INSERT INTO income_skips (user_id, income_type, cause_key, amount, reason, details)
      SELECT u.id, 'salary', 'salary:' || u.id || ':' || ${month}::text, 0,
             CASE WHEN u.status = 'block' THEN 'member is blocked' ELSE 'member is inactive' END,
             jsonb_build_object('rule', 'monthly salary', 'month', ${month}::text)
      FROM users u
      WHERE u.role = 'user' AND u.deleted_at IS NULL AND u.active_directs >= ${minDirects}::int
        AND (u.status = 'block' OR u.is_active <> 'active')
      ON CONFLICT (cause_key) DO NOTHING`.execute(tx);
    // Each member told of their salary not paid this month, in this transaction, once (keyed by cause).
    await notifyMembersFrom(
      tx,
      sql`SELECT user_id, 'income_missed' AS kind, 'Salary not paid' AS title,
                 CASE reason
                   WHEN 'member is blocked' THEN 'Your account was blocked at the end of ' || ${month}::text || ', so this month''s salary was not paid.'
                   WHEN 'member is inactive' THEN 'You had no active plan at the end of ' || ${month}::text || ', so this month''s salary was not paid.'
                   WHEN 'member has no plan' THEN 'You held no plan at the end of ' || ${month}::text || ', so this month''s salary was not paid.'
                   WHEN 'earning cap reached' THEN 'You had reached your earning cap, so the salary of ' || ${month}::text || ' was not paid.'
                   ELSE 'Part of the salary of ' || ${month}::text || ' went over your earning cap and was not paid.'
                 END AS message,
                 '/user/income' AS link, 'income-missed:' || cause_key AS dedupe_key
          FROM income_skips WHERE income_type = 'salary' AND cause_key LIKE ${`salary:%:${month}%`}`,
    );
    const summary = await sql<{ qualified: number; paid: number; total: bigint }>`
      SELECT count(*)::int AS qualified, count(*) FILTER (WHERE paid > 0)::int AS paid, coalesce(sum(paid), 0)::bigint AS total FROM salary_run`.execute(
      tx,
    );
    const skipped = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM income_skips WHERE income_type = 'salary' AND cause_key LIKE ${`salary:%:${month}`}`.execute(
      tx,
    );
    const r = summary.rows[0];
    return {
      month,
      qualified: r?.qualified ?? 0,
      paid: r?.paid ?? 0,
      total: r?.total ?? 0n,
      skipped: skipped.rows[0]?.n ?? 0,
    };
  });
}
