import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux almost everywhere). */
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type Stat = { ppid: number; self: number; children: number };

/** utime + stime (the process) and cutime + cstime (its reaped children), in ms; undefined once it is gone. */
function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ms = (i: number) => (Number(f[i]) * 1000) / TICKS;
    return { ppid: Number(f[1]), self: ms(11) + ms(12), children: ms(13) + ms(14) };
  } catch {
    return undefined;
  }
}

/** CPU ms a process has used so far (its own threads only). */
export function processCpuMs(pid: number): number {
  return stat(pid)?.self ?? 0;
}

/**
 * CPU ms a PostgreSQL server has used so far: the postmaster, every live child (backends, walwriter,
 * checkpointer...) and every child already gone (a backend's time moves into the postmaster's children's time
 * when it exits, so a before/after difference counts the connections that closed in between).
 */
export function postgresCpuMs(postmasterPid: number): number {
  const main = stat(postmasterPid);
  if (!main) return 0;
  const total = main.self + main.children;
  let live = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.ppid === postmasterPid) {
      live += s.self + s.children;
    }
  }
  return total + live;
}

/**
 * Waits (up to 3 s) until no child of the postmaster is ending (a zombie, or gone from /proc between two reads):
 * a backend's time moves into the postmaster's children's time only once it has been reaped.
 */
export async function settled(postmasterPid: number): Promise<void> {
  const children = () => {
    const out: string[] = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const text = readFileSync(`/proc/${name}/stat`, 'utf8');
        const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
        if (Number(f[1]) === postmasterPid) out.push(`${name}:${f[0]}`);
      } catch {}
    }
    return out.sort().join(',');
  };
  const until = Date.now() + 3000;
  let before = children();
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    const now = children();
    if (now === before && !now.includes(':Z')) return;
    before = now;
  }
}

/** The postmaster's pid of an embedded PostgreSQL whose folder is `dir` (its postmaster.pid, found below it). */
export function postmasterPidIn(dir: string): number {
  const find = (d: string, depth: number): string | undefined => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isFile() && e.name === 'postmaster.pid') return path.join(d, e.name);
      if (e.isDirectory() && depth > 0) {
        const found = find(path.join(d, e.name), depth - 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  const file = find(dir, 2);
  if (!file) throw new Error(`no postmaster.pid under ${dir}`);
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

/** CPU used by PostgreSQL, the app and this process between `start()` and the returned `stop()`, in ms. */
export function cpuMeter(o: { postmaster: number; app?: number }) {
  const read = () => ({
    pg: postgresCpuMs(o.postmaster),
    app: o.app === undefined ? 0 : processCpuMs(o.app),
    load: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  return {
    start() {
      const before = read();
      return () => {
        const after = read();
        return { pg: after.pg - before.pg, app: after.app - before.app, load: after.load - before.load };
      };
    },
  };
}
export type CpuUse = { pg: number; app: number; load: number };
