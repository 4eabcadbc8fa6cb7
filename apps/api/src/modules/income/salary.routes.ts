import {
  amountOut,
  IdIn,
  SalaryListQuery,
  SalaryListResponse,
  SalaryRunBody,
  SalaryRunResponse,
  SalaryStats,
  SalaryTierStats,
} from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { scopeOf, seekPaged } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { runSalary } from './salary.job';

const IdParam = z.object({ id: IdIn });

/** The salary reads of spec 7.11 (under /api/v1/salary) and an admin's run of a month. */
export function salaryRoutes(app: App): void {
  const { db, settings } = app.deps;
  const tags = ['salary'];

  const list = async (q: z.infer<typeof SalaryListQuery>, userId?: bigint) => {
    let base = db.selectFrom('salary_payments as s').innerJoin('users as u', 'u.id', 's.user_id');
    if (userId !== undefined) base = base.where('s.user_id', '=', userId);
    if (q.month) base = base.where('s.month', '=', q.month);
    const { rows, total } = await seekPaged(
      db,
      base.select([
        's.id',
        's.user_id',
        'u.username',
        's.month',
        's.directs',
        's.due',
        's.paid',
        's.created_at',
        'u.fullname',
      ]),
      (b, back) => b.orderBy('s.id', back ? 'asc' : 'desc'),
      q,
    );
    return {
      data: rows.map((r) => ({
        ...r,
        id: Number(r.id),
        user_id: Number(r.user_id),
        due: amountOut(r.due),
        paid: amountOut(r.paid),
        created_at: r.created_at.toISOString(),
      })),
      total,
      total_pages: Math.max(1, Math.ceil(total / q.limit)),
      current_page: q.page,
    };
  };

  app.get(
    '/salary/user-salaries',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: SalaryListQuery, response: { 200: SalaryListResponse } },
    },
    async (request) => list(request.query),
  );
  app.get(
    '/salary/transactions',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, querystring: SalaryListQuery, response: { 200: SalaryListResponse } },
    },
    async (request) => list(request.query),
  );
  app.get(
    '/salary/user-history/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, querystring: SalaryListQuery, response: { 200: SalaryListResponse } },
    },
    async (request) =>
      list(request.query, scopeOf(principalOf(request), request.params.id) ?? BigInt(request.params.id)),
  );
  const stats = async () => {
    const { rows } = await sql<{ total: bigint; n: number; today: bigint; n_today: number }>`
      SELECT coalesce(sum(paid), 0)::bigint AS total, count(*)::int AS n,
             coalesce(sum(paid) FILTER (WHERE created_at >= date_trunc('day', now())), 0)::bigint AS today,
             count(*) FILTER (WHERE created_at >= date_trunc('day', now()))::int AS n_today
      FROM salary_payments`.execute(db);
    const r = rows[0];
    return {
      data: {
        total_paid: amountOut(r?.total ?? 0n),
        payments: r?.n ?? 0,
        paid_today: amountOut(r?.today ?? 0n),
        payments_today: r?.n_today ?? 0,
      },
    };
  };
  app.get(
    '/salary/today-stats',
    { config: { access: 'admin', permission: 'money' }, schema: { tags, response: { 200: SalaryStats } } },
    stats,
  );
  app.get(
    '/salary/admin-dashboard',
    { config: { access: 'admin', permission: 'money' }, schema: { tags, response: { 200: SalaryStats } } },
    stats,
  );
  app.get(
    '/salary/tier-stats',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, response: { 200: SalaryTierStats } },
    },
    async () => {
      const tiers = [...(await settings.all()).salaryTiers].sort((a, b) => a.directs - b.directs);
      const data = [];
      for (const [i, t] of tiers.entries()) {
        const next = tiers[i + 1]?.directs;
        let q = db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .where('role', '=', 'user')
          .where('deleted_at', 'is', null)
          .where('active_directs', '>=', t.directs);
        if (next !== undefined) q = q.where('active_directs', '<', next);
        data.push({
          directs: t.directs,
          amount: amountOut(parseUnits(t.amount)),
          members: Number((await q.executeTakeFirstOrThrow()).n),
        });
      }
      return { data };
    },
  );
  app.post(
    '/salary/run',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, body: SalaryRunBody, response: { 200: SalaryRunResponse } },
    },
    async (request) => {
      const r = await runSalary(db, settings, request.body.month);
      await writeAudit(db, {
        actorId: principalOf(request).userId,
        action: 'salary.run',
        entity: 'salary',
        entityId: request.body.month,
        after: { ...r, total: amountOut(r.total) },
      });
      return {
        message: `Salary for ${r.month}: ${r.paid} member${r.paid === 1 ? '' : 's'} paid`,
        data: { ...r, total: amountOut(r.total) },
      };
    },
  );
}
