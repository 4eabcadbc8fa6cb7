import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The production start (`npm start` runs node on apps/api/dist/main.js) as a real process: killed
 * with -9 and started again on the same data folder, then stopped with SIGTERM.
 */
const api = path.resolve(import.meta.dirname, '..');
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  execFileSync(process.execPath, [path.join(api, 'scripts/build.mjs'), '--if-stale'], { stdio: 'ignore' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-crash-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of postmasters()) process.kill(pid, 'SIGQUIT');
  await rm(dataDir, { recursive: true, force: true });
});

type Server = { child: ChildProcess; base: string; output: () => string };

async function startApi(env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(api, 'dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
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
  if (!dataDir) return [];
  const target = path.join(dataDir, 'pg');
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

const member = {
  fullname: 'Riya Sharma',
  email: 'riya.crash@example.com',
  phone: '9876543210',
  password: 'Saffron-Kettle-58',
  confirmPassword: 'Saffron-Kettle-58',
  referralBy: '',
};

const signIn = (base: string) =>
  fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });

describe('the API process after kill -9 and on SIGTERM', () => {
  it('starts again on the same data folder after kill -9, with its data and one PostgreSQL', async () => {
    const first = await startApi();
    const registered = await fetch(`${first.base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(member),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const [left] = postmasters();
    expect(postmasters()).toHaveLength(1);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    // The dead owner's PostgreSQL keeps running alone.
    expect(postmasters()).toEqual([left]);

    const second = await startApi();
    expect((await signIn(second.base)).status).toBe(200);
    const now = postmasters();
    expect(now).toHaveLength(1);
    expect(now).not.toContain(left);

    const stopped = once(second.child, 'exit');
    second.child.kill('SIGTERM');
    const [code] = await stopped;
    expect(code, second.output()).toBe(0);
    expect(postmasters()).toEqual([]);
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);
  }, 120_000);

  it('on SIGTERM finishes a request in flight (jobs running), then exits 0 with PostgreSQL stopped', async () => {
    const server = await startApi({ RUN_JOBS: 'true' });
    const body = JSON.stringify({ email: member.email, password: member.password });
    const url = new URL(`${server.base}/api/v1/auth/signin`);
    // The request has arrived (headers sent) but not ended when the signal comes.
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));
    const stopped = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.child.exitCode).toBeNull(); // still waiting for the request
    req.end(body.slice(10));
    const res = await response;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).auth.token).toEqual(expect.any(String));
    const [code] = await stopped;
    expect(code, server.output()).toBe(0);
    expect(postmasters()).toEqual([]);
  }, 120_000);

  it('exits at once on a second signal while a request still holds the stop, and starts again after', async () => {
    const server = await startApi();
    const url = new URL(server.base);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: '/api/v1/auth/signin',
      method: 'POST',
    });
    req.on('error', () => undefined);
    req.setHeader('content-length', '100');
    req.write('{');
    await new Promise((r) => setTimeout(r, 300));
    const stopped = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    const [code] = await stopped;
    expect(code).toBe(1);
    req.destroy();
    const again = await startApi();
    expect((await signIn(again.base)).status).toBe(200);
    const exited = once(again.child, 'exit');
    again.child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
    expect(postmasters()).toEqual([]);
  }, 120_000);
});
