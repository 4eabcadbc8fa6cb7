import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Decision 0056: `npm start` (node on apps/api/dist/main.js) as a person runs it in a terminal, with the demo and the
 * jobs: it listens on this machine only, and Ctrl-C (SIGINT to the whole process group, the embedded PostgreSQL
 * included) stops it with a line saying so: no stack trace, no lost-connection warning, exit status 0.
 */
const api = path.resolve(import.meta.dirname, '..');
let dataDir = '';
let child: ChildProcess | undefined;

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(api, 'scripts/build.mjs'), '--if-stale'], { stdio: 'ignore' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-stop-'));
});
afterAll(async () => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Local addresses listening on `port` (hex of /proc/net/tcp: 0100007F is 127.0.0.1, 00000000 every interface). */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A')
    .map((f) => f[1]?.split(':')[0] ?? '');
}

describe('npm start in a terminal', () => {
  it('listens on 127.0.0.1 by default and stops on Ctrl-C without stack traces', async () => {
    // Its own process group, as a terminal's foreground job: Ctrl-C signals every process in it.
    child = spawn(process.execPath, ['--enable-source-maps', path.join(api, 'dist/main.js')], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', MAIL_CATCHER: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000);
      child?.stdout?.on('data', () => {
        const m = /running at (http:\/\/\S+)/.exec(output);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      void exited.then((code) => reject(new Error(`exited (${code}) before listening:\n${output}`)));
    });
    const port = Number(new URL(base).port);
    expect(listeners(port)).toEqual(['0100007F']);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)).status).toBe(200);
    // The jobs run at start; requests in flight while the signal comes.
    const busy = Array.from({ length: 20 }, () =>
      fetch(`http://127.0.0.1:${port}/api/v1/proof`).catch(() => undefined),
    );
    const before = output.length;
    process.kill(-(child.pid as number), 'SIGINT');
    await Promise.all(busy);
    const code = await exited;
    const stop = output.slice(before);
    expect(stop).toContain('SIGINT: stopping');
    expect(stop).not.toMatch(/^\s+at /m);
    expect(stop).not.toContain('DatabaseConnectError');
    expect(stop).not.toContain('lost its database connection');
    expect(stop).not.toContain('"level":50');
    expect(code, stop).toBe(0);
  }, 240_000);
});
