import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { connect, type Database, type Db } from './index';
import type { DB } from './schema';

/**
 * Reads on streaming replicas (decision 0080). `reads` is a Kysely whose every connection is taken, at the
 * moment a query needs one, from a replica that is fresh enough, or else from the primary:
 *
 * - fresh enough means: the replica answers, and it has replayed everything the primary had written `maxLagMs` ago
 *   (a replica further behind, or down, is skipped: no error to anyone, a warning in the log and in /health/ready);
 * - and, where the caller wrote a moment ago (`readContext`: the member's or admin's last write, the cut-off a job
 *   reads up to), everything the primary had written when that write was answered. Until then that caller reads on
 *   the primary: a member who has just transferred sees the transfer at once.
 *
 * How far a replica is: each round (`check`, every `checkEveryMs`) notes the time and then the primary's WAL
 * position; a replica whose replayed position has reached a noted position holds every commit made before that
 * noted time. A primary with nothing new to write leaves a paused replica caught up, which it is.
 *
 * A replica lost in the middle of a read (stopped, restarted, a query cancelled by a recovery conflict) does not fail
 * the read: the statement goes again on the primary (outside a transaction; a read-only statement can be repeated),
 * and the replica is marked down until a round finds it back.
 */

/** What a read must include: every commit answered before `after` (ms since the epoch, this process's clock). */
export type ReadFreshness = { after: () => number | undefined };

export const readContext = new AsyncLocalStorage<ReadFreshness>();

/** Runs `work` with its reads on the router's `reads` holding every commit made before `after`. */
export function readingAfter<T>(after: number | undefined, work: () => Promise<T>): Promise<T> {
  return readContext.run({ after: () => after }, work);
}

export type ReplicaHealth = {
  name: string;
  state: 'ok' | 'lagging' | 'down';
  /** How far behind the primary it was at the last round (ms); null when it could not be asked. */
  lag_ms: number | null;
  /** Reads it served since the process started. */
  reads: number;
};

export type ReadRouterOptions = {
  /** A replica further behind than this is skipped. */
  maxLagMs: number;
  /** How often the replicas are asked how far they are. */
  checkEveryMs: number;
  /** Said when a replica starts being skipped, and when it is used again. */
  warn: (facts: Record<string, unknown>, message: string) => void;
  info?: (facts: Record<string, unknown>, message: string) => void;
};

type Sample = { at: number; lsn: bigint };

type Replica = {
  name: string;
  database: Database;
  state: 'ok' | 'lagging' | 'down';
  lagMs: number | null;
  /** Every commit answered before this time (ms) has been replayed by it. */
  holdsBefore: number;
  reads: number;
};

/** A WAL position ('16/B374D848') as a number. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi ?? '0'}`) << 32n) + BigInt(`0x${lo ?? '0'}`);
}

/** SQLSTATE classes of a lost or refused connection, and a query cancelled by recovery on a standby. */
const REPEATABLE_ON_PRIMARY = /^(08|57P0[1-4]|40001|53300)/;

/** Whether a failed read is the replica's fault (and may be repeated on the primary). */
export function replicaFault(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return REPEATABLE_ON_PRIMARY.test(code) || /^E[A-Z]+$/.test(code);
  // node-postgres' own errors for a connection that ended have no SQLSTATE.
  return (
    err instanceof Error &&
    /Connection terminated|connection.*(ended|closed)|not queryable/i.test(err.message)
  );
}

export class ReadRouter {
  /** The routed Kysely: for reads only (lists, searches, reports, statements, exports, proofs). */
  readonly reads: Db;
  private readonly replicas: Replica[];
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private next = 0;

  constructor(
    private readonly primary: Database,
    replicas: { name: string; database: Database }[],
    private readonly o: ReadRouterOptions,
  ) {
    this.replicas = replicas.map((r) => ({
      ...r,
      state: 'down',
      lagMs: null,
      holdsBefore: Number.NEGATIVE_INFINITY,
      reads: 0,
    }));
    const pool: PostgresPool = {
      connect: () => this.connection(),
      end: async () => undefined,
    };
    this.reads = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }

  /** Asks the replicas now, then every `checkEveryMs`. */
  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.o.checkEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.round?.catch(() => undefined);
    await Promise.all(this.replicas.map((r) => r.database.close().catch(() => undefined)));
  }

  /** One round: the primary's position now, then each replica's replayed position. */
  check(): Promise<void> {
    this.round ??= this.checkOnce().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  /**
   * Waits, up to `waitMs`, until a replica in use holds every commit answered before `after` (asking the replicas
   * meanwhile); false when none does by then.
   */
  async holding(after: number, waitMs: number): Promise<boolean> {
    const until = Date.now() + waitMs;
    for (;;) {
      if (this.replicas.some((r) => r.state === 'ok' && r.holdsBefore > after)) return true;
      if (Date.now() >= until) return false;
      await this.check();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * `work` on the reads, holding every commit answered before `after`: on a replica once one holds it (waited for
   * up to `waitMs`: a job's large read is worth a moment), else on the primary.
   */
  async readFresh<T>(
    after: number,
    work: (db: Db) => Promise<T>,
    waitMs = 2 * this.o.checkEveryMs + 500,
  ): Promise<T> {
    await this.holding(after, waitMs);
    return readingAfter(after, () => work(this.reads));
  }

  health(): ReplicaHealth[] {
    return this.replicas.map((r) => ({ name: r.name, state: r.state, lag_ms: r.lagMs, reads: r.reads }));
  }

  private async checkOnce(): Promise<void> {
    const at = Date.now();
    try {
      const { rows } = await this.primary.pool.query<{ lsn: string }>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      const lsn = rows[0]?.lsn;
      if (lsn) this.samples.push({ at, lsn: lsnValue(lsn) });
    } catch {
      // The primary is down: the replicas' answers can still be weighed against the positions noted before.
    }
    // Positions older than twice the allowed lag tell nothing more: a replica behind them all is too far anyway.
    const keepAfter = at - 2 * this.o.maxLagMs - 2 * this.o.checkEveryMs;
    while (this.samples.length > 2 && (this.samples[0]?.at ?? at) < keepAfter) this.samples.shift();
    await Promise.all(this.replicas.map((r) => this.ask(r)));
  }

  private async ask(r: Replica): Promise<void> {
    let replayed: bigint | undefined;
    let reason = '';
    try {
      const { rows } = await r.database.pool.query<{ standby: boolean; replayed: string | null }>(
        'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed',
      );
      const row = rows[0];
      if (!row?.standby) reason = 'it is not a standby (promoted?)';
      else if (!row.replayed) reason = 'it has replayed nothing';
      else replayed = lsnValue(row.replayed);
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
    if (replayed === undefined) {
      r.lagMs = null;
      this.become(r, 'down', reason);
      return;
    }
    // The newest noted position the replica has reached: it holds every commit answered before that note.
    let holds: number | undefined;
    for (const s of this.samples) if (s.lsn <= replayed) holds = s.at;
    const now = Date.now();
    const oldest = this.samples[0]?.at ?? now;
    r.holdsBefore = holds ?? Number.NEGATIVE_INFINITY;
    r.lagMs = Math.max(0, now - (holds ?? oldest));
    if (holds !== undefined && holds === this.samples.at(-1)?.at) r.lagMs = 0;
    this.become(r, r.lagMs > this.o.maxLagMs ? 'lagging' : 'ok', `${r.lagMs} ms behind`);
  }

  private become(r: Replica, state: Replica['state'], reason: string): void {
    if (r.state === state) return;
    const was = r.state;
    r.state = state;
    const facts = { replica: r.name, was, now: state, lag_ms: r.lagMs };
    if (state === 'ok') this.o.info?.(facts, `Read replica ${r.name} is used again.`);
    else this.o.warn({ ...facts, reason }, `Read replica ${r.name} is skipped: ${state} (${reason}).`);
  }

  private markDown(r: Replica, err: unknown): void {
    r.lagMs = null;
    this.become(r, 'down', err instanceof Error ? err.message : String(err));
  }

  /** The replica to read on now, for a caller whose reads must hold every commit answered before `after`. */
  private pick(after: number | undefined): Replica | undefined {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.next + i) % n];
      if (r?.state !== 'ok') continue;
      if (after !== undefined && r.holdsBefore <= after) continue;
      this.next = (this.next + i + 1) % n;
      return r;
    }
    return undefined;
  }

  private async connection(): Promise<PostgresPoolClient> {
    const r = this.pick(readContext.getStore()?.after());
    if (!r) return this.primary.pool.connect();
    let client: pg.PoolClient;
    try {
      client = await r.database.pool.connect();
    } catch (err) {
      this.markDown(r, err);
      return this.primary.pool.connect();
    }
    r.reads++;
    return this.failingOver(r, client);
  }

  /** The replica's connection, whose statement goes again on the primary when the replica is lost under it. */
  private failingOver(r: Replica, replica: pg.PoolClient): PostgresPoolClient {
    let primary: pg.PoolClient | undefined;
    let lost: Error | undefined;
    let inTransaction = false;
    const router = this;
    return {
      async query(text: unknown, values?: unknown) {
        if (primary)
          return (primary.query as (t: unknown, v: unknown) => Promise<pg.QueryResult>)(text, values);
        if (typeof text === 'string') {
          if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
          else if (/^\s*(commit|rollback|end)\b/i.test(text)) inTransaction = false;
        }
        try {
          return await (replica.query as (t: unknown, v: unknown) => Promise<pg.QueryResult>)(text, values);
        } catch (err) {
          if (inTransaction || typeof text !== 'string' || !replicaFault(err)) throw err;
          lost = err instanceof Error ? err : new Error(String(err));
          router.markDown(r, err);
          primary = await router.primary.pool.connect();
          return primary.query(text, values as unknown[]);
        }
      },
      release() {
        replica.release(lost);
        primary?.release();
      },
    } as unknown as PostgresPoolClient;
  }
}

/**
 * A large read that must hold everything committed until now (the proof's snapshot at its cut-off, the solvency
 * figures): on a replica once one holds it, else on the primary, which is also where it goes without replicas.
 */
export type FreshRead = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

export function freshReadOn(router: ReadRouter | undefined, primary: Db): FreshRead {
  return (work) => (router ? router.readFresh(Date.now(), work) : work(primary));
}

/** The name a replica is shown by (in the log and /health/ready): its host and port, never its login. */
export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/**
 * The router over the replicas at `urls` (each a pool of `poolSize`, failing fast when it cannot connect: the read
 * then goes to the primary), started: its first round is done when this returns.
 */
export async function openReadRouter(
  primary: Database,
  urls: string[],
  poolSize: number,
  options: ReadRouterOptions,
): Promise<ReadRouter> {
  const router = new ReadRouter(
    primary,
    urls.map((url) => ({
      name: replicaName(url),
      database: connect(url, poolSize, undefined, { connectionTimeoutMillis: 1_000 }),
    })),
    options,
  );
  await router.start();
  return router;
}
