import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type Running, startServer } from '../server';
import { APP_PASSWORD_FILE } from './embedded-password';

// `npm start`'s embedded PostgreSQL dies under the running app (kill -9, or stopped by hand): the
// app starts it again on the same port and folder, and is ready again without being restarted.

let dataDir: string;
let running: Running | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-watchdog-'));
  running = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      RUN_JOBS: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    }),
  );
}, 120_000);
afterAll(async () => {
  await running?.close().catch(() => undefined);
  const left = postmaster();
  if (left) process.kill(left.pid, 'SIGQUIT');
  await rm(dataDir, { recursive: true, force: true });
});

/** The running postmaster of the folder (pid and port from postmaster.pid), if its process lives. */
function postmaster(): { pid: number; port: number } | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const [pid, , , port] = readFileSync(file, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch {
    return undefined;
  }
  return { pid: Number(pid), port: Number(port) };
}

const readiness = async () =>
  (await fetch(`${running?.url}/api/v1/health/ready`).catch(() => undefined))?.status ?? 0;

/** Polls until `check` holds; returns the milliseconds it took. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

describe('the embedded PostgreSQL under a running app', () => {
  it('keeps the app role password beside the superuser one, readable by its owner only', async () => {
    expect((await stat(path.join(dataDir, APP_PASSWORD_FILE))).mode & 0o777).toBe(0o600);
  });

  it('is started again after kill -9, on the same port, and readiness comes back', async () => {
    expect(await readiness()).toBe(200);
    const before = postmaster();
    if (!before) throw new Error('no postmaster');
    process.kill(before.pid, 'SIGKILL');
    await until(async () => (await readiness()) === 503, 'readiness to say the database is gone', 10_000);
    await until(async () => (await readiness()) === 200, 'readiness to come back', 30_000);
    const after = postmaster();
    expect(after?.port).toBe(before.port);
    expect(after?.pid).not.toBe(before.pid);
    expect((await fetch(`${running?.url}/api/v1/health/live`)).status).toBe(200);
  }, 60_000);

  it('is started again after a clean stop by hand, and stopped for good when the app stops', async () => {
    const before = postmaster();
    if (!before) throw new Error('no postmaster');
    process.kill(before.pid, 'SIGINT'); // pg_ctl stop -m fast
    await until(() => postmaster()?.pid !== before.pid, 'the postmaster to stop', 15_000);
    await until(async () => (await readiness()) === 200, 'readiness to come back', 30_000);
    expect(postmaster()?.pid).not.toBe(before.pid);

    await running?.close();
    running = undefined;
    expect(postmaster()).toBeUndefined();
    // Not started again behind the stopping app.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(postmaster()).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);
  }, 60_000);
});
