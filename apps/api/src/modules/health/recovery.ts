import { sql } from 'kysely';
import { type Database, queryOnce } from '../../db';
import type { Deps } from '../../deps';

/**
 * When liveness fails (decision 0031): only when this process cannot recover by itself, so that an
 * orchestrator restarts it then, and never merely because the database is down (a restart would not
 * bring it back, and every instance would be restarted at once). Not live means: the process's own
 * pool (or its settings listener) has not worked for `stuckAfterMs`, all the while a fresh connection
 * to the same database, opened just for the check, worked. A stuck event loop answers nothing at all,
 * which the orchestrator's probe time-out counts as a failure too.
 */
export const STUCK_AFTER_MS = 20_000;

/** Each database probe of readiness and liveness answers within this time. */
export const PROBE_WITHIN_MS = 2_000;

export type RecoveryProbe = {
  /** The app's own URL: the fresh connection that tells "the database is up" from "we are stuck". */
  url: string;
  /** Whether the settings listener is listening now. */
  listening: () => boolean;
  /** Whether requests wait for a connection that still comes back (poolBusy): a slow answer is load then. */
  busy?: () => boolean;
  stuckAfterMs?: number;
};

export type Verdict = { live: true } | { live: false; reason: string };

export class RecoveryWatch {
  /** Since when the database has been reachable while this process could not use it. */
  private stuckSince: number | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly probe: RecoveryProbe,
  ) {}

  async check(): Promise<Verdict> {
    const problem = await this.ownProblem();
    if (problem === undefined) {
      this.stuckSince = undefined;
      return { live: true };
    }
    if (problem === 'busy') {
      // Connections still come back: the pool works, it is only full.
      this.stuckSince = undefined;
      return { live: true };
    }
    const reachable = await withinMs(
      queryOnce(this.probe.url, 'SELECT 1', [], PROBE_WITHIN_MS),
      PROBE_WITHIN_MS,
    ).then(
      () => true,
      () => false,
    );
    if (!reachable) {
      // The database is down: waiting for it is all that helps; the pool reconnects when it is back.
      this.stuckSince = undefined;
      return { live: true };
    }
    const now = Date.now();
    this.stuckSince ??= now;
    if (now - this.stuckSince < (this.probe.stuckAfterMs ?? STUCK_AFTER_MS)) return { live: true };
    return { live: false, reason: `${problem}, while the database accepts new connections` };
  }

  private async ownProblem(): Promise<string | undefined> {
    try {
      await withinMs(sql`SELECT 1`.execute(this.deps.db), PROBE_WITHIN_MS);
    } catch (err) {
      if (this.probe.busy?.()) return 'busy';
      return `the pool fails (${err instanceof Error ? err.message : String(err)})`;
    }
    return this.probe.listening() ? undefined : 'the settings listener does not listen';
  }
}

const watches = new WeakMap<Deps, RecoveryWatch>();

/** Liveness of the app built on `deps` follows this probe (without one it is always live). */
export function watchRecovery(deps: Deps, probe: RecoveryProbe): RecoveryWatch {
  const watch = new RecoveryWatch(deps, probe);
  watches.set(deps, watch);
  return watch;
}

export const recoveryOf = (deps: Deps): RecoveryWatch | undefined => watches.get(deps);

/** `work`, or a rejection after `ms`; the work itself goes on and its outcome is dropped. */
export function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether requests wait for a connection of `database`'s pool while connections still come back: a slow
 * answer then is load, not a fault. A pool that has given no connection back for `stuckAfterMs` is not
 * busy but stuck (every connection hangs: a peer that vanished mid-query, a leak), however many wait,
 * the liveness check's own probe included.
 */
export const poolBusy =
  (database: Database, stuckAfterMs = STUCK_AFTER_MS): (() => boolean) =>
  () =>
    database.pool.waitingCount > 0 && database.sinceProgress() < stuckAfterMs;
