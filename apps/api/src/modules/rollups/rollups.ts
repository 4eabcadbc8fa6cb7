import { type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from '../../db';
import { closeLimit } from '../ledger/closable';

/**
 * Figures over time without scanning whole tables (decision 0009). Closed UTC hours live in hourly and
 * daily rollup rows (`rollup_fill`, db/functions/rollup_fill.sql); the ledger figures of the hours after the watermark
 * are added by the writers themselves as they post (`ledger_rollup_live`, by the statement trigger of db/functions/ledger_entries_statement.sql), and the
 * registrations and decided requests of those hours are read from their tables, a bounded indexed scan.
 * A read takes closed days from day rows, the closed hours around them from hour rows and the rest live.
 * Any watermark the process saw is right to split at: rollups are only added, and the live part is read
 * against the stored watermark in the same statement.
 */

/** A process tries to bring the rollups up to date at most this often. */
const FILL_EVERY_MS = 60_000;
/** The watermark each database handle last saw, and when. */
const watermarks = new WeakMap<object, { at: number; w: Date }>();

export type Grain = 'day' | 'hour' | 'live';
/** Figures of one period: a closed day, a closed hour or a live (not yet closed) hour. */
export type LedgerBucket = { grain: Grain; period: Date; source: string; entries: bigint; amount: bigint };
export type ActivityBucket = {
  grain: Grain;
  period: Date;
  registrations: bigint;
  deposits: bigint;
  withdrawals: bigint;
};

/** Entries on member accounts, as the transaction screens and the dashboard count them. */
export type LedgerFilter = {
  asset?: 'USD' | 'SGX' | undefined;
  /** coalesce(income_type, kind) */
  source?: string | undefined;
  /** Only income (an income type is set). */
  income?: boolean | undefined;
  /** Only credits (true) or only debits (false). */
  credit?: boolean | undefined;
  /** Only income (credits or not) and credits. */
  incomeOrCredit?: boolean | undefined;
  /** [from, to) on the transaction's created_at. */
  from?: Date | undefined;
  to?: Date | undefined;
};

export type Tally = { users: number; members: number; active: number; blocked: number; invested: bigint };

const EPOCH = new Date(0);
const DAY = 86_400_000;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY) * DAY);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY) * DAY);
const isHour = (d: Date) => d.getTime() % 3_600_000 === 0;
const min = (a: Date, b: Date) => (a < b ? a : b);
const max = (a: Date, b: Date) => (a > b ? a : b);

type Span = { from: Date; to: Date | null };
/**
 * The range [from, to) split at the watermark w: whole closed days from day rows, the closed hours around
 * them from hour rows, and from w on the live rows. Each part is a plain range on an index.
 */
function split(from: Date | undefined, to: Date | undefined, w: Date) {
  const f = from ?? EPOCH;
  const closedEnd = to ? min(to, w) : w;
  const ds = ceilDay(f);
  const de = floorDay(closedEnd);
  const days: Span[] = ds < de ? [{ from: ds, to: de }] : [];
  const hours: Span[] = (
    ds < de
      ? [
          { from: f, to: ds },
          { from: de, to: closedEnd },
        ]
      : [{ from: f, to: closedEnd }]
  ).filter((h) => h.to !== null && h.from < h.to);
  const liveFrom = max(f, w);
  const live: Span | null = !to || liveFrom < to ? { from: liveFrom, to: to ?? null } : null;
  return { days, hours, live };
}

/** Rows of a rollup table in the closed days and hours of a split range. */
function closedRows(parts: { days: Span[]; hours: Span[] }): RawBuilder<unknown> {
  const ranges = [
    ...parts.days.map((d) => sql`(x.grain = 'day' AND x.period >= ${d.from} AND x.period < ${d.to})`),
    ...parts.hours.map((h) => sql`(x.grain = 'hour' AND x.period >= ${h.from} AND x.period < ${h.to})`),
  ];
  return ranges.length === 0 ? sql`false` : sql`(${sql.join(ranges, sql` OR `)})`;
}

/** A live range on a timestamp column. */
const liveRange = (column: RawBuilder<unknown>, live: Span | null) =>
  live === null
    ? sql`false`
    : live.to === null
      ? sql`${column} >= ${live.from}`
      : sql`${column} >= ${live.from} AND ${column} < ${live.to}`;

function ledgerWhere(f: LedgerFilter, live: boolean): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.asset) parts.push(live ? sql`a.asset = ${f.asset}` : sql`x.asset = ${f.asset}`);
  if (f.source !== undefined)
    parts.push(live ? sql`coalesce(t.income_type, t.kind) = ${f.source}` : sql`x.source = ${f.source}`);
  if (f.income) parts.push(live ? sql`t.income_type IS NOT NULL` : sql`x.income`);
  if (f.credit !== undefined)
    parts.push(
      live
        ? f.credit
          ? sql`e.amount > 0`
          : sql`e.amount < 0`
        : f.credit
          ? sql`x.credit`
          : sql`NOT x.credit`,
    );
  if (f.incomeOrCredit)
    parts.push(live ? sql`(t.income_type IS NOT NULL OR e.amount > 0)` : sql`(x.income OR x.credit)`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
}

export class Rollups {
  /**
   * `db` fills and folds (the primary); `reads` answers the reads (a replica where one is set: decision 0080). A
   * replica's rollups may be behind the primary's: its reads split at the watermark it holds itself, never at a later
   * one the primary has, which is right by the rule above (rollups are only added, replay only goes forward).
   */
  constructor(
    private readonly db: DbOrTx,
    private readonly reads: DbOrTx = db,
  ) {}

  /**
   * Closes every hour that may be closed (ended ten minutes ago, no transaction still open from before
   * its end) into the rollups; `upto` moves that limit (tests). Idempotent; returns the watermark.
   */
  async fill(upto?: Date): Promise<Date> {
    const { rows } = await sql<{ w: Date }>`SELECT rollup_fill(${closeLimit(upto)}) AS w`.execute(this.db);
    const w = rows[0]?.w;
    if (!w) throw new Error('rollup_fill returned nothing');
    // The writers' live figures: rows of closed hours dropped, each open hour's rows summed into one.
    await sql`SELECT rollup_live_fold()`.execute(this.db);
    // The member accounts' appended figures (migration 0062), summed into one row per figure.
    await sql`SELECT account_sums_fold()`.execute(this.db);
    watermarks.set(this.db, { at: Date.now(), w });
    return w;
  }

  /**
   * The watermark this process last saw, filling first when it has not tried for a minute. A watermark
   * older than the stored one is still right (the hours between are read live), so it may be cached.
   */
  async closedUntil(): Promise<Date> {
    const seen = watermarks.get(this.db);
    const w = seen && Date.now() - seen.at < FILL_EVERY_MS ? seen.w : await this.fill();
    if (this.reads === this.db) return w;
    // Read where the figures are read (pin one connection for both: TransactionsService.list), never cached: the
    // same handle may reach the primary or a replica from one call to the next.
    const row = await this.reads
      .selectFrom('rollup_state')
      .select('closed_until')
      .where('name', '=', 'hourly')
      .executeTakeFirst();
    const held = row?.closed_until ?? EPOCH;
    return held < w ? held : w;
  }

  /** Forgets the cached watermark (after the rollups were changed by hand, in tests). */
  forget(): void {
    watermarks.delete(this.db);
  }

  /**
   * Ledger figures of [from, to) per period (newest first), summed over sources unless `bySource`:
   * closed days, closed hours, then live hours.
   */
  async ledger(f: LedgerFilter, bySource = false): Promise<LedgerBucket[]> {
    const parts = split(f.from, f.to, await this.closedUntil());
    const src = bySource ? sql`x.source` : sql`''`;
    const { rows } = await sql<LedgerBucket>`
      SELECT x.grain, x.period, ${src} AS source, sum(x.entries)::bigint AS entries, sum(x.amount)::bigint AS amount
      FROM ledger_rollups x
      WHERE ${closedRows(parts)} AND ${ledgerWhere(f, false)}
      GROUP BY 1, 2, 3
      UNION ALL
      ${this.liveLedger(f, parts.live, bySource)}
      ORDER BY 2 DESC, 3`.execute(this.reads);
    return rows;
  }

  /**
   * The live part of a ledger read. For whole hours (every screen asks for days), through `ledger_hours`
   * (db/functions/ledger_hours.sql): the writers' live figures of the hours at and after the stored watermark, and the
   * hour rollups between the watermark this process saw and the stored one, both read in this one statement, so a fill
   * or fold by another process in between changes nothing. A range that starts or ends inside an hour is read from the
   * ledger itself.
   */
  private liveLedger(f: LedgerFilter, live: Span | null, bySource: boolean): RawBuilder<unknown> {
    if (live && isHour(live.from) && (live.to === null || isHour(live.to))) {
      return sql`
        SELECT 'live', x.period, ${bySource ? sql`x.source` : sql`''`}, sum(x.entries)::bigint, sum(x.amount)::bigint
        FROM ledger_hours(${live.from}, ${live.to ?? 'infinity'}) x
        WHERE ${ledgerWhere(f, false)}
        GROUP BY 1, 2, 3`;
    }
    return sql`
      SELECT 'live', date_trunc('hour', t.created_at, 'UTC'), ${bySource ? sql`coalesce(t.income_type, t.kind)` : sql`''`},
             count(*)::bigint, sum(e.amount)::bigint
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
      JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
      WHERE ${liveRange(sql`t.created_at`, live)} AND ${ledgerWhere(f, true)}
      GROUP BY 1, 2, 3`;
  }

  /** The closed hours of one closed day (to find a row inside a day without reading the day). */
  async ledgerHours(f: LedgerFilter, day: Date): Promise<LedgerBucket[]> {
    const { rows } = await sql<LedgerBucket>`
      SELECT 'hour' AS grain, x.period, '' AS source, sum(x.entries)::bigint AS entries, sum(x.amount)::bigint AS amount
      FROM ledger_rollups x
      WHERE x.grain = 'hour' AND x.period >= ${day} AND x.period < ${new Date(day.getTime() + DAY)}
        AND ${ledgerWhere(f, false)}
      GROUP BY 2 ORDER BY 2 DESC`.execute(this.reads);
    return rows;
  }

  /**
   * Marks the busy hours' rows up to the instant they are settled, open hours too (decisions 0090, 0092:
   * db/functions/ledger_marks_fill.sql), a week of hours a call; returns the marks' instant. Idempotent; run by the `ledger-marks-minutely` job.
   */
  async mark(): Promise<Date> {
    const { rows } = await sql<{ w: Date }>`SELECT ledger_marks_fill() AS w`.execute(this.db);
    const w = rows[0]?.w;
    if (!w) throw new Error('ledger_marks_fill returned nothing');
    return w;
  }

  /**
   * The nearest mark of hour `hour` (closed or open) at or before its row `skip` (newest first) for filter `f`: how
   * many of the hour's rows come before the marked transaction's, and that transaction (its time as the database's
   * text, to the microsecond). A mark holds the rows at or older than its transaction (decision 0092): those before
   * it newest first are the hour's rows, from its rollup or the writers' live figures in this one statement, less
   * that. Null when the hour has none there, or the filter is not one marks are kept for (an asset, and at most a
   * source and a side: decision 0090).
   */
  async markBefore(
    f: LedgerFilter,
    hour: Date,
    skip: number,
  ): Promise<{ position: number; createdAt: string; transactionId: string } | null> {
    if (!f.asset || f.income || f.incomeOrCredit) return null;
    const side = f.credit === undefined ? '' : f.credit ? 'credit' : 'debit';
    const { rows } = await sql<{ at: string; created_at: string; transaction_id: string }>`
      WITH h AS (
        SELECT sum(x.entries) AS entries FROM ledger_hours(${hour}, ${new Date(hour.getTime() + 3_600_000)}) x
        WHERE ${ledgerWhere(f, false)}
      )
      SELECT (h.entries - m.through)::text AS at, m.created_at::text AS created_at,
             m.transaction_id::text AS transaction_id
      FROM h JOIN ledger_marks m
        ON m.period = ${hour} AND m.asset = ${f.asset} AND m.source = ${f.source ?? ''} AND m.side = ${side}
       AND m.through >= h.entries - ${skip}
      ORDER BY m.through LIMIT 1`.execute(this.reads);
    const m = rows[0];
    return m ? { position: Number(m.at), createdAt: m.created_at, transactionId: m.transaction_id } : null;
  }

  /** Registrations, completed deposits and withdrawals of [from, to) per period, newest first. */
  async activity(from?: Date, to?: Date): Promise<ActivityBucket[]> {
    const parts = split(from, to, await this.closedUntil());
    const { rows } = await sql<ActivityBucket>`
      SELECT x.grain, x.period, x.registrations, x.deposits, x.withdrawals
      FROM activity_rollups x WHERE ${closedRows(parts)}
      UNION ALL
      SELECT 'live', y.period, sum(y.registrations)::bigint, sum(y.deposits)::bigint, sum(y.withdrawals)::bigint
      FROM (
        SELECT date_trunc('hour', u.created_at, 'UTC') AS period, count(*) AS registrations, 0 AS deposits, 0 AS withdrawals
        FROM users u WHERE u.role = 'user' AND ${liveRange(sql`u.created_at`, parts.live)} GROUP BY 1
        UNION ALL
        SELECT date_trunc('hour', d.decided_at, 'UTC'), 0, sum(d.credited_amount), 0
        FROM deposits d WHERE d.status = 'complete' AND ${liveRange(sql`d.decided_at`, parts.live)} GROUP BY 1
        UNION ALL
        SELECT date_trunc('hour', w.decided_at, 'UTC'), 0, 0, sum(w.net)
        FROM withdrawals w WHERE w.status = 'complete' AND ${liveRange(sql`w.decided_at`, parts.live)} GROUP BY 1
      ) y
      GROUP BY 1, 2
      ORDER BY 2 DESC`.execute(this.reads);
    return rows;
  }

  /**
   * The running member counts: the sum of the tally rows (a starting row and one delta per change). When
   * the deltas pile up, one reader folds them into a single row (others go on reading).
   */
  async tally(): Promise<Tally> {
    const { rows } = await sql<{
      users: bigint;
      members: bigint;
      active: bigint;
      blocked: bigint;
      invested: bigint;
      n: bigint;
    }>`
      SELECT coalesce(sum(users), 0)::bigint AS users, coalesce(sum(members), 0)::bigint AS members,
             coalesce(sum(active), 0)::bigint AS active, coalesce(sum(blocked), 0)::bigint AS blocked,
             coalesce(sum(invested), 0)::bigint AS invested, count(*) AS n
      FROM member_tally`.execute(this.reads);
    const r = rows[0];
    if (!r) throw new Error('member_tally returned nothing');
    if (r.n > 500n) await this.foldTally();
    return {
      users: Number(r.users),
      members: Number(r.members),
      active: Number(r.active),
      blocked: Number(r.blocked),
      invested: r.invested,
    };
  }

  /** Replaces the tally rows this transaction sees by their sum (rows added meanwhile stay as they are). */
  async foldTally(): Promise<void> {
    await sql`
      WITH go AS (SELECT pg_try_advisory_xact_lock(727020) AS ok),
      gone AS (DELETE FROM member_tally WHERE (SELECT ok FROM go) RETURNING *)
      INSERT INTO member_tally (users, members, active, blocked, invested)
      SELECT sum(users), sum(members), sum(active), sum(blocked), sum(invested) FROM gone HAVING count(*) > 0`.execute(
      this.db,
    );
  }
}
