import { execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isCode, type ProcessIdentity, processIdentity, readProc, sameProcess } from './embedded-owner';

// ---- A PostgreSQL left running by a dead owner ------------------------------------------------

/** The command line of a running process (Linux /proc, else `ps`). */
async function commandLine(pid: number): Promise<string[]> {
  const proc = await readProc(`/proc/${pid}/cmdline`);
  if (proc !== undefined) return proc.split('\0').filter(Boolean);
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
  } catch {
    return [];
  }
}

/** Whether `pid` is a postmaster serving `databaseDir` (not another program that reused the pid). */
async function isPostmasterOf(pid: number, databaseDir: string): Promise<boolean> {
  const argv = await commandLine(pid);
  const dataArg = argv.indexOf('-D');
  return (
    path.basename(argv[0] ?? '') === 'postgres' &&
    dataArg > 0 &&
    path.resolve(argv[dataArg + 1] ?? '') === path.resolve(databaseDir)
  );
}

/**
 * The Node process a postmaster still runs under, if any: a server that predates owner records (or
 * whose record was deleted) is alive and must not lose its database. An orphan's parent is init.
 */
async function liveNodeParent(pid: number): Promise<number | undefined> {
  const stat = await readProc(`/proc/${pid}/stat`);
  const parent = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!(parent > 1) || !(await processIdentity(parent))) return undefined;
  const argv = await commandLine(parent);
  return /^node(\.exe)?$|^nodejs$/.test(path.basename(argv[0] ?? '')) ? parent : undefined;
}

async function waitForExit(identity: ProcessIdentity, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const now = await processIdentity(identity.pid);
    if (!now || !sameProcess(now, identity)) return true;
    await sleep(100);
  }
  return false;
}

/**
 * Called by the owner before starting PostgreSQL on an existing folder. A postmaster.pid whose process
 * is gone (a crash, a reboot, a pid reused by another program) is removed; a PostgreSQL still running
 * on this folder was left by a dead owner (we hold the folder now): it is stopped with a fast shutdown
 * (active transactions rolled back, a checkpoint written), or an immediate one if that hangs.
 */
export async function stopLeftoverPostgres(databaseDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const text = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const pid = Number(text.split('\n')[0]);
  const running = await processIdentity(pid);
  if (!running || !(await isPostmasterOf(pid, databaseDir))) {
    await rm(pidFile, { force: true });
    return;
  }
  const parent = await liveNodeParent(pid);
  if (parent) {
    throw new Error(
      `Another SocialGenX server (pid ${parent}) is using ${databaseDir}. Stop it or choose another DATA_DIR.`,
    );
  }
  log(`stopping the PostgreSQL (pid ${pid}) left running on ${databaseDir} by a server that ended`);
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch (err) {
      if (isCode(err, 'ESRCH')) return;
      throw new Error(`Cannot stop the PostgreSQL (pid ${pid}) left running on ${databaseDir}: ${err}`);
    }
    if (await waitForExit(running, ms)) return;
  }
  throw new Error(`The PostgreSQL (pid ${pid}) left running on ${databaseDir} does not stop`);
}
