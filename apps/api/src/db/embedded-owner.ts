import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** `<dataDir>/owner.lock`: which Node process owns the folder's PostgreSQL. */
export const OWNER_FILE = 'owner.lock';

export const isCode = (err: unknown, code: string) =>
  (err as NodeJS.ErrnoException | undefined)?.code === code;

// ---- Which process is alive -------------------------------------------------------------------

/** A process as the kernel knows it: a pid alone may be reused after the process ends or a reboot. */
export type ProcessIdentity = { pid: number; boot: string; started: string };

export const readProc = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/** The identity of a running process, or undefined when no such process runs (a zombie is not running). */
export async function processIdentity(pid: number): Promise<ProcessIdentity | undefined> {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  const stat = await readProc(`/proc/${pid}/stat`);
  if (stat !== undefined) {
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses; field 22 is the start time.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
    const boot = (await readProc('/proc/sys/kernel/random/boot_id'))?.trim() ?? '';
    return { pid, boot, started: fields[19] ?? '' };
  }
  if (existsSync('/proc/self/stat')) return undefined; // Linux without that pid
  try {
    process.kill(pid, 0);
  } catch (err) {
    if (!isCode(err, 'EPERM')) return undefined;
  }
  return { pid, boot: '', started: '' };
}

export const sameProcess = (a: ProcessIdentity, b: ProcessIdentity) =>
  a.pid === b.pid && a.boot === b.boot && a.started === b.started;

// ---- One owner per data folder ----------------------------------------------------------------

async function readOwner(file: string): Promise<ProcessIdentity | undefined> {
  const text = await readFile(file, 'utf8').catch((err) => {
    if (isCode(err, 'ENOENT')) return undefined;
    throw err;
  });
  if (text === undefined) return undefined;
  try {
    const o = JSON.parse(text) as Partial<ProcessIdentity>;
    return { pid: Number(o.pid), boot: String(o.boot ?? ''), started: String(o.started ?? '') };
  } catch {
    return { pid: 0, boot: '', started: '' }; // unreadable: nobody alive wrote it
  }
}

/**
 * Makes this process the owner of `dataDir`, or refuses when a live process owns it. A dead owner's
 * record is removed under a short mutex (a folder made with mkdir), so of two processes taking over
 * at once only one succeeds; the record is created whole with link(), never seen half written.
 */
export async function takeOwnership(
  dataDir: string,
): Promise<{ release: () => Promise<void>; held: () => Promise<boolean> }> {
  const me = await processIdentity(process.pid);
  if (!me) throw new Error('Cannot identify this process');
  const file = path.join(dataDir, OWNER_FILE);
  const mutex = `${file}.takeover`;
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 400; attempt++) {
      try {
        await link(draft, file);
        return {
          release: () => releaseOwnership(file, me),
          // Whether the record still names this process (the watchdog restarts PostgreSQL only then).
          held: async () => {
            const owner = await readOwner(file);
            return owner !== undefined && sameProcess(owner, me);
          },
        };
      } catch (err) {
        if (!isCode(err, 'EEXIST')) throw err;
      }
      const owner = await readOwner(file);
      if (!owner) continue;
      const live = await processIdentity(owner.pid);
      if (live && sameProcess(live, owner)) {
        throw new Error(
          `Another SocialGenX server (pid ${owner.pid}) is using ${dataDir}. Stop it or choose another DATA_DIR.`,
        );
      }
      if (await lockMutex(mutex)) {
        try {
          const again = await readOwner(file);
          if (again && sameProcess(again, owner)) await unlink(file).catch(() => undefined);
        } finally {
          await rmdir(mutex).catch(() => undefined);
        }
      } else {
        await sleep(50);
      }
    }
    throw new Error(`Could not take ownership of ${dataDir}`);
  } finally {
    await rm(draft, { force: true });
  }
}

/** The takeover mutex; one left by a process that died while holding it (a few ms) expires after 10 s. */
async function lockMutex(dir: string): Promise<boolean> {
  try {
    await mkdir(dir);
    return true;
  } catch (err) {
    if (!isCode(err, 'EEXIST')) throw err;
    const age = await stat(dir).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (age > 10_000) await rmdir(dir).catch(() => undefined);
    return false;
  }
}

async function releaseOwnership(file: string, me: ProcessIdentity): Promise<void> {
  const owner = await readOwner(file);
  if (owner && sameProcess(owner, me)) await unlink(file).catch(() => undefined);
}
