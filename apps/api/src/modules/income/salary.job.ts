import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { notifyMembersFrom } from '../notifications/events';
import type { SettingsService } from '../settings/settings.service';
import { postIncomeFrom } from './income.batch';
import { assertMonthEnded } from './month';

export type SalaryRun = { month: string; qualified: number; paid: number; total: bigint; skipped: number };

/**
 * Pays the monthly salary (business-rules 5) in set-based SQL, one database transaction, whatever the
 * number of members: each member whose active directs reach a tier is owed that tier's amount once per
 * month (a row in salary_payments), paid to the working wallet under the earning cap. Running it again
 * for the same month pays nobody twice; a member who is blocked or inactive is recorded as skipped.
 *
 * One pass over the members stages and locks who is owed what (decision 0049), then one update pays those
 * under their cap: nobody at the cap is written.
 */
export async function runSalary(db: Db, settings: SettingsService, month: string): Promise<SalaryRun> {
  assertMonthEnded(month, 'salary');
  const s = await settings.all();
  const tiers = s.salaryTiers.map((t) => ({ directs: t.directs, amount: parseUnits(t.amount).toString() }));
  const minDirects = Math.min(...s.salaryTiers.map((t) => t.directs));
  const capMultiplier = parseUnits(s.earningCapMultiplier);

  return db.transaction().execute(async (tx) => {
    // One run at a time: a second run of the month starts after the first committed, and finds it paid.
    await sql`SELECT pg_advisory_xact_lock(727012)`.execute(tx);
    await sql`CREATE TEMP TABLE salary_run (user_id bigint, directs int, due bigint, eligible boolean, cap bigint, earned bigint, paid bigint, reason text, closes boolean) ON COMMIT DROP`.execute(
      tx,
    );
    // Everyone whose directs reach a tier and who has no salary row this month: the owed (eligible) and
    // those recorded as skipped (blocked, inactive). Their rows are locked as they are read (in id order, as
    // every writer of several members locks them), so the cap is applied to what they have earned now: a
    // claim committing meanwhile is waited for and counted. What each is paid, and why not, is the one
    // earning-cap decision (income_decision.sql, decision 0063), inlined here for every member at once; a
    // member it refuses before the cap (blocked, inactive) is not eligible and has no salary row.
    await sql`
      WITH tiers AS (
        SELECT directs, amount::bigint AS amount FROM jsonb_to_recordset(${JSON.stringify(tiers)}::jsonb) AS t(directs int, amount text)
      ),
      owed AS (
        SELECT u.id, u.active_directs, u.status, u.is_active, u.roi_status, u.level_status, u.active_plan, u.total_earned,
               (SELECT t.amount FROM tiers t WHERE t.directs <= u.active_directs ORDER BY t.directs DESC LIMIT 1) AS due
        FROM users u
        WHERE u.role = 'user' AND u.deleted_at IS NULL AND u.active_directs >= ${minDirects}::int
          AND NOT EXISTS (SELECT 1 FROM salary_payments p WHERE p.user_id = u.id AND p.month = ${month}::text)
        ORDER BY u.id
        FOR UPDATE OF u
      )
      INSERT INTO salary_run (user_id, directs, due, eligible, cap, earned, paid, reason, closes)
      SELECT o.id, o.active_directs, o.due, d.cap IS NOT NULL, d.cap, o.total_earned, d.pay, d.reason, d.closes
      FROM owed o
      CROSS JOIN LATERAL income_decision(o.due, 'salary', true, NULL, ${capMultiplier}::bigint, NULL, true, o.status,
                                         o.is_active, o.roi_status, o.level_status, o.active_plan, o.total_earned) AS d`.execute(
      tx,
    );
    await sql`
      UPDATE users u SET total_earned = u.total_earned + r.paid,
        roi_status = CASE WHEN r.closes THEN 'close' ELSE u.roi_status END,
        level_status = CASE WHEN r.closes THEN 'close' ELSE u.level_status END
      FROM salary_run r WHERE u.id = r.user_id AND r.paid > 0`.execute(tx);
    // Every owed member's row, paid or not (a second row for the month fails the run: it never happens
    // under the lock above).
    await sql`
      INSERT INTO salary_payments (user_id, month, directs, due, paid)
      SELECT user_id, ${month}::text, directs, due, paid FROM salary_run WHERE eligible`.execute(tx);
    // The credits themselves go through the shared batch posting (one transaction per member, no loop).
    await postIncomeFrom(
      tx,
      'salary',
      'working',
      sql`SELECT user_id, paid AS amount, 'salary:' || user_id || ':' || ${month}::text AS key,
                 jsonb_build_object('rule', 'monthly salary', 'month', ${month}::text, 'due', due::text,
                                    'paid', paid::text, 'cap', cap::text, 'earned_before', earned::text) AS details
          FROM salary_run WHERE eligible AND paid > 0`,
    );
    // Why each of the others was not paid in full, once (keyed by cause).
    await sql`
      INSERT INTO income_skips (user_id, income_type, cause_key, amount, reason, details)
      SELECT user_id, 'salary',
             'salary:' || user_id || ':' || ${month}::text || CASE WHEN eligible AND paid > 0 THEN ':over-cap' ELSE '' END,
             CASE WHEN eligible THEN due - paid ELSE 0 END,
             reason,
             jsonb_build_object('rule', 'monthly salary', 'month', ${month}::text)
      FROM salary_run WHERE reason IS NOT NULL
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
      SELECT count(*)::int AS qualified, count(*) FILTER (WHERE paid > 0)::int AS paid, coalesce(sum(paid), 0)::bigint AS total
      FROM salary_run WHERE eligible`.execute(tx);
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
