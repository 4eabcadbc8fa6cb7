import { amountOut, type Settings } from '@sgx/contracts';
import { parseUnits, percentOf } from '@sgx/money';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import { businessRule, conflict } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { postIncomeFrom } from '../income/income.batch';
import { assertMonthEnded, monthStart } from '../income/month';
import type { SettingsService } from '../settings/settings.service';

export type CtoResult = { month: string; pool: string; members: number; share: string };

/** Chunks of a month's credits written at once (two cores: one each). */
const WRITERS = 2;

/**
 * CTO (business-rules 5): each month a pool of 1% of the month's top-ups is split equally among the
 * qualified members (own plan at least 50, directs' plans at least 5000; settings), paid once a month.
 */
export class CtoService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    /** Members credited per transaction. */
    private readonly chunk = 10_000,
  ) {}

  /**
   * The qualified members (user_id, username, active_plan, directs_business, fullname) as SQL, for lists
   * and the pay.
   */
  private qualifiedQuery(s: Settings) {
    const minDirects = parseUnits(s.ctoMinDirectsBusiness);
    // With no minimum for the directs, a member without directs qualifies too: every member is read.
    if (minDirects <= 0n)
      return sql`
        WITH d AS (
          SELECT sponsor_id, sum(active_plan) AS total FROM users
          WHERE sponsor_id IS NOT NULL AND deleted_at IS NULL AND active_plan > 0
          GROUP BY sponsor_id
        )
        SELECT u.id AS user_id, u.username, u.active_plan, coalesce(d.total, 0)::bigint AS directs_business,
               u.fullname
        FROM users u
        LEFT JOIN d ON d.sponsor_id = u.id
        WHERE u.role = 'user' AND u.deleted_at IS NULL AND u.status = 'unblock' AND u.is_active = 'active'
          AND u.active_plan >= ${parseUnits(s.ctoMinPlan)}
          AND NOT EXISTS (SELECT 1 FROM cto_disqualified q WHERE q.user_id = u.id)`;
    return sql`
      WITH d AS (
        -- The directs' plans of every sponsor in one pass over users_sponsor_plan_idx (no lookup per member),
        -- only the sponsors whose directs hold enough.
        SELECT sponsor_id, sum(active_plan) AS total FROM users
        WHERE sponsor_id IS NOT NULL AND deleted_at IS NULL AND active_plan > 0
        GROUP BY sponsor_id
        HAVING sum(active_plan) >= ${minDirects}
      )
      SELECT u.id AS user_id, u.username, u.active_plan, d.total::bigint AS directs_business, u.fullname
      FROM d
      -- Each sponsor's row by key (a hash join read every member row again).
      CROSS JOIN LATERAL (
        SELECT x.id, x.username, x.active_plan, x.fullname FROM users x
        WHERE x.id = d.sponsor_id AND x.role = 'user' AND x.deleted_at IS NULL AND x.status = 'unblock'
          AND x.is_active = 'active' AND x.active_plan >= ${parseUnits(s.ctoMinPlan)}
        OFFSET 0
      ) u
      WHERE NOT EXISTS (SELECT 1 FROM cto_disqualified q WHERE q.user_id = u.id)`;
  }

  async qualified(tx: DbOrTx = this.db) {
    const s = await this.settings.all(tx);
    const { rows } = await sql<{
      user_id: bigint;
      username: string;
      active_plan: bigint;
      directs_business: bigint;
      fullname: string;
    }>`${this.qualifiedQuery(s)} ORDER BY u.id`.execute(tx);
    return rows;
  }

  /** An admin pays a month: refused when it was paid already or nobody qualifies. */
  async pay(month: string, actor: bigint): Promise<CtoResult> {
    const r = await this.payMonth(month, actor, false);
    if (!r) throw businessRule('No member qualifies for the CTO pool.');
    return r;
  }

  /** The monthly job: pays the month if it is unpaid and someone qualifies, else leaves it for an admin. */
  payIfDue(month: string): Promise<CtoResult | null> {
    return this.payMonth(month, null, true);
  }

  /**
   * Pays one month's pool once (decision 0048): `open` fixes the pool, the members and their shares in one
   * transaction; `credit` then credits the shares in chunks. A month left paying (a crash between chunks)
   * is finished by the next call, which credits only what is missing: each credit has the month's key.
   */
  private async payMonth(
    month: string,
    actor: bigint | null,
    skipIfNone: boolean,
  ): Promise<CtoResult | null> {
    const opened = await this.open(month, actor, skipIfNone);
    if (!opened) return null;
    await this.credit(opened.id, month);
    return opened.result;
  }

  /** Starts paying a month (or finds it paying); null when it is paid already or nobody qualifies (job). */
  async open(
    month: string,
    actor: bigint | null,
    skipIfNone = true,
  ): Promise<{ id: bigint; result: CtoResult } | null> {
    assertMonthEnded(month, 'CTO pool');
    return this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(727002)`.execute(tx);
      const found = await tx
        .selectFrom('cto_payouts')
        .select(['id', 'status', 'pool', 'members', 'share'])
        .where('month', '=', month)
        .executeTakeFirst();
      if (found?.status === 'paid') {
        if (skipIfNone) return null;
        throw conflict('The CTO pool of this month was already paid.');
      }
      if (found) return { id: found.id, result: resultOf(month, found) };
      const s = await this.settings.all(tx);
      const turnover = await sql<{ total: bigint }>`
        SELECT coalesce(sum(amount), 0)::bigint AS total FROM topups
        WHERE kind IN ('topup', 'retopup', 'friend')
          AND created_at >= ${monthStart(month, 0)} AND created_at < ${monthStart(month, 1)}`.execute(tx);
      const total = turnover.rows[0]?.total ?? 0n;
      const pool = percentOf(total, parseUnits(s.ctoPoolPercent));
      // The qualified members stay in the database: a million-member month never passes through here. One
      // process: parallel workers each summed every sponsor's directs again (three times the work on two cores).
      await sql`SET LOCAL max_parallel_workers_per_gather = 0`.execute(tx);
      await sql`CREATE TEMP TABLE cto_members (user_id bigint, username text, active_plan bigint, directs_business bigint, fullname text) ON COMMIT DROP`.execute(
        tx,
      );
      const staged = await sql`INSERT INTO cto_members ${this.qualifiedQuery(s)}`.execute(tx);
      const count = Number(staged.numAffectedRows ?? 0n);
      if (count === 0) {
        if (skipIfNone) return null;
        throw businessRule('No member qualifies for the CTO pool.');
      }
      // Equal shares, rounded down; the remainder of a unit stays with the platform.
      const share = pool / BigInt(count);
      // CTO is outside the earning cap; it is paid while rewards are open.
      if (!s.features.reward && share > 0n) throw businessRule('Rewards are closed.');
      const payout = await tx
        .insertInto('cto_payouts')
        .values({ month, turnover: total, pool, members: count, share, paid_by: actor, status: 'paying' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`
        INSERT INTO cto_shares (payout_id, user_id, amount)
        SELECT ${payout.id}::bigint, user_id, ${share}::bigint FROM cto_members`.execute(tx);
      await writeAudit(tx, {
        actorId: actor,
        action: 'cto.pay',
        entity: 'cto',
        entityId: month,
        after: { turnover: amountOut(total), pool: amountOut(pool), members: count, share: amountOut(share) },
      });
      return { id: payout.id, result: resultOf(month, { pool, members: count, share }) };
    });
  }

  /**
   * Credits a paying month's shares, `chunk` members per transaction and WRITERS transactions at a time
   * (members differ between chunks, so they never wait on each other), then marks the month paid. Each
   * credit's key is the month's and the member's: a share credited before is left alone. `maxChunks` stops
   * early (a month still paying, as after a crash).
   */
  async credit(payoutId: bigint, month: string, maxChunks = Number.POSITIVE_INFINITY): Promise<void> {
    const p = await this.db
      .selectFrom('cto_payouts')
      .select(['pool', 'members', 'status'])
      .where('id', '=', payoutId)
      .executeTakeFirstOrThrow();
    if (p.status === 'paid') return;
    const { rows: ranges } = await sql<{ lo: bigint; hi: bigint }>`
      SELECT min(user_id) AS lo, max(user_id) AS hi
      FROM (SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / ${this.chunk} AS k
            FROM cto_shares WHERE payout_id = ${payoutId} AND amount > 0) c
      GROUP BY k ORDER BY k`.execute(this.db);
    const details = JSON.stringify({ rule: 'CTO pool', month, pool: amountOut(p.pool), members: p.members });
    const todo = ranges.slice(0, maxChunks);
    let next = 0;
    const writer = async () => {
      for (let r = todo[next++]; r; r = todo[next++]) {
        const { lo, hi } = r;
        await this.db.transaction().execute((tx) =>
          postIncomeFrom(
            tx,
            'cto',
            'non_working',
            sql`SELECT user_id, amount, ${`cto:${month}:`} || user_id AS key, ${details}::jsonb AS details
                FROM cto_shares WHERE payout_id = ${payoutId} AND user_id BETWEEN ${lo} AND ${hi}`,
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(WRITERS, todo.length) }, writer));
    if (todo.length < ranges.length) return;
    await this.db
      .updateTable('cto_payouts')
      .set({ status: 'paid' })
      .where('id', '=', payoutId)
      .where('status', '=', 'paying')
      .execute();
  }
}

/** The answer of a payout: its pool, members and share as decimal text. */
function resultOf(month: string, p: { pool: bigint; members: number; share: bigint }): CtoResult {
  return { month, pool: amountOut(p.pool), members: p.members, share: amountOut(p.share) };
}
