import { sql } from 'kysely';
import type { Db } from '..';

const HOUR_MS = 3_600_000;
/** Each simulated day's actions are spread over its business hours, 08:00 to 20:00 local time. */
const DAY_OPENS_AT = '08:00';
const DAY_SPAN_MS = 12 * HOUR_MS;

/** Tables whose timestamps are not history: the rollups are rebuilt from the moved rows afterwards. */
const NOT_HISTORY = new Set([
  'ledger_rollups',
  'activity_rollups',
  'ledger_rollup_live',
  'rollup_state',
  'ledger_marks',
  'ledger_marks_counted',
  'ledger_marks_state',
  'ledger_memo_pieces',
  'ledger_memo_pieces_state',
  'rate_limits',
  'schema_migrations',
]);

/**
 * The append-only guards the demo's backdating lifts, as the tables' owner, for its one transaction at install
 * (the app's role can neither disable them nor change these rows).
 */
const LEDGER_GUARDS = [
  ['ledger_transactions', 'ledger_transactions_append_only'],
  // A transaction's key carries its time (decision 0097): it moves with it.
  ['ledger_transaction_keys', 'ledger_transaction_keys_append_only'],
  // Entries carry their transaction's time (migration 0062): both move by the same map.
  ['ledger_entries', 'ledger_entries_append_only'],
  ['audit_log', 'audit_log_immutable'],
  // A rule version made while the demo is played is in force from its simulated day (decision 0070).
  ['rule_versions', 'rule_versions_append_only'],
] as const;

/**
 * The demo's month in the past (docs/decisions/0022-demo-history.md). The services stamp their rows
 * with the time they run, so the seed runs day after day of history in a few seconds of real time,
 * marking the database clock where each simulated day begins; `moveBack` then maps every timestamp
 * written in that run from its real moment to its simulated day (order kept, spread over the day's
 * business hours), and the reports' rollups are rebuilt from the moved rows.
 */
export class HistoryClock {
  private readonly marks: Date[] = [];

  private constructor(
    private readonly db: Db,
    /** The start of each simulated day's business hours, oldest first; the last day is yesterday. */
    readonly dayOpens: Date[],
  ) {}

  static async start(db: Db, days: number, timeZone: string): Promise<HistoryClock> {
    const { rows } = await sql<{ opens: Date }>`
      SELECT ((now() AT TIME ZONE ${timeZone})::date - k + ${DAY_OPENS_AT}::time) AT TIME ZONE ${timeZone} AS opens
      FROM generate_series(${days}::int, 1, -1) AS k`.execute(db);
    return new HistoryClock(
      db,
      rows.map((r) => r.opens),
    );
  }

  get days(): number {
    return this.dayOpens.length;
  }

  /** A moment of simulated day `day`, `hours` after its business hours open (the ROI service's clock). */
  at(day: number, hours: number): Date {
    const opens = this.dayOpens[day];
    if (!opens) throw new Error(`No simulated day ${day}`);
    return new Date(opens.getTime() + hours * HOUR_MS);
  }

  /** Marks the real moment simulated day `day` begins (once); call it before that day's first action. */
  async beginDay(day: number): Promise<void> {
    if (day < this.marks.length) return;
    if (day !== this.marks.length) throw new Error('Simulated days begin in order');
    this.marks.push(await this.dbClock());
  }

  private async dbClock(): Promise<Date> {
    const { rows } = await sql<{ t: Date }>`SELECT clock_timestamp() AS t`.execute(this.db);
    const t = rows[0]?.t;
    if (!t) throw new Error('No clock');
    return t;
  }

  /**
   * Moves every timestamp written since the first day began back to its simulated day, in one
   * transaction, then starts the rollups over at the first day. The ledger's append-only triggers are
   * disabled for this transaction only, as the tables' owner (the session user, not the app role);
   * nothing but timestamps changes, so balances and the reconciliation stand as they were.
   */
  async moveBack(): Promise<void> {
    if (this.marks.length !== this.days) throw new Error('Every simulated day must have begun');
    const end = await this.dbClock();
    const spans = this.marks.map((from, i) => {
      const to = this.marks[i + 1] ?? end;
      return {
        from,
        to,
        opens: this.at(i, 0),
        factor: DAY_SPAN_MS / Math.max(1, to.getTime() - from.getTime()),
      };
    });
    const first = this.dayOpens[0];
    if (!first) return;
    await this.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL ROLE NONE`.execute(tx);
      await sql`CREATE TEMP TABLE demo_days (real_from timestamptz, real_to timestamptz, opens timestamptz, factor float8) ON COMMIT DROP`.execute(
        tx,
      );
      await sql`INSERT INTO demo_days
        SELECT * FROM unnest(${spans.map((s) => s.from)}::timestamptz[], ${spans.map((s) => s.to)}::timestamptz[],
                             ${spans.map((s) => s.opens)}::timestamptz[], ${spans.map((s) => s.factor)}::float8[])`.execute(
        tx,
      );
      for (const [table, trigger] of LEDGER_GUARDS)
        await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.ref(trigger)}`.execute(tx);
      const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
        SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
          AND c.data_type = 'timestamp with time zone'
        ORDER BY 1, 2`.execute(tx);
      for (const c of columns) {
        if (NOT_HISTORY.has(c.table_name)) continue;
        const col = sql.ref(`x.${c.column_name}`);
        await sql`UPDATE ${sql.table(c.table_name)} AS x
          SET ${sql.ref(c.column_name)} = d.opens + make_interval(secs => extract(epoch FROM ${col} - d.real_from) * d.factor)
          FROM demo_days d
          WHERE ${col} >= d.real_from AND ${col} < d.real_to`.execute(tx);
      }
      for (const [table, trigger] of LEDGER_GUARDS)
        await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.ref(trigger)}`.execute(tx);
      // A plan's end was reckoned from the real day it was bought.
      await sql`UPDATE member_plans m SET ends_at = m.started_at + make_interval(days => p.plan_period)
        FROM plans p WHERE p.id = m.plan_id AND m.started_at < ${end}`.execute(tx);
      // As if no hour had been closed yet (reports/history.fixture.ts resetRollups does the same for tests).
      await sql`DELETE FROM ledger_rollups`.execute(tx);
      await sql`DELETE FROM activity_rollups`.execute(tx);
      await sql`UPDATE rollup_state SET closed_until = date_trunc('day', ${first}::timestamptz, 'UTC') WHERE name = 'hourly'`.execute(
        tx,
      );
      await sql`SELECT rollup_live_rebuild(date_trunc('day', ${first}::timestamptz, 'UTC'))`.execute(tx);
      // The busy hours' marks (decision 0090), made again by the `ledger-marks-minutely` job.
      await sql`SELECT ledger_marks_restart(date_trunc('day', ${first}::timestamptz, 'UTC'))`.execute(tx);
      // The memos' pieces (decision 0091), cut again by the `ledger-memo-pieces-minutely` job.
      await sql`SELECT ledger_memo_pieces_restart()`.execute(tx);
    });
    // The month's closed hours, now rather than on the first dashboard read.
    await sql`SELECT rollup_fill(now() - interval '10 minutes')`.execute(this.db);
  }
}
