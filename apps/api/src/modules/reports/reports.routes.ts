import { AdminStatsResponse, amountOut } from '@sgx/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../deps';
import { checkTeamCounters } from '../members/counters';

type Day = { day: string; registrations: number; deposits: bigint; withdrawals: bigint; income: bigint };

/** Figures for the admin dashboard, each read from its source of truth (members, requests, ledger). */
export function reportsRoutes(app: App): void {
  const { db } = app.deps;

  // Checks the team counters now (the daily job does the same and keeps the result).
  app.get(
    '/admin/counters',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['reports'],
        response: {
          200: z.object({
            checked: z.number().int(),
            mismatches: z.array(
              z.object({ user_id: z.string(), field: z.string(), cached: z.string(), expected: z.string() }),
            ),
          }),
        },
      },
    },
    async () => checkTeamCounters(db),
  );

  app.get(
    '/admin/stats',
    { config: { access: 'admin' }, schema: { tags: ['reports'], response: { 200: AdminStatsResponse } } },
    async () => {
      const today = sql`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
      const members = await sql<{ total: number; active: number; new_today: number; blocked: number }>`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE is_active = 'active')::int AS active,
             count(*) FILTER (WHERE created_at >= ${today})::int AS new_today,
             count(*) FILTER (WHERE status = 'block')::int AS blocked
      FROM users WHERE role = 'user' AND deleted_at IS NULL`.execute(db);
      const money = await sql<{
        dep_total: bigint;
        dep_today: bigint;
        wd_total: bigint;
        wd_today: bigint;
        pd_count: number;
        pd_amount: bigint;
        pw_count: number;
        pw_amount: bigint;
        invested: bigint;
      }>`
      SELECT
        (SELECT coalesce(sum(credited_amount), 0)::bigint FROM deposits WHERE status = 'complete') AS dep_total,
        (SELECT coalesce(sum(credited_amount), 0)::bigint FROM deposits WHERE status = 'complete' AND decided_at >= ${today}) AS dep_today,
        (SELECT coalesce(sum(net), 0)::bigint FROM withdrawals WHERE status = 'complete') AS wd_total,
        (SELECT coalesce(sum(net), 0)::bigint FROM withdrawals WHERE status = 'complete' AND decided_at >= ${today}) AS wd_today,
        (SELECT count(*)::int FROM deposits WHERE status = 'pending') AS pd_count,
        (SELECT coalesce(sum(amount), 0)::bigint FROM deposits WHERE status = 'pending') AS pd_amount,
        (SELECT count(*)::int FROM withdrawals WHERE status = 'pending') AS pw_count,
        (SELECT coalesce(sum(amount), 0)::bigint FROM withdrawals WHERE status = 'pending') AS pw_amount,
        (SELECT coalesce(sum(active_plan), 0)::bigint FROM users WHERE deleted_at IS NULL) AS invested`.execute(
        db,
      );
      const income = await sql<{ income_type: string; total: bigint }>`
      SELECT t.income_type, sum(e.amount)::bigint AS total
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
      WHERE t.income_type IS NOT NULL AND t.created_at >= ${today}
      GROUP BY t.income_type ORDER BY t.income_type`.execute(db);
      const daily = await sql<Day>`
      WITH days AS (SELECT generate_series(current_date - 29, current_date, interval '1 day')::date AS day)
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
        (SELECT count(*)::int FROM users u WHERE u.role = 'user' AND u.created_at::date = d.day) AS registrations,
        (SELECT coalesce(sum(credited_amount), 0)::bigint FROM deposits x WHERE x.status = 'complete' AND x.decided_at::date = d.day) AS deposits,
        (SELECT coalesce(sum(net), 0)::bigint FROM withdrawals w WHERE w.status = 'complete' AND w.decided_at::date = d.day) AS withdrawals,
        (SELECT coalesce(sum(e.amount), 0)::bigint FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
           JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
           WHERE t.income_type IS NOT NULL AND t.created_at::date = d.day) AS income
      FROM days d ORDER BY d.day`.execute(db);
      const token = await db
        .selectFrom('token_config')
        .select('current_price')
        .orderBy('id')
        .executeTakeFirst();
      const m = members.rows[0];
      const x = money.rows[0];
      if (!m || !x) throw new Error('stats query returned nothing');
      return {
        members: m,
        money: {
          deposits_total: amountOut(x.dep_total),
          deposits_today: amountOut(x.dep_today),
          withdrawals_total: amountOut(x.wd_total),
          withdrawals_today: amountOut(x.wd_today),
          pending_deposits: { count: x.pd_count, amount: amountOut(x.pd_amount) },
          pending_withdrawals: { count: x.pw_count, amount: amountOut(x.pw_amount) },
          invested: amountOut(x.invested),
        },
        income_today: income.rows.map((r) => ({ income_type: r.income_type, total: amountOut(r.total) })),
        token_price: token ? amountOut(token.current_price) : null,
        daily: daily.rows.map((d) => ({
          day: d.day,
          registrations: d.registrations,
          deposits: amountOut(d.deposits),
          withdrawals: amountOut(d.withdrawals),
          income: amountOut(d.income),
        })),
      };
    },
  );
}
