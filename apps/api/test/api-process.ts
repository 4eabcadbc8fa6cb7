import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { urlOf } from '../src/db/embedded-password';

/**
 * The production start (`npm start` runs node on apps/api/dist/main.js) as real processes on one data folder made
 * for the suite: started, killed with -9 or stopped, started again. Shared by the crash tests.
 */
export type ApiServer = { child: ChildProcess; base: string; output: () => string };

export function apiProcessSuite(prefix: string) {
  const api = path.resolve(import.meta.dirname, '..');
  const state = { dataDir: '' };
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(api, 'scripts/build.mjs'), '--if-stale'], { stdio: 'ignore' });
    state.dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const pid of postmasters()) process.kill(pid, 'SIGQUIT');
    await rm(state.dataDir, { recursive: true, force: true });
  });

  /** Starts the API on the suite's data folder; resolves once it listens and is ready. */
  async function startApi(env: Record<string, string> = {}): Promise<ApiServer> {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(api, 'dist/main.js')], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: state.dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        RUN_JOBS: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
      child.stdout?.on('data', () => {
        const m = /running at (http:\/\/\S+)/.exec(output);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited (${code}) before listening:\n${output}`));
      });
    });
    const ready = await fetch(`${base}/api/v1/health/ready`);
    expect(ready.status).toBe(200);
    return { child, base, output: () => output };
  }

  /** Postmasters running on this data folder (their backends' command lines do not carry -D). */
  function postmasters(): number[] {
    if (!state.dataDir) return [];
    const target = path.join(state.dataDir, 'pg');
    return readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
          if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
          const argv = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
          return argv[argv.indexOf('-D') + 1] === target && path.basename(argv[0] ?? '') === 'postgres';
        } catch {
          return false;
        }
      })
      .map(Number);
  }

  /** The superuser's URL of the running embedded PostgreSQL (its port from postmaster.pid). */
  function ownerUrl(): string {
    const port = Number(
      readFileSync(path.join(state.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3],
    );
    const password = readFileSync(path.join(state.dataDir, 'pg-password'), 'utf8').trim();
    return urlOf(port, password, 'socialgenx');
  }

  return { startApi, postmasters, ownerUrl, dataDir: () => state.dataDir };
}
