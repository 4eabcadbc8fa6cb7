import { type AdminStatsResponse, amountOut } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { floorTo } from '../../http/listing';
import { Rollups } from '../rollups/rollups';

const DAY = 86_400_000;
const DAYS_SHOWN = 30;

/**
 * The admin dashboard (decision 0009), read from figures that do not grow with the tables: member counts
 * from the running tally, money over time from the hourly and daily rollups plus the hour or so not yet
 * closed, open requests from their partial indexes, today's registrations from the creation-time index.
 */
export class ReportsService {
  readonly rollups: Rollups;

  constructor(private readonly db: Db) {
    this.rollups = new Rollups(db);
  }

  async stats(now = new Date()): Promise<AdminStatsResponse> {
    const today = floorTo(now.getTime(), 'day');
    const first = new Date(today.getTime() - (DAYS_SHOWN - 1) * DAY);
    const [tally, newToday, open, activity, income, token] = await Promise.all([
      this.rollups.tally(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('role', '=', 'user')
        .where('deleted_at', 'is', null)
        .where('created_at', '>=', today)
        .executeTakeFirstOrThrow(),
      sql<{ pd_count: bigint; pd_amount: bigint; pw_count: bigint; pw_amount: bigint }>`
        SELECT (SELECT count(*) FROM deposits WHERE status = 'pending') AS pd_count,
               (SELECT coalesce(sum(amount), 0)::bigint FROM deposits WHERE status = 'pending') AS pd_amount,
               (SELECT count(*) FROM withdrawals WHERE status = 'pending') AS pw_count,
               (SELECT coalesce(sum(amount), 0)::bigint FROM withdrawals WHERE status = 'pending') AS pw_amount`.execute(
        this.db,
      ),
      this.rollups.activity(),
      this.rollups.ledger({ income: true, from: first }, true),
      this.db.selectFrom('token_config').select('current_price').orderBy('id').executeTakeFirst(),
    ]);
    const x = open.rows[0];
    if (!x) throw new Error('stats query returned nothing');

    const days = new Map<
      string,
      { registrations: number; deposits: bigint; withdrawals: bigint; income: bigint }
    >();
    for (let d = first.getTime(); d <= today.getTime(); d += DAY)
      days.set(new Date(d).toISOString().slice(0, 10), {
        registrations: 0,
        deposits: 0n,
        withdrawals: 0n,
        income: 0n,
      });
    const dayOf = (period: Date) => days.get(floorTo(period.getTime(), 'day').toISOString().slice(0, 10));
    let depositsTotal = 0n;
    let withdrawalsTotal = 0n;
    let depositsToday = 0n;
    let withdrawalsToday = 0n;
    for (const a of activity) {
      depositsTotal += a.deposits;
      withdrawalsTotal += a.withdrawals;
      if (a.period >= today) {
        depositsToday += a.deposits;
        withdrawalsToday += a.withdrawals;
      }
      const day = dayOf(a.period);
      if (day) {
        day.registrations += Number(a.registrations);
        day.deposits += a.deposits;
        day.withdrawals += a.withdrawals;
      }
    }
    const incomeToday = new Map<string, bigint>();
    for (const b of income) {
      const day = dayOf(b.period);
      if (day) day.income += b.amount;
      if (b.period >= today) incomeToday.set(b.source, (incomeToday.get(b.source) ?? 0n) + b.amount);
    }
    return {
      members: {
        total: tally.members,
        active: tally.active,
        new_today: Number(newToday.n),
        blocked: tally.blocked,
      },
      money: {
        deposits_total: amountOut(depositsTotal),
        deposits_today: amountOut(depositsToday),
        withdrawals_total: amountOut(withdrawalsTotal),
        withdrawals_today: amountOut(withdrawalsToday),
        pending_deposits: { count: Number(x.pd_count), amount: amountOut(x.pd_amount) },
        pending_withdrawals: { count: Number(x.pw_count), amount: amountOut(x.pw_amount) },
        invested: amountOut(tally.invested),
      },
      income_today: [...incomeToday.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([income_type, total]) => ({ income_type, total: amountOut(total) })),
      token_price: token ? amountOut(token.current_price) : null,
      daily: [...days.entries()].map(([day, d]) => ({
        day,
        registrations: d.registrations,
        deposits: amountOut(d.deposits),
        withdrawals: amountOut(d.withdrawals),
        income: amountOut(d.income),
      })),
    };
  }
}
